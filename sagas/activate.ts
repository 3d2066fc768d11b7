// One activation of one kind and, once connected, its provider events until the link ends. Every
// wallet request belongs to the lifecycle that sent it: a later attempt sends its own, so a request
// that never settles can never block a Try again.
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { all, call, cancel, delay, fork, join, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import type { KindAdapter, KindStatus } from '../src/lib/connectors/kind';
import type { ConnectionId, ConnectorEvent, SignInAtConnect } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, plainList, plainValue, toWalletError, walletError } from '../src/lib/errors';
import { normalizeChainId } from '../src/lib/validation';
import { walletActions as actions } from '../store/walletSlice';
import { RECONNECT_VIEW_MS, WALLET_WINDOW_MS, type WalletSagaContext } from './context';
import { connectorChannel, forwardEvents } from './events';
import { selectConnectorInfo } from '../store/selectors';
import { selectAttempt, selectHasAccounts, selectReportedChainId, walletContext } from './support';
import { signInActions } from '../store/signInSlice';
import { signInAtConnect, signedAtConnect } from './signIn';
import { walletRequest } from './wallet';

const { accountsChanged, walletWindowChanged } = actions;

/** docs/behaviour.md §8: a wallet's own window that never answered the SDK's handshake. */
export const WALLET_WINDOW_ERROR = 'WalletWindowError';

type Outcome = 'connected' | 'idle' | 'locked';

/** `eth_requestAccounts`; on -32002 (one already waits in the wallet) waits for the wallet's answer instead of asking again. */
function* requestAccounts(id: ConnectionId, attempt: number, adapter: KindAdapter): SagaIterator<unknown> {
  try {
    const accounts: unknown = yield call(walletRequest, adapter, { method: 'eth_requestAccounts' });
    return accounts;
  } catch (error) {
    if (errorCode(error) !== -32002) throw error;
    yield put(actions.awaitingWalletChanged({ id, attempt, waiting: true }));
    const answer: ReturnType<typeof accountsChanged> = yield take(
      (action: Action) =>
        accountsChanged.match(action) && action.payload.id === id && Array.isArray(action.payload.accounts) && action.payload.accounts.length > 0,
    );
    return answer.payload.accounts;
  }
}

/** Silent reconnect: `eth_accounts` and `eth_chainId`, never a dialog. */
function* eagerSequence(id: ConnectionId, attempt: number, adapter: KindAdapter, keepListening: boolean): SagaIterator<Outcome> {
  const [accounts, chainId]: [unknown, unknown] = yield all([
    call(walletRequest, adapter, { method: 'eth_accounts' }),
    call(walletRequest, adapter, { method: 'eth_chainId' }),
  ]);
  if (Array.isArray(accounts) && accounts.length === 0) {
    // docs/behaviour.md §1.3, §2.4: no accounts at a silent reconnect ends idle, not as an error. A kind connected last time is a
    // locked wallet: it keeps listening, and comes back when the wallet reports accounts.
    if (keepListening) {
      yield put(actions.walletLocked({ id }));
      return 'locked';
    }
    yield put(actions.activationEnded({ id, attempt }));
    return 'idle';
  }
  yield put(actions.activationSucceeded({ id, attempt, chainId: plainValue(chainId), accounts: plainList(accounts) }));
  const has: boolean = yield select(selectHasAccounts(id));
  return has ? 'connected' : 'idle';
}

/** `eth_chainId` asked beside the accounts: a failure must not end the attempt while the wallet's prompt is open. */
function* chainIdOrFailure(adapter: KindAdapter): SagaIterator<{ chainId?: unknown; failed?: true }> {
  try {
    const chainId: unknown = yield call(walletRequest, adapter, { method: 'eth_chainId' });
    return { chainId };
  } catch {
    return { failed: true };
  }
}

/**
 * The wallet asked to connect and sign in within one approval (docs/behaviour.md §13.8). Sign-in is told
 * first, so that an account the wallet's events make current meanwhile waits for this answer; and told
 * when it ends without a sign-in (the wallet could not, refused, failed or the attempt ended).
 */
