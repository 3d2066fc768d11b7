// Sign-In with Ethereum (docs/behaviour.md §13), one state machine for the page's current account. Each
// state is plain JSON (Redux DevTools replays it); each event is checked here, whoever sends it (the
// sign-in sagas, DevTools, a replay), and one that does not fit the state it meets is ignored: a late
// answer about another address, a decline after a session arrived, an expiry of an older session.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { displayText } from '../src/lib/displayText';
import { isObject } from '../src/lib/guards';
import { checksumAddress, validateChainId } from '../src/lib/validation';

/** An error as the sign-in state keeps it (docs/behaviour.md §13.8): plain, bounded, shown as words. */
export interface SignInError {
  name: string;
  /** The backend's HTTP status, or a wallet's EIP-1193 code. */
  code?: number;
  message: string;
}

export type SignInState =
  /** The build has no sign-in backend (WALLETDECK_SIGN_IN_URL unset). */
  | { status: 'off' }
  /**
   * Sign-in is on; no wallet is connected. `signOutFailed`: the backend did not sign out the account
   * the user disconnected (its session may still be live), said until a retry or the next account.
   */
  | { status: 'idle'; signOutFailed?: SignOutFailure }
  /**
   * A user's connect of `kind` asks the wallet to sign in within its own approval (docs/behaviour.md
   * §13.8): until it answers, an account that becomes current waits for that answer, not for a prompt.
   */
  | { status: 'connecting'; kind: string }
  /** The backend is asked whether `address` has a live session. */
  | { status: 'checking'; address: string }
  /**
   * A nonce, the wallet's signature and the backend's check are under way. `proof`: the wallet signed
   * in within the connect's own approval (docs/behaviour.md §13.8), checked by the page; the backend's
   * check is next.
   */
  | { status: 'signingIn'; address: string; proof?: SignInProof }
  /** The backend verified a signature of `address` and keeps its session until `expiresAt`. */
  | { status: 'signedIn'; address: string; chainId: number; expiresAt: string }
  /** `address` has no session, and nothing asks the wallet until the user does ("Sign in as …"). */
  | { status: 'signedOut'; address: string }
  /** The user refused the signature in the wallet: never asked again by itself. */
  | { status: 'declined'; address: string }
  /** The wallet is on a chain the app or the backend does not allow: no signature is asked. */
  | { status: 'chainNotAllowed'; address: string; chainId: number; allowedChainIds: number[] }
  /** The backend did not answer, answered out of bounds or garbage, or said to try again (503). */
  | { status: 'unreachable'; address: string; error: SignInError }
  /** The backend or the wallet refused for another reason. */
  | { status: 'failed'; address: string; error: SignInError }
  /** The session of `address` ran out while the page was open. */
  | { status: 'expired'; address: string };

/** A signed sign-in message, as the wallet answered it at connect and the page checked it. */
export interface SignInProof {
  message: string;
  signature: string;
}

/** A Disconnect whose sign-out the backend did not do (docs/behaviour.md §13.4). */
export interface SignOutFailure {
  address: string;
  error: SignInError;
}

export type SignInStatus = SignInState['status'];

const MAX_NAME = 60;
const MAX_MESSAGE = 500;
const MAX_ALLOWED = 100;
const MAX_EXPIRES_AT = 40;
/** docs/behaviour.md §9: a sign-in message's and a signature's size, at most (as the page checks them). */
const MAX_PROOF_MESSAGE = 16_384;
const MAX_PROOF_SIGNATURE = 2 + 2 * 16_384;

function proofOf(raw: unknown): SignInProof | undefined {
  if (!isObject(raw)) return undefined;
  const { message, signature } = raw;
  return typeof message === 'string' && message.length > 0 && message.length <= MAX_PROOF_MESSAGE && typeof signature === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(signature) && signature.length <= MAX_PROOF_SIGNATURE
    ? { message, signature }
    : undefined;
}

/** A checksummed address from an event, or undefined. */
const addressOf = (payload: unknown): string | undefined => (isObject(payload) ? checksumAddress(payload['address']) : undefined);

