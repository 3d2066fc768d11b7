import { spawn } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { watchChainSwitch } from './chainSwitch';
import { watchConnections } from './connections';
import { watchPendingRequestCancel } from './pendingRequests';
import { watchSigning } from './signing';

/** Each watcher is spawned: one failing cannot take the others down. */
export function* rootSaga(): SagaIterator {
  yield spawn(watchConnections);
  yield spawn(watchChainSwitch);
  yield spawn(watchPendingRequestCancel);
  yield spawn(watchSigning);
}
