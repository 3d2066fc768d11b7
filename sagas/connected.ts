// The watchers a page needs only once a wallet is connecting or connected, or a transaction was kept
// from an earlier visit: chain switches, cancels of what waits on a phone, signing and sending, sent
// transactions. Loaded once a wallet is connected (chunk "wallet-sagas") by sagas/whenConnected.ts,
// which hands each the requests made before this code arrived, so none is lost.
import type { SagaIterator } from 'redux-saga';
import { fork } from 'redux-saga/effects';
import { watchChainSwitch } from './chainSwitch';
import { watchPendingRequestCancel } from './pendingRequests';
import { watchSigning } from './signing';
import { guarded } from './support';
import { watchTransactions } from './transactions';
import type { EarlyRequests } from './whenConnected';

export function* watchConnected(early: EarlyRequests): SagaIterator {
  yield fork(guarded, watchChainSwitch, early.switches);
  yield fork(guarded, watchPendingRequestCancel, early.cancels);
  yield fork(guarded, watchSigning, early.signing);
  yield fork(guarded, watchTransactions, early.batches);
}
