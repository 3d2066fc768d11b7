// Signing and sending (docs/behaviour.md §7): one request per kind (message, typed data, transaction) with
// its outcome, as plain JSON. The reducer is the state machine; sagas/signing.ts drives it. What
// becomes of a sent transaction is the transactions slice's (store/transactionsSlice.ts): a request
// here ends when the wallet answers with its hash.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionId } from '../src/lib/connectors/types';
import { walletError, type WalletError } from '../src/lib/errors';

export const SIGNING_KINDS = ['message', 'typedData', 'transaction'] as const;
export type SigningKind = (typeof SIGNING_KINDS)[number];

export type SigningInput =
  | { kind: 'message'; message: string }
  /** The editor's text, validated again by the saga before the wallet sees it. */
  | { kind: 'typedData'; text: string }
  /**
   * `to` is an address; `toName` the verified name the user typed for it. `gas` (hex) and `feeWei`
   * come from the estimate on the public endpoints, when there was one.
   */
  | { kind: 'transaction'; to: string; toName?: string; valueWei: string; gas?: string; feeWei?: string };

export type SigningStatus =
  /** Loading the signing helpers, checking the input, reaching the provider. */
  | 'preparing'
  /** The wallet has been asked. */
  | 'waiting'
  /** A signature of the account it was asked of: by its key, or accepted by its contract (§7.8). */
  | 'signed'
  /** A signature the chain could not be asked about (no endpoint answered): neither valid nor invalid. */
  | 'unchecked'
  /** The wallet accepted the transaction: it has a hash (its fate: the transactions slice). */
  | 'sent'
  /** The user's own refusal (4001): a calm outcome, not an error on screen. */
  | 'declined'
  | 'failed'
  /** The user stopped waiting. */
  | 'abandoned'
  /** The account or chain changed while the wallet was asked: its answer is not shown. */
  | 'dropped';

export interface SigningRequest {
  id: string;
  connectionId: ConnectionId;
  /** The account (checksummed) and chain the request was made for. */
  account: string;
  chainId: number;
  input: SigningInput;
  status: SigningStatus;
  /** The wallet said it already has a request open (-32002): we keep asking until it is free. */
  walletBusy?: boolean;
  /** The wallet has not answered for a while: its prompt may be out of sight ("Confirm on phone"). */
  noAnswerYet?: boolean;
  signature?: string;
  /** The account when the signature is its (by its key or its contract), else the key that made it. */
  signer?: string;
  /** What the wallet answered for a transaction: its chain hash, or a Safe proposal's hash (docs/behaviour.md §10.1). */
  hash?: string;
  error?: WalletError;
}

export interface SigningState {
  requests: Partial<Record<SigningKind, SigningRequest>>;
}

export const SIGNING_ERROR_NAMES = {
  signerMismatch: 'SignerMismatchError',
  dropped: 'RequestDroppedError',
  invalidInput: 'InvalidSigningInputError',
  invalidAnswer: 'InvalidWalletAnswerError',
} as const;

export const SIGNING_MESSAGES = {
  signerMismatch: (signer: string, account: string) => `The signature is from ${signer}, not from the connected account ${account}`,
  reverted: (block: number) => `The transaction reverted in block ${block}`,
} as const;

const IN_FLIGHT: ReadonlySet<SigningStatus> = new Set(['preparing', 'waiting']);

export const isInFlight = (request: SigningRequest | undefined): boolean => request !== undefined && IN_FLIGHT.has(request.status);

const initialState: SigningState = { requests: {} };

function byId(state: SigningState, id: string): SigningRequest | undefined {
  return SIGNING_KINDS.map((kind) => state.requests[kind]).find((r) => r?.id === id);
}

type WithId<T = object> = { id: string } & T;

/** The wallet has answered: nothing about its waiting still holds. */
function settle(request: SigningRequest): void {
  delete request.walletBusy;
  delete request.noAnswerYet;
}

export interface SigningRequestArgs {
  connectionId: ConnectionId;
  account: string;
  chainId: number;
  input: SigningInput;
}

/** The account, chain and wallet a signature or transfer was asked of (docs/behaviour.md §7.6). */
export interface SigningContext {
  connectionId: ConnectionId;
  account: string;
  chainId: number;
}

const belongsTo = (request: SigningRequest, now: SigningContext | undefined): boolean =>
  now !== undefined && request.connectionId === now.connectionId && request.chainId === now.chainId && request.account.toLowerCase() === now.account.toLowerCase();

/**
 * The outcomes still shown once the account, chain or wallet that signs is `now` (undefined: none is
 * connected): a finished request of another one is cleared, since its result ("Signed and verified",
 * "Confirmed in block") was that one's. A request still in flight stays: the saga ends it as dropped,
 * and that outcome says why, until the next change. The same object when nothing is cleared.
 */
export function outcomesFor(state: SigningState, now: SigningContext | undefined): SigningState {
  const stale = SIGNING_KINDS.filter((kind) => {
    const request = state.requests[kind];
    return request !== undefined && !isInFlight(request) && !belongsTo(request, now);
  });
  if (stale.length === 0) return state;
  const requests = { ...state.requests };
  for (const kind of stale) delete requests[kind];
  return { ...state, requests };
}

/**
 * What the page says of the change itself, not of the wallet's answer: the request ended as dropped
 * because of the change, or the user stopped waiting. These stay until the next change (§7.6).
 */
const ABOUT_THE_CHANGE: ReadonlySet<SigningStatus> = new Set(['dropped', 'abandoned']);

