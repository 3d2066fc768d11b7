import { call, spawn } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { watchChainSwitch } from './chainSwitch';
import { watchConnections } from './connections';
import { applyChosenExtension, watchConnectorInfo, watchConnectorIntents } from './connectorInfo';
import { watchPendingRequestCancel } from './pendingRequests';

/** Each watcher is spawned: one failing cannot take the others down. */
export function* rootSaga(): SagaIterator {
  // The user's extension pick applies before the eager reconnect asks any wallet.
  yield call(applyChosenExtension);
  yield spawn(watchConnectorInfo);
  yield spawn(watchConnectorIntents);
  yield spawn(watchConnections);
  yield spawn(watchChainSwitch);
  yield spawn(watchPendingRequestCancel);
}
