// Sign-In with Ethereum for the page's current account (docs/behaviour.md §13), in the `signin` chunk:
// loaded by sagas/signIn.ts once sign-in is configured and a wallet connects. One follower runs for the
// page's life. It asks the backend about every account that becomes current (a live session signs it
// in with no prompt), asks the wallet for a signature only after the user's own Connect or click (never
// by itself after a decline or an account switch), keeps the session across chain switches, signs out
// on Disconnect, ends a session when it expires, and keeps tabs in step (a word on a BroadcastChannel,
// a check when the page becomes visible), never trusting a word without asking the backend.
import type { Channel, EventChannel, SagaIterator, Task } from 'redux-saga';
import { eventChannel } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { ConnectionId, SignInAtConnect } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, toWalletError, walletError } from '../src/lib/errors';
import { SIGN_IN_ERROR_NAMES, SIGN_IN_MESSAGES, SignInFailure, createSignInClient, type SessionAnswer, type SignInClient } from '../src/lib/signIn/client';
import { parseSiweMessage } from 'viem/siwe';
import { messageHex, pageFields, signInMessage } from '../src/lib/signIn/message';
import { field } from '../src/lib/guards';
import { checksumAddress } from '../src/lib/validation';
import type { TabChannel, TabWord } from '../src/lib/signIn/page';
import { selectAllowedChainIds, selectConnectorInfo } from '../store/selectors';
import type { RootState } from '../store/types';
import { signInActions as actions, type SignInProof, type SignInState } from '../store/signInSlice';
import { selectSignIn, selectSignInTarget, type SignInTarget } from '../store/signInSelectors';
import { walletActions } from '../store/walletSlice';
import type { SignInSagaContext, SignInTimeouts } from './signInContext';
import { reachWallet } from './wallet';

/** docs/behaviour.md §9: a signature's size, at most (a smart account's, ERC-6492-wrapped, included). */
const MAX_SIGNATURE_BYTES = 16_384;
/** setTimeout's limit; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const SIGN_IN_WALLET_MESSAGES = {
  notASignature: 'The wallet answered with something that is not a signature',
  wrongMessage: (what: string) => `The wallet signed in with a message other than the one the page asked for: ${what}`,
} as const;

export const WRONG_SIGN_IN_MESSAGE = 'WrongSignInMessageError';

/** docs/behaviour.md §9: a sign-in message's size, at most, as a wallet may answer it. */
const MAX_MESSAGE_CHARS = 16_384;

interface Follower {
  context: SignInSagaContext;
  timeouts: SignInTimeouts;
  client: SignInClient;
  tabs: TabChannel | undefined;
  /** The address whose last sign-out the backend did not do: the one a "Try again" may ask again. */
  failedSignOut?: string;
}

function isSignature(answer: unknown): answer is string {
  return typeof answer === 'string' && /^0x(?:[0-9a-fA-F]{2})+$/.test(answer) && (answer.length - 2) / 2 <= MAX_SIGNATURE_BYTES;
}

/** The chains a message may name: the app's for this kind, and the backend's. */
function* allowedChains(kind: ConnectionId, backend: readonly number[]): SagaIterator<number[]> {
  const app: number[] = yield select(selectAllowedChainIds, kind);
  return app.filter((id) => backend.includes(id));
}

/** The wallet's signature of `message`, bounded in time; a 4001 is thrown as it came. */
function* askSignature(follower: Follower, target: SignInTarget, message: string): SagaIterator<string> {
  const provider: { request(args: { method: string; params: unknown[] }): Promise<unknown> } = yield call(reachWallet, target.kind);
  const ms = follower.timeouts.walletMs;
  const outcome: { answer?: unknown; timeout?: true } = yield race({
    answer: call([provider, provider.request], { method: 'personal_sign', params: [messageHex(message), target.address] }),
    timeout: delay(ms),
  });
  if (outcome.timeout) throw walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Signing in', ms));
  if (!isSignature(outcome.answer)) throw walletError('InvalidWalletAnswerError', SIGN_IN_WALLET_MESSAGES.notASignature);
  return outcome.answer;
}