/**
 * The outcomes still shown after an update that ended requests (`before` → `after`) while `now`
 * signs: a wallet's answer (a transfer's hash, a signature, a refusal, an error) that arrives for
 * another account, chain or wallet than the one now signing is never shown, since the form on screen
 * is `now`'s. A transfer answered so stays tracked for the account that asked (its record, toast and
 * recent transactions: §10.1); only the form forgets it. The same object when nothing is cleared.
 */
export function answersFor(before: SigningState, after: SigningState, now: SigningContext | undefined): SigningState {
  if (before === after) return after;
  const elsewhere = SIGNING_KINDS.filter((kind) => {
    const request = after.requests[kind];
    if (request === undefined || isInFlight(request) || ABOUT_THE_CHANGE.has(request.status) || belongsTo(request, now)) return false;
    const was = before.requests[kind];
    return was?.id === request.id && isInFlight(was);
  });
  if (elsewhere.length === 0) return after;
  const requests = { ...after.requests };
  for (const kind of elsewhere) delete requests[kind];
  return { ...after, requests };
}

/** Whether a request was asked of the account, chain and wallet that sign now (the form on screen is theirs). */
export const askedOf = (request: SigningRequest, now: SigningContext | undefined): boolean => belongsTo(request, now);

export const signingSlice = createSlice({
  name: 'signing',
  initialState,
  reducers: {
    /** The user asked to sign or send; ignored while a request of the same kind is in flight. */
    requested: {
      reducer(state, action: PayloadAction<WithId<SigningRequestArgs>>) {
        const { id, connectionId, account, chainId, input } = action.payload;
        if (isInFlight(state.requests[input.kind])) return;
        state.requests[input.kind] = { id, connectionId, account, chainId, input, status: 'preparing' };
      },
      prepare: (args: SigningRequestArgs) => ({ payload: { id: nanoid(), ...args } }),
    },
    walletAsked(state, action: PayloadAction<WithId>) {
      const request = byId(state, action.payload.id);
      if (request?.status === 'preparing') request.status = 'waiting';
    },
    /** The wallet has not answered for a while (the saga's notice moment). */
    noAnswerYet(state, action: PayloadAction<WithId>) {
      const request = byId(state, action.payload.id);
      if (request?.status === 'waiting') request.noAnswerYet = true;
    },
    walletBusyChanged(state, action: PayloadAction<WithId<{ busy: boolean }>>) {
      const request = byId(state, action.payload.id);
      if (request?.status !== 'waiting') return;
      if (action.payload.busy) request.walletBusy = true;
      else delete request.walletBusy;
    },
    /** A signature and its locally recovered signer: a signer other than the account is an error. */
    signed(state, action: PayloadAction<WithId<{ signature: string; signer: string }>>) {
      const request = byId(state, action.payload.id);
      if (request?.status !== 'waiting' || request.input.kind === 'transaction') return;
      const { signature, signer } = action.payload;
      settle(request);
      request.signature = signature;
      request.signer = signer;
      if (signer.toLowerCase() === request.account.toLowerCase()) {
        request.status = 'signed';
      } else {
        request.status = 'failed';
        request.error = walletError(SIGNING_ERROR_NAMES.signerMismatch, SIGNING_MESSAGES.signerMismatch(signer, request.account));
      }
    },
    /** The wallet signed, but the chain could not be asked whether the signature is the account's. */
    unchecked(state, action: PayloadAction<WithId<{ signature: string; error: WalletError }>>) {
      const request = byId(state, action.payload.id);
      if (request?.status !== 'waiting' || request.input.kind === 'transaction') return;
      settle(request);
      request.status = 'unchecked';
      request.signature = action.payload.signature;
      request.error = action.payload.error;
    },
    /** The wallet accepted the transaction: the request ends here, the transaction is followed on. */
    transactionSent(state, action: PayloadAction<WithId<{ hash: string }>>) {
      const request = byId(state, action.payload.id);
      if (request?.status !== 'waiting' || request.input.kind !== 'transaction' || typeof action.payload.hash !== 'string') return;
      settle(request);
      request.status = 'sent';
      request.hash = action.payload.hash;
    },
    failed(state, action: PayloadAction<WithId<{ error: WalletError }>>) {
      const request = byId(state, action.payload.id);
      if (!isInFlight(request) || !request) return;
      settle(request);
      request.status = action.payload.error.code === 4001 ? 'declined' : 'failed';
      request.error = action.payload.error;
    },
    /** Stop waiting: the user gives up on the wallet. */
    abandonRequested(state, action: PayloadAction<{ kind: SigningKind }>) {
      const request = state.requests[action.payload.kind];
      if (!request || !isInFlight(request)) return;
      settle(request);
      request.status = 'abandoned';
    },
    dropped(state, action: PayloadAction<WithId<{ reason: string }>>) {
      const request = byId(state, action.payload.id);
      if (!isInFlight(request) || !request) return;
      settle(request);
      request.status = 'dropped';
      request.error = walletError(SIGNING_ERROR_NAMES.dropped, action.payload.reason);
    },
    /** The user changed the form's input: an old result no longer belongs under it. */
    inputEdited(state, action: PayloadAction<{ kind: SigningKind }>) {
      const kind = action.payload.kind;
      if (SIGNING_KINDS.includes(kind) && state.requests[kind] && !isInFlight(state.requests[kind])) delete state.requests[kind];
    },
  },
});

export const signingActions = signingSlice.actions;
