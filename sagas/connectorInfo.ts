// What each kind offers, kept in the store as plain data: described again whenever its adapter says
// it changed (a wallet announced itself, an extension appeared). Also the user's extension pick and
// warming an SDK up when the pointer reaches Connect. Every adapter call is an error boundary.
import type { SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery } from 'redux-saga/effects';
import { describeValue } from '../src/lib/errors';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import { selectChosenExtension, selectListsBrowserWallets } from '../store/selectors';
import { walletActions as actions } from '../store/walletSlice';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';
import { availabilityChanges } from './eager';

/** Tells the kinds that list the browser's wallets which one the user picked (before any connect at start). */
export function* applyChosenExtension(): SagaIterator {
  const { adapters }: WalletSagaContext = yield call(walletContext);
  const rdns: string | undefined = yield select(selectChosenExtension);
  for (const id of CONNECTION_IDS) {
    if (!(yield select(selectListsBrowserWallets, id))) continue;
    try {
      adapters[id].command({ type: 'choose', rdns });
    } catch {
      // The default choice still works.
    }
  }
}

function* describe(id: ConnectionId): SagaIterator {
  const { adapters }: WalletSagaContext = yield call(walletContext);
  // The adapter's status as it is: the store validates it, keeping the kind's name and face.
  let status: unknown;
  try {
    status = adapters[id].status();
  } catch (error) {
    status = { available: false, unavailableReason: `Unavailable: ${describeValue(error)}` };
  }
  yield put(actions.connectorsDescribed({ kinds: { [id]: status } }));
}

export function* watchConnectorInfo(): SagaIterator {
  // The store starts with every kind described (setupStore's `connectors`); only changes follow.
  const context: WalletSagaContext = yield call(walletContext);
  const channel = availabilityChanges(context);
  try {
    while (true) {
      const { id }: { id: ConnectionId } = yield take(channel);
      yield call(describe, id);
    }
  } finally {
    channel.close();
  }
}

function* preload(action: ReturnType<typeof actions.connectIntent>): SagaIterator {
  const { adapters }: WalletSagaContext = yield call(walletContext);
  try {
    adapters[action.payload.id].command({ type: 'preload' });
  } catch {
    // Warming up is an optimisation; the connect itself loads what it needs.
  }
}

function* chooseExtension(): SagaIterator {
  yield call(applyChosenExtension);
  for (const id of CONNECTION_IDS) if (yield select(selectListsBrowserWallets, id)) yield call(describe, id);
}

export function* watchConnectorIntents(): SagaIterator {
  yield takeEvery(actions.connectIntent.type, preload);
  yield takeEvery(actions.extensionChosen.type, chooseExtension);
}