/**
 * docs/behaviour.md §13.8: the sign-in fields a user's connect of `kind` may carry, with a fresh nonce,
 * on the chains both the app (for that kind) and the backend allow; undefined when the backend gave
 * none within `atConnectMs` (the connect then goes the usual way: its signature follows it).
 */
export function* requestAtConnect(context: SignInSagaContext, timeouts: SignInTimeouts, kind: ConnectionId): SagaIterator<SignInAtConnect | undefined> {
  const client = createSignInClient({ baseUrl: context.url, fetch: context.fetch, now: context.now, timeoutMs: Math.min(timeouts.requestMs, timeouts.atConnectMs) });
  let nonce: Awaited<ReturnType<SignInClient['nonce']>>;
  try {
    nonce = yield call([client, client.nonce]);
  } catch {
    return undefined;
  }
  const chainIds: number[] = yield call(allowedChains, kind, nonce.chainIds);
  if (chainIds.length === 0) return undefined;
  const { issuedAt, expirationTime, ...page } = pageFields(context.page, context.now());
  return {
    ...page,
    nonce: nonce.nonce,
    chainIds,
    ...(nonce.statement !== undefined ? { statement: nonce.statement } : {}),
    issuedAt: issuedAt.toISOString(),
    expirationTime: expirationTime.toISOString(),
  };
}

const wrongMessage = (what: string) => walletError(WRONG_SIGN_IN_MESSAGE, SIGN_IN_WALLET_MESSAGES.wrongMessage(what));

/**
 * The wallet's sign-in at connect, checked against what the page asked (docs/behaviour.md §13.8): an
 * EIP-4361 message for this page, this nonce, an offered chain, the connected account, the page's
 * statement (a wallet may append an EIP-5573 ReCap to it, which the backend checks), and a signature.
 * The backend checks it all again; this keeps a wallet's wrong answer from ever reaching it unsaid.
 */
export function checkAtConnect(request: SignInAtConnect, proof: unknown, account: string): SignInProof {
  const message = field(proof, 'message');
  const signature = field(proof, 'signature');
  if (typeof message !== 'string' || message.length > MAX_MESSAGE_CHARS) throw wrongMessage('no message of at most 16,384 characters');
  if (!isSignature(signature)) throw walletError('InvalidWalletAnswerError', SIGN_IN_WALLET_MESSAGES.notASignature);
  let fields: ReturnType<typeof parseSiweMessage>;
  try {
    fields = parseSiweMessage(message);
  } catch {
    throw wrongMessage('it is not an EIP-4361 message');
  }
  const said = field(proof, 'address');
  if (said !== undefined && checksumAddress(said) !== account) throw wrongMessage(`it names ${String(said).slice(0, 42)}, the connected account is ${account}`);
  if (fields.domain !== request.domain) throw wrongMessage(`the domain is not ${request.domain}`);
  if (fields.uri !== request.uri) throw wrongMessage(`the URI is not ${request.uri}`);
  // A scheme, when written, must be the page's; WalletConnect's writer leaves it out, as the backend allows (server/siwe/message.ts).
  if (fields.scheme !== undefined && fields.scheme !== (request.scheme ?? 'https')) throw wrongMessage(`the scheme is not ${request.scheme ?? 'https'}`);
  if (fields.nonce !== request.nonce) throw wrongMessage('the nonce is not the one the backend gave');
  if (fields.version !== '1') throw wrongMessage('the version is not 1');
  if (fields.chainId === undefined || !request.chainIds.includes(fields.chainId)) throw wrongMessage('the chain is not one this app signs in on');
  if (fields.address === undefined || checksumAddress(fields.address) !== account) throw wrongMessage(`the account is not the connected one, ${account}`);
  const statement = request.statement;
  if (statement !== undefined && fields.statement !== statement && !fields.statement?.startsWith(`${statement} `)) throw wrongMessage('the statement is not this app\'s');
  if (!(fields.issuedAt instanceof Date) || Number.isNaN(fields.issuedAt.getTime())) throw wrongMessage('it has no time of issue');
  return { message, signature };
}