function chainIdOf(raw: unknown): number | undefined {
  const checked = validateChainId(raw);
  return checked.ok && typeof raw === 'number' ? checked.value : undefined;
}

/** An ISO 8601 time, as the backend writes its expiries. */
function expiresAtOf(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.length <= MAX_EXPIRES_AT && /^\d{4}-\d{2}-\d{2}T/.test(raw) && Number.isFinite(Date.parse(raw)) ? raw : undefined;
}

/** An error from an event, made plain and bounded; undefined when it is not one. */
export function signInErrorOf(raw: unknown): SignInError | undefined {
  if (!isObject(raw) || typeof raw['name'] !== 'string' || typeof raw['message'] !== 'string') return undefined;
  const name = displayText(raw['name'], MAX_NAME);
  if (name === '') return undefined;
  const code = raw['code'];
  return {
    name,
    ...(typeof code === 'number' && Number.isSafeInteger(code) ? { code } : {}),
    message: displayText(raw['message'], MAX_MESSAGE),
  };
}

/** The address the state is about, if any. */
export function signInAddress(state: SignInState): string | undefined {
  return 'address' in state ? state.address : undefined;
}

const isOn = (state: SignInState) => state.status !== 'off';
/** The event is about the address the state is about, in one of `statuses`. */
const about = (state: SignInState, address: string | undefined, statuses: readonly SignInStatus[]) =>
  address !== undefined && statuses.includes(state.status) && signInAddress(state) === address;

const initialState = { status: 'off' } as SignInState;

type Payload = PayloadAction<unknown>;

