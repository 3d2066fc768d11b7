// The read layer (store/readLayer.ts, chunk "reads") is asked for at start, in the saga middleware's
// first run, so its request leaves beside the silent reconnect's, before React's code is evaluated
// (src/main.tsx); the loader attaches it to the store the moment it arrives. If it cannot load
// (offline, a new deploy), the store says why and every read shows it as unavailable (src/ui/useRead.ts);
// a retry asks again: a Retry on screen, the page shown again, or a saga that needs a read
// (readLayerReady). Wallets never wait for it.
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, take } from 'redux-saga/effects';
import { toWalletError, walletError, WalletdeckError, type WalletError } from '../src/lib/errors';
import { readLayerActions, selectReadLayer, type ReadLayerState } from '../store/readLayerSlice';
import { READS_CONTEXT, type ReadLayerLoader } from './context';

export const READ_LAYER_ERROR_NAME = 'ChainDataCodeError';

/** docs/behaviour.md §8: the read layer's code did not arrive (or threw while it was evaluated). */
export function readLayerError(error: unknown): WalletError {
  return walletError(READ_LAYER_ERROR_NAME, `The code that reads chain data could not load: ${toWalletError(error).message}`);
}

export function* watchReadLayer(): SagaIterator {
  const loader: ReadLayerLoader | undefined = yield getContext(READS_CONTEXT);
  if (!loader) return;
  yield put(readLayerActions.requested());
  while (true) {
    try {
      // Attaching says 'ready' itself, in the task the chunk arrives in.
      yield call([loader, loader.attach]);
      return;
    } catch (error) {
      yield put(readLayerActions.failed(readLayerError(error)));
    }
    yield take(readLayerActions.requested.type);
  }
}

/**
 * For a saga about to read (a receipt, a signature's check): resolves once the read layer is
 * attached, asking for it again if it failed to load; throws the reason when it cannot load.
 */
export function* readLayerReady(): SagaIterator<void> {
  let layer: ReadLayerState = yield select(selectReadLayer);
  if (layer.status === 'failed') {
    yield put(readLayerActions.requested());
    layer = yield select(selectReadLayer);
  }
  while (layer.status === 'loading') {
    yield take([readLayerActions.attached.type, readLayerActions.failed.type]);
    layer = yield select(selectReadLayer);
  }
  if (layer.status === 'ready') return;
  const error = layer.error ?? walletError('ConfigurationError', 'This page reads no chain data');
  throw new WalletdeckError(error.name, error.message);
}
