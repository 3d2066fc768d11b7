// Cancel in our "Confirm on phone" notice: the kind rejects what waits on the wallet (4001), and
// the sagas waiting on those requests record the rejection as they would the wallet's own.
import type { SagaIterator } from 'redux-saga';
import { call, getContext, takeEvery } from 'redux-saga/effects';
import { walletActions as actions } from '../store/walletSlice';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

type CancelRequest = ReturnType<typeof actions.walletRequestCancelled>;

function* cancelPendingRequests(action: CancelRequest): SagaIterator {
  const { adapters }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const adapter = adapters[action.payload.id];
  try {
    yield call([adapter, adapter.command], { type: 'cancelPending' });
  } catch {
    // Cancelling is best effort: the request's own timeout still ends it.
  }
}

export function* watchPendingRequestCancel(): SagaIterator {
  yield takeEvery(actions.walletRequestCancelled.type, cancelPendingRequests);
}
