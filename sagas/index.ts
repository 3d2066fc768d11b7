import { call, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { watchChainSwitch } from './chainSwitch';
import { watchConnections } from './connections';
import { applyChosenExtension, watchConnectorInfo, watchConnectorIntents } from './connectorInfo';
import { watchPendingRequestCancel } from './pendingRequests';
import { rememberSession } from './sessionMemory';
import { watchSignIn } from './signIn';
import { watchSigning } from './signing';
import { guarded } from './support';
import { watchTransactions } from './transactions';

/**
 * Every watcher, registered once at start (a request whose code is in a later chunk waits for it in
 * its own saga: sagas/chunks.ts). Each runs inside its own error boundary, so one failing cannot take
 * the others down; they are forked rather than spawned so that cancelling the root (a test, a hot
 * reload) ends them all.
 */
export function* rootSaga(): SagaIterator {
  // The user's extension pick applies before the eager reconnect asks any wallet.
  yield call(guarded, applyChosenExtension);
  yield fork(guarded, rememberSession);
  yield fork(guarded, watchConnectorInfo);
  yield fork(guarded, watchConnectorIntents);
  yield fork(guarded, watchConnections);
  yield fork(guarded, watchChainSwitch);
  yield fork(guarded, watchPendingRequestCancel);
  yield fork(guarded, watchSigning);
  yield fork(guarded, watchTransactions);
  yield fork(guarded, watchSignIn);
}