function* askSignedIn(id: ConnectionId, adapter: KindAdapter, signIn: SignInAtConnect, options: { chainId?: number }): SagaIterator<{ proof: unknown } | undefined> {
  let answer: { proof: unknown } | undefined;
  yield put(signInActions.askedAtConnect({ kind: id }));
  try {
    answer = adapter.connectSignedIn ? yield call([adapter, adapter.connectSignedIn], signIn, options) : undefined;
    return answer;
  } finally {
    if (!answer) yield put(signInActions.notSignedAtConnect({ kind: id }));
  }
}

function* userSequence(id: ConnectionId, attempt: number, adapter: KindAdapter, status: Partial<KindStatus>, desiredChainId: number | undefined): SagaIterator<Outcome> {
  const options = desiredChainId === undefined ? {} : { chainId: desiredChainId };
  // docs/behaviour.md §13.8: with sign-in on, a wallet that can signs in within the connect's approval.
  const signIn: SignInAtConnect | undefined = status.signsInAtConnect === true && adapter.connectSignedIn ? yield call(signInAtConnect, id) : undefined;
  const signed: { proof: unknown } | undefined = signIn ? yield call(askSignedIn, id, adapter, signIn, options) : undefined;
  let handedOver = false;
  try {
    if (!signed) {
      // The kind's own first step (QR pairing); none for most kinds, so the accounts are asked in the click's task.
      const step = adapter.connect(options);
      if (step) yield call(() => step);
    }
    let accounts: unknown;
    let chainId: unknown;
    if (status.chainIdBeforeConnect === true) {
      // One round trip instead of two: the chain is asked beside the accounts.
      const [answer, early]: [unknown, { chainId?: unknown; failed?: true }] = yield all([call(requestAccounts, id, attempt, adapter), call(chainIdOrFailure, adapter)]);
      accounts = answer;
      // A chain the wallet reported while the user decided is newer than the one asked at the start.
      const reported: number | undefined = yield select(selectReportedChainId(id));
      if (reported !== undefined) chainId = reported;
      else if (early.failed) chainId = yield call(walletRequest, adapter, { method: 'eth_chainId' });
      else chainId = early.chainId;
    } else {
      accounts = yield call(requestAccounts, id, attempt, adapter);
      chainId = yield call(walletRequest, adapter, { method: 'eth_chainId' });
    }
    if (desiredChainId !== undefined && normalizeChainId(chainId) !== desiredChainId) {
      chainId = yield call([adapter, adapter.switchChain], desiredChainId);
    }
    // Said to sign-in before the account is: its follower finds the wallet's signature waiting.
    if (signIn && signed) {
      handedOver = true;
      yield call(signedAtConnect, id, signIn, signed.proof, plainList(accounts));
    }
    yield put(actions.activationSucceeded({ id, attempt, chainId: plainValue(chainId), accounts: plainList(accounts) }));
    const has: boolean = yield select(selectHasAccounts(id));
    return has ? 'connected' : 'idle';
  } finally {
    // The wallet signed, but the connect did not get as far as handing it over: sign-in is not left waiting.
    if (signed && !handedOver) yield put(signInActions.notSignedAtConnect({ kind: id }));
  }
}

const windowEvent = (id: ConnectionId, attempt: number, state: 'opened' | 'answered') => (action: Action) =>
  walletWindowChanged.match(action) && action.payload.id === id && action.payload.attempt === attempt && action.payload.state === state;

/**
 * docs/behaviour.md §2.6: a window the wallet opened for this connect (Coinbase Wallet's keys window)
 * must answer the SDK's handshake within `ms`. Returns when one did not; runs as long as the connect
 * otherwise. Only the window is timed: the user's decision in it has the connect's own limit.
 */
function* unansweredWindow(id: ConnectionId, attempt: number, ms: number): SagaIterator<true> {
  while (true) {
    yield take(windowEvent(id, attempt, 'opened'));
    const answer: { answered?: unknown; timeout?: true } = yield race({ answered: take(windowEvent(id, attempt, 'answered')), timeout: delay(ms) });
    if (answer.timeout) return true;
  }
}

/** Closes what waits on the wallet (its window too); an adapter that throws here changes nothing. */
function closeWaiting(adapter: KindAdapter): void {
  try {
    adapter.command({ type: 'cancelPending' });
  } catch {
    // The attempt has ended anyway.
  }
}

