// One activation of one kind and, once connected, its provider events until the link ends. Every
// wallet request belongs to the lifecycle that sent it: a later attempt sends its own, so a request
// that never settles can never block a Try again.
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { all, call, cancel, delay, fork, join, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { switchOrAddChain } from '../src/lib/chainSwitch';
import type { ConnectionId, Connector, ConnectorEvent, Eip1193Provider } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, plainList, plainValue, toWalletError, walletError } from '../src/lib/errors';
import { normalizeChainId } from '../src/lib/validation';
import { walletActions as actions } from '../store/walletSlice';
import { RECONNECT_VIEW_MS, WALLET_WINDOW_MS, type WalletSagaContext } from './context';
import { connectorChannel, forwardEvents } from './events';
import { selectAttempt, selectHasAccounts, selectReportedChainId, walletContext } from './support';

const { accountsChanged, walletWindowChanged } = actions;

/** docs/behaviour.md §8: a wallet's own window that never answered the SDK's handshake. */
export const WALLET_WINDOW_ERROR = 'WalletWindowError';

type Outcome = 'connected' | 'idle' | 'locked';

/** `eth_requestAccounts`; on -32002 (one already waits in the wallet) waits for the wallet's answer instead of asking again. */
function* requestAccounts(id: ConnectionId, attempt: number, provider: Eip1193Provider): SagaIterator<unknown> {
  try {
    const accounts: unknown = yield call([provider, provider.request], { method: 'eth_requestAccounts' });
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
function* eagerSequence(id: ConnectionId, attempt: number, provider: Eip1193Provider, keepListening: boolean): SagaIterator<Outcome> {
  const [accounts, chainId]: [unknown, unknown] = yield all([
    call([provider, provider.request], { method: 'eth_accounts' }),
    call([provider, provider.request], { method: 'eth_chainId' }),
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
function* chainIdOrFailure(provider: Eip1193Provider): SagaIterator<{ chainId?: unknown; failed?: true }> {
  try {
    const chainId: unknown = yield call([provider, provider.request], { method: 'eth_chainId' });
    return { chainId };
  } catch {
    return { failed: true };
  }
}

function* userSequence(
  id: ConnectionId,
  attempt: number,
  connector: Connector,
  provider: Eip1193Provider,
  desiredChainId: number | undefined,
): SagaIterator<Outcome> {
  const { chains }: WalletSagaContext = yield call(walletContext);
  if (connector.connect) {
    const options = desiredChainId === undefined ? {} : { chainId: desiredChainId };
    yield call([connector, connector.connect], provider, options);
  }
  let accounts: unknown;
  let chainId: unknown;
  if (answersChainIdBeforeConnect(connector)) {
    // One round trip instead of two: the chain is asked beside the accounts.
    const [answer, early]: [unknown, { chainId?: unknown; failed?: true }] = yield all([call(requestAccounts, id, attempt, provider), call(chainIdOrFailure, provider)]);
    accounts = answer;
    // A chain the wallet reported while the user decided is newer than the one asked at the start.
    const reported: number | undefined = yield select(selectReportedChainId(id));
    if (reported !== undefined) chainId = reported;
    else if (early.failed) chainId = yield call([provider, provider.request], { method: 'eth_chainId' });
    else chainId = early.chainId;
  } else {
    accounts = yield call(requestAccounts, id, attempt, provider);
    chainId = yield call([provider, provider.request], { method: 'eth_chainId' });
  }
  if (desiredChainId !== undefined && normalizeChainId(chainId) !== desiredChainId) {
    chainId = yield call(switchOrAddChain, provider, chains, desiredChainId);
  }
  yield put(actions.activationSucceeded({ id, attempt, chainId: plainValue(chainId), accounts: plainList(accounts) }));
  const has: boolean = yield select(selectHasAccounts(id));
  return has ? 'connected' : 'idle';
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

/** Closes what waits on the wallet (its window too); a connector that throws here changes nothing. */
function closeWaiting(connector: Connector): void {
  try {
    connector.cancelPendingRequests?.();
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

/** Whether the connector knows its link is gone for good; a connector that throws here is not believed. */
function linkIsDead(connector: Connector): boolean {
  try {
    return connector.isLinkDead?.() === true;
  } catch {
    return false;
  }
}

function answersChainIdBeforeConnect(connector: Connector): boolean {
  try {
    return connector.chainIdBeforeConnect === true;
  } catch {
    return false;
  }
}

function providerAtHand(connector: Connector): Eip1193Provider | undefined {
  try {
    return connector.providerNow?.();
  } catch {
    return undefined;
  }
}

export function* connectionLifecycle(id: ConnectionId, options: LifecycleOptions): SagaIterator {
  const { connectors, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  yield put(actions.activationStarted({ id, eager: options.eager, ...(options.silent ? { silent: true } : {}) }));
  const attempt: number = yield select(selectAttempt(id));
  const limit = options.eager ? timeouts.eagerMs : timeouts.activateMs;
  const timedOut = function* (): SagaIterator {
    // A request that hangs on a provider whose link is down is not worth a Try again: say so.
    if (linkIsDead(connector)) yield put(actions.linkDied({ id, error: linkDeadError() }));
    else if (options.eager) yield put(actions.activationEnded({ id, attempt }));
    else yield put(actions.activationFailed({ id, attempt, error: walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Connecting', limit)) }));
  };
  let channel: EventChannel<ConnectorEvent> | undefined;
  // A visible reconnect: the page holds the chain in view for its answer, but not for long.
  const grace: Task | undefined =
    options.eager && !options.silent ? yield fork(reconnectGrace, id, attempt, timeouts.reconnectViewMs ?? RECONNECT_VIEW_MS) : undefined;
  try {
    // A provider at hand (an extension's) is asked at once, in the task of the click: a promise's
    // turn would let React render the dialog's progress view before the wallet is even asked.
    const atHand = providerAtHand(connector);
    const loaded: { provider?: Eip1193Provider; timeout?: true } = atHand
      ? { provider: atHand }
      : yield race({
          provider: call([connector, connector.getProvider]),
          timeout: delay(limit),
        });
    if (!loaded.provider) return yield call(timedOut);
    const provider = loaded.provider;
    // Subscribed before asking: the answer to a pending request (-32002) arrives as an event.
    channel = connectorChannel(connector);
    const forwarder: Task = yield fork(forwardEvents, id, attempt, channel, provider);
    const windowMs = timeouts.walletWindowMs ?? WALLET_WINDOW_MS;
    const outcome: { done?: Outcome; timeout?: true; linkEnded?: unknown; window?: true } = yield race({
      done: options.eager
        ? call(eagerSequence, id, attempt, provider, !options.silent)
        : call(userSequence, id, attempt, connector, provider, options.desiredChainId),
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
      closeWaiting(connector);
      const message = `The ${connector.name} window did not answer within ${Math.round(windowMs / 1000)} s`;
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
