// Provider events into the store, for as long as a lifecycle owns the subscription.
import { buffers, eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take } from 'redux-saga/effects';
import type { KindAdapter } from '../src/lib/connectors/kind';
import type { ConnectionId, ConnectorEvent } from '../src/lib/connectors/types';
import { plainValue, toWalletError } from '../src/lib/errors';
import { walletActions as actions } from '../store/walletSlice';
import { selectWalletLocked, walletContext } from './support';
import { walletRequest } from './wallet';
import type { WalletSagaContext } from './context';

/** The latest events win under a storm: a wallet flooding us cannot grow memory without bound. */
const EVENT_BUFFER = 100;

/** Subscribes at once (the answer to a pending -32002 request arrives as an event); closed by its owner. */
export function connectorChannel(adapter: KindAdapter): EventChannel<ConnectorEvent> {
  return eventChannel<ConnectorEvent>((emit) => {
    const unsubscribe = adapter.subscribe((event) => emit(event));
    return typeof unsubscribe === 'function' ? unsubscribe : () => undefined;
  }, buffers.sliding(EVENT_BUFFER));
}

/**
 * A locked wallet (zero accounts) reports accounts again: reconnect silently with a fresh chain id.
 * A wallet that does not answer leaves the kind idle, as it was.
 */
function* unlocked(id: ConnectionId, attempt: number, adapter: KindAdapter, accounts: unknown[]): SagaIterator {
  const { timeouts }: WalletSagaContext = yield call(walletContext);
  try {
    const read: { chainId?: unknown } = yield race({
      chainId: call(walletRequest, adapter, { method: 'eth_chainId' }),
      timeout: delay(timeouts.eagerMs),
    });
    if ('chainId' in read) yield put(actions.activationSucceeded({ id, attempt, chainId: plainValue(read.chainId), accounts }));
  } catch {
    // Still idle; the next accountsChanged or a Connect tries again.
  }
}

/** Forwards provider events into the store until the link ends (returns) or the lifecycle is cancelled. */
export function* forwardEvents(id: ConnectionId, attempt: number, channel: EventChannel<ConnectorEvent>, adapter: KindAdapter): SagaIterator {
  while (true) {
    const event: ConnectorEvent = yield take(channel);
    switch (event.type) {
      case 'accountsChanged': {
        const locked: boolean = yield select(selectWalletLocked(id));
        if (locked && event.accounts.length > 0) yield call(unlocked, id, attempt, adapter, event.accounts);
        else yield put(actions.accountsChanged({ id, accounts: event.accounts }));
        break;
      }
      case 'chainChanged':
      case 'connect':
        yield put(actions.chainChanged({ id, chainId: event.chainId }));
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
        if (typeof event.uri === 'string') yield put(actions.pairingUriReceived({ id, attempt, uri: event.uri }));
        break;
      case 'awaitingWallet':
        yield put(actions.awaitingWalletChanged({ id, attempt, waiting: event.waiting === true }));
        break;
      case 'walletWindow':
        yield put(actions.walletWindowChanged({ id, attempt, state: event.state }));
        break;
      case 'walletIdentified':
        yield put(actions.walletIdentified({ id, attempt, name: event.name, icon: event.icon }));
        break;
    }
  }
}