export interface LifecycleOptions {
  eager: boolean;
  /** A silent reconnect of a kind that was not connected last time: nothing to show meanwhile. */
  silent?: boolean;
  desiredChainId?: number;
}

function linkDeadError() {
  return walletError(ERROR_NAMES.linkDead, MESSAGES.linkDead);
}

/** What the adapter says of itself; an adapter that throws here is taken as saying nothing. */
function statusOf(adapter: KindAdapter): Partial<KindStatus> {
  try {
    return adapter.status();
  } catch {
    return {};
  }
}

export function* connectionLifecycle(id: ConnectionId, options: LifecycleOptions): SagaIterator {
  const { adapters, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const adapter = adapters[id];
  yield put(actions.activationStarted({ id, eager: options.eager, ...(options.silent ? { silent: true } : {}) }));
  const attempt: number = yield select(selectAttempt(id));
  const limit = options.eager ? timeouts.eagerMs : timeouts.activateMs;
  const timedOut = function* (): SagaIterator {
    // A request that hangs on a provider whose link is down is not worth a Try again: say so.
    if (statusOf(adapter).linkDead === true) yield put(actions.linkDied({ id, error: linkDeadError() }));
    else if (options.eager) yield put(actions.activationEnded({ id, attempt }));
    else yield put(actions.activationFailed({ id, attempt, error: walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Connecting', limit)) }));
  };
  let channel: EventChannel<ConnectorEvent> | undefined;
  // A visible reconnect: the page holds the chain in view for its answer, but not for long.
  const grace: Task | undefined =
    options.eager && !options.silent ? yield fork(reconnectGrace, id, attempt, timeouts.reconnectViewMs ?? RECONNECT_VIEW_MS) : undefined;
  try {
    // Subscribed before asking: the answer to a pending request (-32002) arrives as an event. The
    // adapter asks a provider at hand (an extension's) at once, in the task of the click: a promise's
    // turn would let React render the dialog's progress view before the wallet is even asked.
    channel = connectorChannel(adapter);
    const forwarder: Task = yield fork(forwardEvents, id, attempt, channel, adapter);
    const windowMs = timeouts.walletWindowMs ?? WALLET_WINDOW_MS;
    const outcome: { done?: Outcome; timeout?: true; linkEnded?: unknown; window?: true } = yield race({
      done: options.eager
        ? call(eagerSequence, id, attempt, adapter, !options.silent)
        : call(userSequence, id, attempt, adapter, statusOf(adapter), options.desiredChainId),
      timeout: delay(limit),
      // The link ended (disconnect, 1011) while we asked: the forwarder has already said so.
      linkEnded: join(forwarder),
      ...(options.eager ? {} : { window: call(unansweredWindow, id, attempt, windowMs) }),
    });
    if (grace?.isRunning()) yield cancel(grace);
    if (outcome.done === 'connected' || outcome.done === 'locked') {
      if (outcome.done === 'connected') session.rememberConnected(id);
      // The provider's events keep the state current until the link ends.
      yield join(forwarder);
      return;
    }
    if (forwarder.isRunning()) yield cancel(forwarder);
    if (outcome.timeout) yield call(timedOut);
    if (outcome.window) {
      closeWaiting(adapter);
      const { name } = yield select(selectConnectorInfo, id);
      const message = `The ${name} window did not answer within ${Math.round(windowMs / 1000)} s`;
      yield put(actions.activationFailed({ id, attempt, error: walletError(WALLET_WINDOW_ERROR, message) }));
    }
  } catch (error) {
    const plain = toWalletError(error);
    // A silent reconnect that fails is not the user's problem: end idle, unless the app is misconfigured.
    if (options.eager && plain.name !== ERROR_NAMES.configuration) yield put(actions.activationEnded({ id, attempt }));
    else yield put(actions.activationFailed({ id, attempt, error: plain }));
  } finally {
    channel?.close();
    if (grace?.isRunning()) yield cancel(grace);
  }
}

function* reconnectGrace(id: ConnectionId, attempt: number, ms: number): SagaIterator {
  yield delay(ms);
  yield put(actions.reconnectSlow({ id, attempt }));
}
