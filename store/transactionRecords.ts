// The transactions slice's records (docs/behaviour.md §10): a sent transaction stored, the entries read
// back from an earlier visit merged in, a settlement applied. Every payload is checked here
// (src/lib/sentTransactions.ts), so a replayed or hand-made action cannot store a bad entry. Added to
// the slice (injectTransactionsReducer) when this module loads: with the signing panel, which sends,
// and with the follower, which reads the kept list and follows it. A first visit loads neither.
import { createReducer } from '@reduxjs/toolkit';
import { boundTransactions, createTransactionMemory, readSentTransaction, readTransactionList } from '../src/lib/sentRecords';
import { find, injectTransactionsReducer, keyOf, lateParts, pruneToasts, transactionsActions as actions, transactionsSlice } from './transactionsSlice';

export const recordsReducer = createReducer(transactionsSlice.getInitialState(), (builder) =>
  builder
    .addCase(actions.sent, (state, action) => {
      const tx = readSentTransaction({ ...action.payload, status: 'pending', blockNumber: undefined, receipts: undefined });
      if (!tx) return;
      const key = keyOf(tx);
      if (state.list.some((t) => keyOf(t) === key)) return;
      state.list = boundTransactions([tx, ...state.list]);
      state.toasts = [...state.toasts.filter((k) => k !== key), key];
      pruneToasts(state);
    })
    // The list kept from an earlier visit (untrusted: checked entry by entry), merged under this page's.
    .addCase(actions.restored, (state, action) => {
      const earlier = readTransactionList(typeof action.payload === 'object' && action.payload !== null ? action.payload.transactions : undefined);
      const known = new Set(state.list.map(keyOf));
      state.list = boundTransactions([...state.list, ...earlier.filter((tx) => !known.has(keyOf(tx)))]);
      pruneToasts(state);
    })
    .addCase(actions.settled, (state, action) => {
      const tx = find(state, action.payload);
      if (!tx || (tx.status !== 'pending' && tx.status !== 'unconfirmed')) return;
      const { status, blockNumber, hash, receipts } = action.payload;
      if (status !== 'confirmed' && status !== 'failed' && status !== 'partial') return;
      // The record as it would become, checked as a whole; its identity cannot change.
      const next = readSentTransaction({ ...tx, status, blockNumber, hash: hash ?? tx.hash, receipts });
      if (!next || keyOf(next) !== keyOf(tx)) return;
      Object.assign(tx, next);
    }),
);

injectTransactionsReducer(recordsReducer);
lateParts.memory = createTransactionMemory;

export { actions as transactionsActions };
