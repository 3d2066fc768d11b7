// Following one sent transaction to its receipt on the chain's public endpoints (never the wallet):
// loaded by sagas/transactions.ts when there is one to follow.
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { SentTransaction } from '../src/lib/sentTransactions';
import { balanceTag } from '../store/chainApi';
import { rpcApi } from '../store/rpcApi';
import { transactionsApi, type ReceiptOutcome } from '../store/transactionsApi';
import { transactionsActions as actions } from '../store/transactionsSlice';
import type { SigningTimeouts } from './signingContext';

/** Reads the receipt through the RTK Query API (the thunk goes through the store's dispatch). */
function* readReceipt(chainId: number, hash: string): SagaIterator<ReceiptOutcome> {
  const thunk = transactionsApi.endpoints.getTransactionReceipt.initiate({ chainId, hash }, { subscribe: false, forceRefetch: true });
  // put() hands its argument to the store's dispatch, which runs thunks and returns their result.
  const query: ReturnType<typeof thunk> = yield put(thunk as unknown as UnknownAction);
  const outcome: ReceiptOutcome = yield call([query, query.unwrap]);
  return outcome;
}

interface Mined {
  blockNumber: number;
  success: boolean;
  /** A read found it not mined yet: the balances on screen may be older than its block. */
  waited: boolean;
}

function* receiptOf(chainId: number, hash: string, timeouts: SigningTimeouts): SagaIterator<Mined> {
  let waited = false;
  while (true) {
    try {
      const outcome: { receipt?: ReceiptOutcome; timeout?: true } = yield race({ receipt: call(readReceipt, chainId, hash), timeout: delay(timeouts.readMs) });
      if (outcome.receipt) return { ...outcome.receipt, waited };
      if (outcome.receipt === null) waited = true;
    } catch {
      // An endpoint failing or answering nonsense is not the transaction's fate: keep following.
    }
    yield delay(timeouts.pollMs);
  }
}

/** Pending until its receipt says confirmed or failed; not confirmed yet after `receiptMs`. */
export function* follow(tx: SentTransaction, timeouts: SigningTimeouts): SagaIterator {
  const { chainId, hash } = tx;
  yield put(actions.recheckStarted({ chainId, hash }));
  const outcome: { mined?: Mined; timeout?: true } = yield race({ mined: call(receiptOf, chainId, hash, timeouts), timeout: delay(timeouts.receiptMs) });
  if (!outcome.mined) {
    yield put(actions.unconfirmed({ chainId, hash }));
    return;
  }
  const { blockNumber, success, waited } = outcome.mined;
  yield put(actions.mined({ chainId, hash, blockNumber, success }));
  // The balances on screen follow at once, not at the next block poll.
  if (waited) yield put(rpcApi.util.invalidateTags([balanceTag(chainId, tx.account), balanceTag(chainId, tx.to)]));
}
