// The first visit carries none of the watchers that matter only with a wallet (sagas/connected.ts,
// chunk "wallet-sagas"). This small saga, in main, buffers from the start every request those watchers
// answer, and loads them when they are needed: a wallet connected, a list of transactions kept from an
// earlier visit, or such a request itself. Not before "Connected": their chunk never sits between a
// click (or a returning user's reload) and "Connected", nor delays the connected view's chunk. The
// watchers then take the buffered requests first: a request that beat the chunk waits for it instead
// of being lost. If the chunk cannot load (offline, a new deploy), what waits fails with the reason,
// and the next request tries again.
import { buffers, type Channel, type SagaIterator } from 'redux-saga';
import { actionChannel, call, flush, fork, put, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { toWalletError, type WalletError } from '../src/lib/errors';
import { whenIdle } from '../src/lib/idle';
import { CONNECTION_IDS, isConnectionId } from '../src/lib/connectors/types';
import { selectConnectionStatus } from '../store/selectors';
import { signingActions } from '../store/signingSlice';
import { batchActions } from '../store/transactionsSlice';
import type { RootState } from '../store/types';
import { walletActions } from '../store/walletSlice';
import { hasKeptList, transactionsContext, type TransactionsSagaContext } from './transactionsContext';

type Connected = typeof import('./connected');
const loadConnected = (): Promise<Connected> => import(/* webpackChunkName: "wallet-sagas" */ './connected');

/** What the connected watchers answer, buffered from the page's start (sagas/connected.ts takes them). */
export interface EarlyRequests {
  switches: Channel<ReturnType<typeof walletActions.chainSwitchRequested>>;
  cancels: Channel<ReturnType<typeof walletActions.walletRequestCancelled>>;
  signing: Channel<ReturnType<typeof signingActions.requested>>;
  batches: Channel<ReturnType<typeof batchActions.requested>>;
}

const EARLY_TYPES: ReadonlySet<string> = new Set([
  walletActions.chainSwitchRequested.type,
  walletActions.walletRequestCancelled.type,
  signingActions.requested.type,
  batchActions.requested.type,
]);

/**
 * Resolves when the page has nothing more urgent to do (at the latest after 0.5 s): the load that
 * follows "Connected" starts after the frame that shows it, never inside the update that makes it.
 */
function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, 0));
}

/** A wallet is connected (on a supported network or not). */
const walletInUse = (state: RootState) => CONNECTION_IDS.some((id) => selectConnectionStatus(state, id) === 'Connected');

export function* watchWhenConnected(): SagaIterator {
  // Every buffer keeps all it is given (a buffer that dropped would lose a user's request).
  const early: EarlyRequests = {
    switches: yield actionChannel(walletActions.chainSwitchRequested.type, buffers.expanding()),
    cancels: yield actionChannel(walletActions.walletRequestCancelled.type, buffers.expanding()),
    signing: yield actionChannel(signingActions.requested.type, buffers.expanding()),
    batches: yield actionChannel(batchActions.requested.type, buffers.expanding()),
  };
  const context: TransactionsSagaContext = yield call(transactionsContext);
  let needed = hasKeptList(context.storage);
  while (true) {
    while (!needed) {
      if (yield select(walletInUse)) {
        yield call(idle);
        break;
      }
      const action: Action = yield take('*');
      needed = EARLY_TYPES.has(action.type);
    }
    needed = true;
    try {
      const code: Connected = yield call(loadConnected);
      yield fork(code.watchConnected, early);
      return;
    } catch (error) {
      yield call(failEarlyRequests, early, toWalletError(error));
      // The next request tries again (it waits in its buffer meanwhile).
      yield take((action: Action) => EARLY_TYPES.has(action.type));
    }
  }
}

/** The chunk could not load: what waits on it ends with the reason, as if the watcher had failed it. */
function* failEarlyRequests(early: EarlyRequests, error: WalletError): SagaIterator {
  const switches: Array<ReturnType<typeof walletActions.chainSwitchRequested>> = yield flush(early.switches);
  for (const { payload } of switches) if (isConnectionId(payload.id)) yield put(walletActions.chainSwitchFailed({ id: payload.id, error }));
  // A cancel is best effort: the request's own time limit still ends it.
  yield flush(early.cancels);
  const signing: Array<ReturnType<typeof signingActions.requested>> = yield flush(early.signing);
  for (const { payload } of signing) yield put(signingActions.failed({ id: payload.id, error }));
  const batches: Array<ReturnType<typeof batchActions.requested>> = yield flush(early.batches);
  for (const { payload } of batches) yield put(batchActions.changed({ id: payload.id, end: 'failed', error }));
}
