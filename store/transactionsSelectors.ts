// What the screens and sagas read of the sent transactions (store/transactionsSlice.ts). Apart from the
// slice, so that the first visit's script, which carries the slice's reducer, does not carry these:
// every reader is in a chunk of its own (the signing panel, the toasts, the connected view, the sagas of
// a wallet in use).
import { createSelector } from '@reduxjs/toolkit';
import { transactionKey, type SentTransaction } from '../src/lib/sentTransactions';
import { keyOf, toastCountsDown, type BatchRequest } from './transactionsSlice';
import type { RootState } from './types';

const sameAccount = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const selectTransactionList = (state: RootState): SentTransaction[] => state.transactions.list;

/** The recent transactions of one account on one chain, newest first. */
export const selectRecentTransactions = createSelector(
  [selectTransactionList, (_state: RootState, account: string) => account, (_state: RootState, _account: string, chainId: number) => chainId],
  (list, account, chainId) => list.filter((tx) => tx.chainId === chainId && sameAccount(tx.account, account)),
);

/** The account's transactions on the chain still waiting to be mined (the account button's indicator). */
export const selectPendingTransactions = createSelector([selectRecentTransactions], (list) => list.filter((tx) => tx.status === 'pending'));

/** The transaction the wallet answered with this hash (eth_sendTransaction). */
export const selectTransaction = (state: RootState, chainId: number, hash: string): SentTransaction | undefined => selectSent(state, transactionKey(chainId, hash));

/** Any record by its key (sentKey). */
export const selectSent = (state: RootState, key: string): SentTransaction | undefined => state.transactions.list.find((tx) => keyOf(tx) === key);

/** The transactions with a toast on screen, oldest first. */
export const selectToastTransactions = createSelector([selectTransactionList, (state: RootState) => state.transactions.toasts], (list, toasts) =>
  toasts.flatMap((key) => list.filter((tx) => keyOf(tx) === key)),
);

/** The toasts counting down to leaving: settled, and neither hovered nor focused. */
export const selectExpiringToasts = createSelector(
  [selectToastTransactions, (state: RootState) => state.transactions.heldToasts],
  (toasts, held) => toasts.filter((tx) => toastCountsDown(tx) && !held.includes(keyOf(tx))),
);

/** Transactions to follow to their receipt: pending or not confirmed yet. */
export const isUnsettled = (tx: SentTransaction): boolean => tx.status === 'pending' || tx.status === 'unconfirmed';

export const selectBatch = (state: RootState): BatchRequest | null => state.transactions.batch;

/** The "Send to several" asked of this account, chain and wallet, or null: a form shows only its own (docs/behaviour.md §7.9). */
export function selectBatchOf(state: RootState, target: { connectionId: string; account: string; chainId: number }): BatchRequest | null {
  const batch = state.transactions.batch;
  return batch !== null && batch.connectionId === target.connectionId && batch.chainId === target.chainId && sameAccount(batch.account, target.account) ? batch : null;
}