/** Posts a checked signature and reads the session back: never "signed in" without a session this browser keeps. */
function* verifyAndKeep(follower: Follower, address: string, message: string, signature: string): SagaIterator {
  const { client } = follower;
  yield call([client, client.verify], address, message, signature);
  // Never "signed in" without a session this browser keeps: the cookie must come back with a check.
  const kept: SessionAnswer | undefined = yield call([client, client.session], address);
  if (!kept) throw new SignInFailure('refused', walletError(SIGN_IN_ERROR_NAMES.sessionNotKept, SIGN_IN_MESSAGES.sessionNotKept));
  yield put(actions.sessionFound(kept));
  follower.tabs?.post({ event: 'signedIn', address });
}

/** What a failed sign-in of `address` is said as. */
function* failure(address: string, error: unknown): SagaIterator {
  if (error instanceof SignInFailure) {
    yield put((error.kind === 'unreachable' ? actions.unreachable : actions.failed)({ address, error: error.error }));
  } else if (errorCode(error) === 4001) {
    yield put(actions.signatureDeclined({ address }));
  } else {
    yield put(actions.failed({ address, error: toWalletError(error) }));
  }
}

/** The wallet signed in at connect (state `signingIn` with its proof): the backend's check, and the session. */
function* finishAtConnect(follower: Follower, address: string, proof: SignInProof): SagaIterator {
  try {
    yield call(verifyAndKeep, follower, address, proof.message, proof.signature);
  } catch (error) {
    if (yield cancelled()) return;
    yield call(failure, address, error);
  }
}

/**
 * An account that became current while its connect's one approval (sign-in within it) was still open:
 * goes on from that approval's answer once it is here (its signature, what was wrong with it, or none:
 * then the usual sign-in, as after any connect).
 */
function* afterConnect(follower: Follower, target: SignInTarget): SagaIterator {
  let state: SignInState = yield select(selectSignIn);
  while (state.status === 'connecting') {
    yield take(isSignInAction);
    state = yield select(selectSignIn);
  }
  if (state.status === 'signingIn' && state.address === target.address && state.proof) yield call(finishAtConnect, follower, target.address, state.proof);
  else if (state.status !== 'failed' || state.address !== target.address) yield call(signIn, follower, target, true);
}

/**
 * One sign-in of `target`: the backend is asked first (a live session: signed in, no prompt); then,
 * only when `prompt` (the user's Connect or click), a nonce, the message, the wallet's signature and
 * the backend's check, and the session is read back before the page says "signed in".
 */
function* signIn(follower: Follower, target: SignInTarget, prompt: boolean): SagaIterator {
  const { address } = target;
  const { client, context } = follower;
  yield put(actions.sessionCheckStarted({ address }));
  try {
    const live: SessionAnswer | undefined = yield call([client, client.session], address);
    if (live) {
      yield put(actions.sessionFound(live));
      return;
    }
    if (!prompt) {
      yield put(actions.noSession({ address }));
      return;
    }
    yield put(actions.signingStarted({ address }));
    const nonce: Awaited<ReturnType<SignInClient['nonce']>> = yield call([client, client.nonce]);
    // The chain the wallet is on now (it may have moved while the backend answered).
    const now: SignInTarget | undefined = yield select(selectSignInTarget);
    const chainId = now?.address === address ? now.chainId : target.chainId;
    const allowed: number[] = yield call(allowedChains, target.kind, nonce.chainIds);
    if (!allowed.includes(chainId)) {
      yield put(actions.chainNotAllowed({ address, chainId, allowedChainIds: allowed }));
      return;
    }
    const message = signInMessage({ page: context.page, address, chainId, nonce: nonce.nonce, ...(nonce.statement !== undefined ? { statement: nonce.statement } : {}), now: context.now() });
    const signature: string = yield call(askSignature, follower, target, message);
    yield call(verifyAndKeep, follower, address, message, signature);
  } catch (error) {
    if (yield cancelled()) return;
    yield call(failure, address, error);
  }
}