export const signInSlice = createSlice({
  name: 'signIn',
  initialState,
  reducers: {
    /** The sign-in sagas found a backend configured (at start). */
    enabled(state) {
      return state.status === 'off' ? { status: 'idle' } : state;
    },
    /** The page's current account is gone (disconnected, locked, another wallet without one): a failed sign-out stays said. */
    walletGone(state) {
      // A connect that signs in within its approval is about the account to come, not the one gone.
      return isOn(state) && state.status !== 'idle' && state.status !== 'connecting' ? { status: 'idle' } : state;
    },
    /** The backend did not sign out the disconnected account: said once the page is idle (the next account's sign-in replaces it). */
    signOutFailed(state, action: Payload) {
      const address = addressOf(action.payload);
      const error = isObject(action.payload) ? signInErrorOf(action.payload['error']) : undefined;
      return state.status === 'idle' && address !== undefined && error ? { status: 'idle', signOutFailed: { address, error } } : state;
    },
    /** The user's "Try again" on a failed sign-out: an intent the sign-in saga takes; the notice goes while it asks. */
    signOutRetried(state, action: Payload) {
      const address = addressOf(action.payload);
      return state.status === 'idle' && state.signOutFailed?.address === address ? { status: 'idle' } : state;
    },
    /** The backend is asked about a connected account (a connect, an account switch, "Sign in as …"). */
    sessionCheckStarted(state, action: Payload) {
      const address = addressOf(action.payload);
      return isOn(state) && address !== undefined ? { status: 'checking', address } : state;
    },
    /** A user's connect asks the wallet to sign in within its approval (any earlier state gives way). */
    askedAtConnect(state, action: Payload) {
      const kind = isObject(action.payload) ? action.payload['kind'] : undefined;
      return isOn(state) && typeof kind === 'string' && /^[a-z]{1,40}$/.test(kind) ? { status: 'connecting', kind } : state;
    },
    /** That connect ended without a sign-in (the wallet could not, or the connect failed): as before it. */
    notSignedAtConnect(state, action: Payload) {
      const kind = isObject(action.payload) ? action.payload['kind'] : undefined;
      return state.status === 'connecting' && state.kind === kind ? { status: 'idle' } : state;
    },
    /**
     * The wallet signed in within the connect's approval, and the page found the message to be the one
     * it asked for: the backend's check follows once the account is connected (any earlier state gives way).
     */
    signedAtConnect(state, action: Payload) {
      const address = addressOf(action.payload);
      const proof = isObject(action.payload) ? proofOf(action.payload['proof']) : undefined;
      return isOn(state) && address !== undefined && proof ? { status: 'signingIn', address, proof } : state;
    },
    /** The wallet's sign-in at connect was not the one the page asked for: said, with "Try again"; the account stays connected. */
    signInAtConnectFailed(state, action: Payload) {
      const address = addressOf(action.payload);
      const error = isObject(action.payload) ? signInErrorOf(action.payload['error']) : undefined;
      return isOn(state) && address !== undefined && error ? { status: 'failed', address, error } : state;
    },
    /** The backend has no session for it and the user asked for one (a connect, a click): the wallet is asked. */
    signingStarted(state, action: Payload) {
      const address = addressOf(action.payload);
      return about(state, address, ['checking']) && address !== undefined ? { status: 'signingIn', address } : state;
    },
    /**
     * The backend answered with a live session of the address (a check, a verified signature, a
     * check after another tab's word): signed in, whatever the state of that address was.
     */
    sessionFound(state, action: Payload) {
      const address = addressOf(action.payload);
      if (!isOn(state) || address === undefined || signInAddress(state) !== address || !isObject(action.payload)) return state;
      const chainId = chainIdOf(action.payload['chainId']);
      const expiresAt = expiresAtOf(action.payload['expiresAt']);
      return chainId !== undefined && expiresAt !== undefined ? { status: 'signedIn', address, chainId, expiresAt } : state;
    },
    /** The check found no session, and nothing asks the wallet by itself (an account switch, a reload). */
    noSession(state, action: Payload) {
      const address = addressOf(action.payload);
      return about(state, address, ['checking']) && address !== undefined ? { status: 'signedOut', address } : state;
    },
    /** The session of a signed-in address is gone at the backend (signed out in another tab). */
    sessionGone(state, action: Payload) {
      const address = addressOf(action.payload);
      return about(state, address, ['signedIn']) && address !== undefined ? { status: 'signedOut', address } : state;
    },
    signatureDeclined(state, action: Payload) {
      const address = addressOf(action.payload);
      return about(state, address, ['signingIn']) && address !== undefined ? { status: 'declined', address } : state;
    },
    chainNotAllowed(state, action: Payload) {
      const address = addressOf(action.payload);
      if (!about(state, address, ['signingIn']) || address === undefined || !isObject(action.payload)) return state;
      const chainId = chainIdOf(action.payload['chainId']);
      const list = action.payload['allowedChainIds'];
      if (chainId === undefined || !Array.isArray(list) || list.length > MAX_ALLOWED) return state;
      const allowedChainIds = list.map(chainIdOf);
      if (allowedChainIds.some((id) => id === undefined)) return state;
      return { status: 'chainNotAllowed', address, chainId, allowedChainIds: allowedChainIds as number[] };
    },
    unreachable(state, action: Payload) {
      const address = addressOf(action.payload);
      const error = isObject(action.payload) ? signInErrorOf(action.payload['error']) : undefined;
      return about(state, address, ['checking', 'signingIn']) && address !== undefined && error ? { status: 'unreachable', address, error } : state;
    },
    failed(state, action: Payload) {
      const address = addressOf(action.payload);
      const error = isObject(action.payload) ? signInErrorOf(action.payload['error']) : undefined;
      return about(state, address, ['checking', 'signingIn']) && address !== undefined && error ? { status: 'failed', address, error } : state;
    },
    /** The session's expiry came: only the session it was set for (a newer one from another tab stays). */
    expired(state, action: Payload) {
      const address = addressOf(action.payload);
      const expiresAt = isObject(action.payload) ? action.payload['expiresAt'] : undefined;
      return about(state, address, ['signedIn']) && address !== undefined && state.status === 'signedIn' && state.expiresAt === expiresAt
        ? { status: 'expired', address }
        : state;
    },
    /**
     * The user's "Sign in as …", "Retry" or "Sign in again": an intent, which the sign-in saga takes
     * (it asks the backend, then the wallet); the state moves with what happens.
     */
    requested(state, _action: Payload) {
      return state;
    },
  },
});

export const signInActions = signInSlice.actions;
