import { call, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { watchConnections } from './connections';
import { applyChosenExtension, watchConnectorInfo, watchConnectorIntents } from './connectorInfo';
import { rememberSession } from './sessionMemory';
import { watchReadLayer } from './readLayer';
import { guarded } from './support';
import { watchWhenConnected } from './whenConnected';

/**
 * Each watcher runs inside its own error boundary, so one failing cannot take the others down; they
 * are forked rather than spawned so that cancelling the root (a test, a hot reload) ends them all.
 */
export function* rootSaga(): SagaIterator {
  // The user's extension pick applies before the eager reconnect asks any wallet.
  yield call(guarded, applyChosenExtension);
  yield fork(guarded, rememberSession);
  yield fork(guarded, watchConnectorInfo);
  yield fork(guarded, watchConnectorIntents);
  yield fork(guarded, watchConnections);
  // The read layer's chunk: asked for now, right after the silent reconnect's wallet requests.
  yield fork(guarded, watchReadLayer);
  // Chain switches, signing, sending and sent transactions: loaded once a wallet is in use (sagas/connected.ts).
  yield fork(guarded, watchWhenConnected);
}