/**
 * Asks the backend about `address` without showing a check (a tab's word, the page visible again):
 * only a change is put, and a backend that does not answer changes nothing on screen.
 */
function* quietCheck(follower: Follower, address: string): SagaIterator {
  let session: SessionAnswer | undefined;
  try {
    session = yield call([follower.client, follower.client.session], address);
  } catch {
    return;
  }
  const state: SignInState = yield select(selectSignIn);
  if (session) {
    const same = state.status === 'signedIn' && state.address === address && state.expiresAt === session.expiresAt && state.chainId === session.chainId;
    if (!same) yield put(actions.sessionFound(session));
  } else if (state.status === 'signedIn' && state.address === address) {
    yield put(Date.parse(state.expiresAt) <= follower.context.now() ? actions.expired({ address, expiresAt: state.expiresAt }) : actions.sessionGone({ address }));
  }
}

/**
 * Disconnect signs the address out at the backend (bounded), and tells the other tabs. A sign-out the
 * backend did not do is said (docs/behaviour.md §13.4) once the page has let go of the account (the
 * wallet's disconnect and the backend's answer may come in either order), with "Try again".
 */
function* signOut(follower: Follower, address: string): SagaIterator {
  try {
    yield call([follower.client, follower.client.signOut], address);
    if (follower.failedSignOut === address) follower.failedSignOut = undefined;
  } catch (error) {
    follower.failedSignOut = address;
    const failure = error instanceof SignInFailure ? error.error : toWalletError(error);
    while (((yield select(selectSignIn)) as SignInState).status !== 'idle') yield take(isSignInAction);
    yield put(actions.signOutFailed({ address, error: failure }));
  }
  follower.tabs?.post({ event: 'signedOut', address });
}

const isSignInAction = (action: Action) => action.type.startsWith('signIn/');

/** The kind's wallet answers in a window it opens (Coinbase Wallet without its extension: a pop-up). */
const selectAsksInOwnWindow = (state: RootState, kind: ConnectionId): boolean => {
  const info = selectConnectorInfo(state, kind);
  return info.face.ownWindow === true && info.installed !== true;
};

/** A session ends at its expiry: "expired", with "Sign in again" (never a prompt by itself). */
function* expireSessions(now: () => number): SagaIterator {
  while (true) {
    const state: SignInState = yield select(selectSignIn);
    if (state.status !== 'signedIn') {
      yield take(isSignInAction);
      continue;
    }
    const left = Date.parse(state.expiresAt) - now();
    if (left <= 0) {
      yield put(actions.expired({ address: state.address, expiresAt: state.expiresAt }));
      continue;
    }
    yield race({ due: delay(Math.min(left, MAX_TIMER_MS)), change: take(isSignInAction) });
  }
}

function tabWords(tabs: TabChannel): EventChannel<TabWord> {
  return eventChannel((emit) => tabs.listen(emit));
}

function visibility(context: SignInSagaContext): EventChannel<true> {
  return eventChannel((emit) => context.onVisible(() => emit(true)));
}

const sameTarget = (a: SignInTarget | undefined, b: SignInTarget | undefined) => a?.kind === b?.kind && a?.address === b?.address && a?.chainId === b?.chainId;

/** What the follower waits for (its channels never end by themselves: they emit no END). */
interface Outcome {
  action?: UnknownAction;
  word?: TabWord;
  visible?: true;
}

/**
 * The follower. `userConnect`: the kind whose Connect the user asked for before this code arrived: its
 * account's signature follows without another click.
 */
