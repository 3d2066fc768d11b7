// Connector lifecycles: eager reconnect at start, user connect (latest request wins, per kind),
// provider events, disconnect, and closing the QR dialog.
import { eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { actionChannel, all, call, cancel, delay, fork, getContext, join, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { desiredChainProblem, switchOrAddChain } from '../src/lib/chainSwitch';
import { CONNECTION_IDS, type ConnectionId, type Connector, type ConnectorEvent, type Eip1193Provider } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, toWalletError, walletError } from '../src/lib/errors';
import { normalizeChainId } from '../src/lib/validation';
import { walletActions as actions } from '../store/walletSlice';
import type { RootState } from '../store/types';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

const { accountsChanged } = actions;

function* walletContext(): SagaIterator<WalletSagaContext> {
  const context: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  return context;
}

const selectAttempt = (id: ConnectionId) => (state: RootState) => state.wallet.meta[id].attempt;
/** Accounts are kept (validated) on success, also on a chain that is not allowed. */
const hasAccounts = (id: ConnectionId) => (state: RootState) => state.wallet.connections[id].accounts !== undefined;

/** Wallet values may be anything; the store only ever receives plain strings for accounts. */
function plainAccounts(raw: unknown): unknown[] {
  return Array.isArray(raw) ? raw.map((a) => (typeof a === 'string' ? a : String(a))) : [String(raw)];
}

/** Wallet answers can be any JSON value; the store gets a number or a string to validate. */
function plainChainId(raw: unknown): number | string {
  return normalizeChainId(raw);
}

const pendingAccountRequests = new WeakMap<Eip1193Provider, Promise<unknown>>();

/** One `eth_requestAccounts` per provider at a time: a second click re-uses the open request. */
export function requestAccountsOnce(provider: Eip1193Provider): Promise<unknown> {
  let pending = pendingAccountRequests.get(provider);
  if (!pending) {
    pending = provider.request({ method: 'eth_requestAccounts' }).finally(() => pendingAccountRequests.delete(provider));
    pendingAccountRequests.set(provider, pending);
  }
  return pending;
}

function connectorChannel(connector: Connector): EventChannel<ConnectorEvent> {
  return eventChannel<ConnectorEvent>((emit) => connector.subscribe((event) => emit(event)));
}

/**
 * Forwards provider events into the store until the link ends (returns) or the lifecycle is
 * cancelled. The channel is closed by the lifecycle that owns it.
 */
function* forwardEvents(id: ConnectionId, attempt: number, channel: EventChannel<ConnectorEvent>): SagaIterator {
  while (true) {
    const event: ConnectorEvent = yield take(channel);
    switch (event.type) {
      case 'accountsChanged':
        yield put(actions.accountsChanged({ id, accounts: plainAccounts(event.accounts) }));
        break;
      case 'chainChanged':
      case 'connect':
        yield put(actions.chainChanged({ id, chainId: plainChainId(event.chainId) }));
        break;
      case 'disconnect':
        yield put(actions.providerDisconnected({ id, error: toWalletError(event.error) }));
        return;
      case 'linkDead':
        yield put(actions.linkDied({ id, error: toWalletError(event.error) }));
        return;
      case 'sessionEnded':
        yield put(actions.sessionEnded({ id }));
        return;
      case 'displayUri':
        yield put(actions.pairingUriReceived({ id, attempt, uri: event.uri }));
        break;
      case 'awaitingWallet':
        yield put(actions.awaitingWalletChanged({ id, attempt, waiting: event.waiting }));
        break;
    }
  }
}

/** `eth_requestAccounts`; on -32002 (already pending in the wallet) waits for the wallet's answer. */
function* requestAccounts(id: ConnectionId, attempt: number, provider: Eip1193Provider): SagaIterator<unknown> {
  try {
    const accounts: unknown = yield call(requestAccountsOnce, provider);
    return accounts;
  } catch (error) {
    if (errorCode(error) !== -32002) throw error;
    yield put(actions.awaitingWalletChanged({ id, attempt, waiting: true }));
    const answer: ReturnType<typeof accountsChanged> = yield take(
      (action: Action) =>
        accountsChanged.match(action) &&
        action.payload.id === id &&
        Array.isArray(action.payload.accounts) &&
        action.payload.accounts.length > 0,
    );
    return answer.payload.accounts;
  }
}

/** Silent reconnect: `eth_accounts` and `eth_chainId`, never a dialog. */
function* eagerSequence(id: ConnectionId, attempt: number, provider: Eip1193Provider): SagaIterator {
  const [accounts, chainId]: [unknown, unknown] = yield all([
    call([provider, provider.request], { method: 'eth_accounts' }),
    call([provider, provider.request], { method: 'eth_chainId' }),
  ]);
  if (Array.isArray(accounts) && accounts.length === 0) {
    // SPEC: "No accounts returned" ends idle, not as an error.
    yield put(actions.activationEnded({ id, attempt }));
    return false;
  }
  yield put(actions.activationSucceeded({ id, attempt, chainId: plainChainId(chainId), accounts: plainAccounts(accounts) }));
  return yield select(hasAccounts(id));
}

function* userSequence(
  id: ConnectionId,
  attempt: number,
  connector: Connector,
  provider: Eip1193Provider,
  desiredChainId: number | undefined,
): SagaIterator {
  const { chains }: WalletSagaContext = yield call(walletContext);
  if (connector.connect) {
    const options = desiredChainId === undefined ? {} : { chainId: desiredChainId };
    yield call([connector, connector.connect], provider, options);
  }
  const accounts: unknown = yield call(requestAccounts, id, attempt, provider);
  let chainId: unknown = yield call([provider, provider.request], { method: 'eth_chainId' });
  if (desiredChainId !== undefined && normalizeChainId(chainId) !== desiredChainId) {
    chainId = yield call(switchOrAddChain, provider, chains, desiredChainId);
  }
  yield put(actions.activationSucceeded({ id, attempt, chainId: plainChainId(chainId), accounts: plainAccounts(accounts) }));
  return yield select(hasAccounts(id));
}

interface LifecycleOptions {
  eager: boolean;
  /** A silent reconnect of a kind that was not connected last time: nothing to show meanwhile. */
  silent?: boolean;
  desiredChainId?: number;
}

/** One activation of one kind and, once connected, its provider events until the link ends. */
export function* connectionLifecycle(id: ConnectionId, options: LifecycleOptions): SagaIterator {
  const { connectors, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  yield put(actions.activationStarted({ id, eager: options.eager, ...(options.silent ? { silent: true } : {}) }));
  const attempt: number = yield select(selectAttempt(id));
  const limit = options.eager ? timeouts.eagerMs : timeouts.activateMs;
  const timedOut = function* (): SagaIterator {
    if (options.eager) yield put(actions.activationEnded({ id, attempt }));
    else yield put(actions.activationFailed({ id, attempt, error: walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Connecting', limit)) }));
  };
  let channel: EventChannel<ConnectorEvent> | undefined;
  try {
    const loaded: { provider?: Eip1193Provider; timeout?: true } = yield race({
      provider: call([connector, connector.getProvider]),
      timeout: delay(limit),
    });
    if (!loaded.provider) return yield call(timedOut);
    // Subscribed before asking: the answer to a pending request (-32002) arrives as an event.
    channel = connectorChannel(connector);
    const forwarder: Task = yield fork(forwardEvents, id, attempt, channel);
    const outcome: { connected?: boolean; timeout?: true } = yield race({
      connected: options.eager
        ? call(eagerSequence, id, attempt, loaded.provider)
        : call(userSequence, id, attempt, connector, loaded.provider, options.desiredChainId),
      timeout: delay(limit),
    });
    if (outcome.connected) {
      session.rememberConnected(id);
      // Connected: the provider's events keep the state current until the link ends.
      yield join(forwarder);
      return;
    }
    yield cancel(forwarder);
    if (outcome.timeout) yield call(timedOut);
  } catch (error) {
    const plain = toWalletError(error);
    // A silent reconnect that fails is not the user's problem: end idle, unless the app is misconfigured.
    if (options.eager && plain.name !== ERROR_NAMES.configuration) yield put(actions.activationEnded({ id, attempt }));
    else yield put(actions.activationFailed({ id, attempt, error: plain }));
  } finally {
    channel?.close();
  }
}

/** Each kind with something to reconnect is tried silently, in parallel. */
function* eagerConnect(id: ConnectionId): SagaIterator {
  const { connectors, session }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  if (!connector.isAvailable() || session.wasDisconnected(id)) return;
  let hasSession: boolean;
  try {
    hasSession = connector.hasStoredSession();
  } catch (error) {
    yield put(actions.activationStarted({ id, eager: true }));
    const attempt: number = yield select(selectAttempt(id));
    yield put(actions.activationFailed({ id, attempt, error: toWalletError(error) }));
    return;
  }
  // Only a kind that was connected when the page was last open shows "Reconnecting": a first-time
  // visitor with an extension installed sees no flash of it while eth_accounts answers [].
  if (hasSession) yield call(connectionLifecycle, id, session.wasConnected(id) ? { eager: true } : { eager: true, silent: true });
}

/** Disconnect: forget the session, ask the wallet to revoke where it can (briefly), clean up the SDK. */
function* deactivate(id: ConnectionId): SagaIterator {
  const { connectors, session, timeouts }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  session.setDisconnected(id, true);
  if (connector.supportsRevoke) {
    try {
      const provider: Eip1193Provider = yield call([connector, connector.getProvider]);
      yield race({
        revoked: call([provider, provider.request], { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
        timeout: delay(timeouts.revokeMs),
      });
    } catch {
      // Older wallets lack wallet_revokePermissions; the remembered disconnect still holds.
    }
  }
  try {
    yield call([connector, connector.disconnect]);
  } catch {
    // The state is already cleared; an SDK failing to clean up must not bring it back.
  }
}

type ConnectionRequest = ReturnType<
  | typeof actions.connectRequested
  | typeof actions.disconnectRequested
  | typeof actions.connectCancelled
  | typeof actions.qrDialogClosed
>;

/** Owns one lifecycle task per kind; a newer request for a kind replaces the older one. */
export function* watchConnections(): SagaIterator {
  const { chains, connectors, qrCloseIsError }: WalletSagaContext = yield call(walletContext);
  const requests = yield actionChannel([
    actions.connectRequested.type,
    actions.disconnectRequested.type,
    actions.connectCancelled.type,
    actions.qrDialogClosed.type,
  ]);
  const tasks = new Map<ConnectionId, Task>();
  for (const id of CONNECTION_IDS) tasks.set(id, yield fork(eagerConnect, id));

  const stop = function* (id: ConnectionId): SagaIterator {
    const task = tasks.get(id);
    if (task?.isRunning()) yield cancel(task);
    tasks.delete(id);
  };

  while (true) {
    const action: ConnectionRequest = yield take(requests);
    const { id } = action.payload;
    if (actions.connectRequested.match(action)) {
      const desired: number | undefined = yield select((s: RootState) => s.wallet.meta[id].desiredChainId);
      const problem = desired === undefined ? undefined : desiredChainProblem(chains, desired);
      if (problem) {
        // SPEC: a desired chain without URLs is rejected and nothing else changes.
        yield put(actions.chainSwitchFailed({ id, error: toWalletError(problem) }));
        continue;
      }
      yield call(stop, id);
      tasks.set(id, yield fork(connectionLifecycle, id, desired === undefined ? { eager: false } : { eager: false, desiredChainId: desired }));
    } else if (actions.disconnectRequested.match(action)) {
      yield call(stop, id);
      yield fork(deactivate, id);
    } else if (actions.connectCancelled.match(action)) {
      // The reducer has already reset an activating connection; a connected one stays as it is.
      const live: boolean = yield select(hasAccounts(id));
      if (live) continue;
      yield call(stop, id);
      yield fork([connectors[id], connectors[id].disconnect]);
    } else {
      const activating: boolean = yield select((s: RootState) => s.wallet.connections[id].activating);
      if (!activating) continue;
      const attempt: number = yield select(selectAttempt(id));
      yield call(stop, id);
      // The pending pairing is torn down so that connecting again shows a fresh QR code.
      yield fork(function* tearDown(): SagaIterator {
        try {
          yield call([connectors[id], connectors[id].disconnect]);
        } catch {
          // Nothing to clean up.
        }
      });
      if (qrCloseIsError) {
        yield put(actions.activationFailed({ id, attempt, error: walletError(ERROR_NAMES.userClosedModal, MESSAGES.userClosedModal) }));
      } else {
        yield put(actions.activationEnded({ id, attempt }));
      }
    }
  }
}
