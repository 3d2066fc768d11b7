// Transactions the user sent (docs/behaviour.md §10.3): read back from storage at start and re-checked (each
// one not settled is followed to its receipt again), every new one followed to its receipt, and the
// list written back whenever it changes. Storage arrives through saga context and may refuse.
import type { SagaIterator, Task } from 'redux-saga';
import { actionChannel, call, cancel, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import { toWalletError } from '../src/lib/errors';
import type { Action } from '@reduxjs/toolkit';
import { createTransactionMemory } from '../src/lib/sentRecords';
import { sentKey, type SentTransaction, type TransactionMemory } from '../src/lib/sentTransactions';
import { batchActions, TOAST_MS, transactionsActions as actions, transactionsSlice } from '../store/transactionsSlice';
import { isUnsettled, selectExpiringToasts, selectTransactionList } from '../store/transactionsSelectors';
import { signingTimeouts, type SigningTimeouts } from './signingContext';
import { loadChunk } from './chunks';
import { hasKeptList, transactionsContext, type TransactionsSagaContext } from './transactionsContext';
import { follow } from './transactionsFollow';

const isTransactionsAction = (action: Action) => typeof action.type === 'string' && action.type.startsWith(`${transactionsSlice.name}/`);
const keyOf = (tx: SentTransaction) => sentKey(tx);

/**
 * Settled toasts leave by themselves (docs/behaviour.md §10.2): each one settled and not held counts
 * down TOAST_MS, then `toastExpired` closes it. The expiry is an action, never a component's timer, so
 * a store replayed by Redux DevTools closes the same toast at the same point. Held (pointer or focus)
 * stops the countdown; released starts a new one.
 */
export function* watchToastExpiry(): SagaIterator {
  const changes = yield actionChannel(isTransactionsAction);
  const countdowns = new Map<string, Task>();
  while (true) {
    const expiring: SentTransaction[] = yield select(selectExpiringToasts);
    const due = new Set(expiring.map(keyOf));
    for (const [key, task] of countdowns) {
      if (due.has(key)) continue;
      yield cancel(task);
      countdowns.delete(key);
    }
    for (const tx of expiring) if (!countdowns.get(keyOf(tx))?.isRunning()) countdowns.set(keyOf(tx), yield fork(countDown, keyOf(tx)));
    yield take(changes);
  }
}

function* countDown(key: string): SagaIterator {
  yield delay(TOAST_MS);
  yield put(actions.toastExpired({ key }));
}

type BatchCode = typeof import('./batch');
type BatchRequest = ReturnType<typeof batchActions.requested>;

/**
 * "Send to several" (docs/behaviour.md §7.9): one at a time (the reducer ignores a second while one
 * runs). Its code (chunk "signing") comes with the signing panel; a request waits for it.
 */
export function* watchBatches(): SagaIterator {
  // What each wallet can do, per account and chain: kept for as long as the page lives.
  const cache = new Map<string, import('../src/lib/batchCalls').AtomicSupport>();
  function* runOne(action: BatchRequest): SagaIterator {
    try {
      const code: BatchCode = yield call(loadChunk, 'batch');
      yield call(code.runBatch, action, cache);
    } catch (error) {
      yield put(batchActions.changed({ id: action.payload.id, end: 'failed', error: toWalletError(error) }));
    }
  }
  yield takeEvery(batchActions.requested.match, runOne);
}

export function* watchTransactions(): SagaIterator {
  yield fork(watchToastExpiry);
  yield fork(watchBatches);
  const context: TransactionsSagaContext = yield call(transactionsContext);
  const memory: TransactionMemory = createTransactionMemory(context.storage);
  const timeouts: SigningTimeouts = yield call(signingTimeouts);
  // Taken before anything is restored, so no transaction sent meanwhile is missed.
  const changes = yield actionChannel(isTransactionsAction);
  const followed = new Set<string>();
  function* followOnce(tx: SentTransaction): SagaIterator {
    const key = keyOf(tx);
    if (followed.has(key)) return;
    followed.add(key);
    try {
      // One mechanism for every kind of record: the follower registered for its `via` kind.
      yield call(follow, tx, timeouts);
    } catch {
      // Whatever went wrong, it stays as it is, re-checked on the next load.
    } finally {
      followed.delete(key);
    }
  }

  yield put(actions.restored({ transactions: hasKeptList(context.storage) ? memory.load() : [] }));
  let saved: SentTransaction[] = yield select(selectTransactionList);
  for (const tx of saved) if (isUnsettled(tx)) yield fork(followOnce, tx);
  while (true) {
    yield take(changes);
    const list: SentTransaction[] = yield select(selectTransactionList);
    if (list === saved) continue;
    // A transaction new to the list is one the wallet has just accepted: follow it.
    const known = new Set(saved.map(keyOf));
    for (const tx of list) if (!known.has(keyOf(tx)) && tx.status === 'pending') yield fork(followOnce, tx);
    memory.save(list);
    saved = list;
  }
}