export function* followSignIn(context: SignInSagaContext, timeouts: SignInTimeouts, userConnect?: ConnectionId): SagaIterator {
  const client = createSignInClient({ baseUrl: context.url, fetch: context.fetch, now: context.now, timeoutMs: timeouts.requestMs });
  const tabs = context.openTabChannel();
  const follower: Follower = { context, timeouts, client, tabs };
  const words: Channel<TabWord> | undefined = tabs ? yield call(tabWords, tabs) : undefined;
  const visible: Channel<true> = yield call(visibility, context);
  let connecting = userConnect;
  let target: SignInTarget | undefined;
  let flow: Task | undefined;
  const restart = function* (next: SignInTarget, prompt: boolean): SagaIterator {
    if (flow) yield cancel(flow);
    flow = yield fork(signIn, follower, next, prompt);
  };
  /** A new account: what its connect already settled (docs/behaviour.md §13.8) goes on; otherwise a fresh sign-in. */
  const arrived = function* (next: SignInTarget, prompt: boolean): SagaIterator {
    const state: SignInState = yield select(selectSignIn);
    if (prompt && state.status === 'connecting' && state.kind === next.kind) {
      // The wallet's events made the account current before its one approval was answered: wait for it.
      if (flow) yield cancel(flow);
      flow = yield fork(afterConnect, follower, next);
    } else if (prompt && state.status === 'signingIn' && state.address === next.address && state.proof) {
      if (flow) yield cancel(flow);
      flow = yield fork(finishAtConnect, follower, next.address, state.proof);
    } else if (prompt && state.status === 'failed' && state.address === next.address) {
      // The wallet's sign-in at connect was wrong, and is said: never a second prompt by itself.
      if (flow) yield cancel(flow);
      flow = undefined;
    } else {
      yield call(restart, next, prompt);
    }
  };
  yield fork(expireSessions, context.now);
  try {
    while (true) {
      const next: SignInTarget | undefined = yield select(selectSignInTarget);
      if (!sameTarget(target, next)) {
        const previous = target;
        target = next;
        if (!next) {
          if (flow) yield cancel(flow);
          yield put(actions.walletGone());
        } else if (previous?.address !== next.address || previous.kind !== next.kind) {
          // A connect the user asked for is followed by the signature; an account switch or a silent
          // reconnect only asks the backend (docs/behaviour.md §13.4).
          const asked = connecting === next.kind;
          connecting = undefined;
          // A wallet that asks in a window of its own gets no signature request by itself: the browser
          // opens that window only within a click. Its user signs in with one ("Sign in as …").
          const prompt = asked && !((yield select(selectAsksInOwnWindow, next.kind)) as boolean);
          yield call(arrived, next, prompt);
        } else {
          // The same account on another chain keeps its session; a sign-in held back for its chain goes on.
          const state: SignInState = yield select(selectSignIn);
          if (state.status === 'chainNotAllowed' && state.address === next.address) yield call(restart, next, true);
        }
      }
      const outcome: Outcome = yield race({
        action: take('*'),
        visible: take(visible),
        ...(words ? { word: take(words) } : {}),
      });
      const action = outcome.action;
      if (action) {
        if (walletActions.connectRequested.match(action)) connecting = action.payload.id;
        else if ((walletActions.activationFailed.match(action) || walletActions.connectCancelled.match(action)) && action.payload.id === connecting) connecting = undefined;
        else if (walletActions.disconnectRequested.match(action) && target && action.payload.id === target.kind) yield fork(signOut, follower, target.address);
        else if (actions.requested.match(action) && target && isObjectWithAddress(action.payload, target.address)) yield call(restart, target, true);
        else if (actions.signOutRetried.match(action) && follower.failedSignOut !== undefined && isObjectWithAddress(action.payload, follower.failedSignOut)) {
          yield fork(signOut, follower, follower.failedSignOut);
        }
      } else if (outcome.word && target && outcome.word.address === target.address) {
        yield fork(quietCheck, follower, target.address);
      } else if (outcome.visible === true && target) {
        yield fork(quietCheck, follower, target.address);
      }
    }
  } finally {
    words?.close();
    visible.close();
    tabs?.close();
  }
}

function isObjectWithAddress(payload: unknown, address: string): boolean {
  return typeof payload === 'object' && payload !== null && typeof (payload as { address?: unknown }).address === 'string' && (payload as { address: string }).address.toLowerCase() === address.toLowerCase();
}
