// "Send to several" in the store (docs/behaviour.md §7.9): the reducer of batchActions
// (store/transactionsSlice.ts), added to the transactions slice when this module loads, with the
// signing panel or the batch saga. Every payload is checked: a replayed or hand-made action changes
// nothing unless it is a proper step of the batch running now.
import { createReducer } from '@reduxjs/toolkit';
import { readTransfer } from '../src/lib/sentRecords';
import { MAX_TRANSFERS, type SentTransfer } from '../src/lib/sentTransactions';
import { batchActions, batchRunning, injectTransactionsReducer, transactionsSlice } from './transactionsSlice';

export const batchReducer = createReducer(transactionsSlice.getInitialState(), (builder) =>
  builder
    .addCase(batchActions.requested, (state, action) => {
      if (batchRunning(state.batch)) return;
      const { id, connectionId, account, chainId, transfers } = action.payload;
      if (typeof id !== 'string' || !Array.isArray(transfers) || transfers.length < 2 || transfers.length > MAX_TRANSFERS) return;
      const checked = transfers.map(readTransfer);
      if (checked.some((t) => t === undefined || /^0x0{40}$/.test(t.to))) return;
      state.batch = { id, connectionId, account, chainId, transfers: checked as SentTransfer[], status: 'checking', sent: 0, stopRequested: false };
    })
    .addCase(batchActions.changed, (state, action) => {
      const batch = state.batch;
      const { id, mode, sent, key, stop, end, error } = action.payload ?? {};
      if (!batch || batch.id !== id || !batchRunning(batch)) return;
      if (mode === 'atomic' || mode === 'oneByOne') Object.assign(batch, { mode, status: 'waiting' });
      if (Number.isInteger(sent) && sent! >= batch.sent && sent! <= batch.transfers.length) {
        batch.sent = sent!;
        if (sent === batch.transfers.length) batch.status = 'done';
      }
      if (typeof key === 'string') batch.key = key;
      if (stop === true) batch.stopRequested = true;
      if (end === 'stopped' || end === 'declined' || end === 'failed') {
        batch.status = end;
        if (typeof error?.name === 'string' && typeof error.message === 'string') batch.error = { name: error.name, message: error.message, ...(Number.isInteger(error.code) ? { code: error.code } : {}) };
      }
    })
    .addCase(batchActions.cleared, (state, action) => {
      if (state.batch && state.batch.id === action.payload?.id && !batchRunning(state.batch)) state.batch = null;
    }),
);

injectTransactionsReducer(batchReducer);

export { batchActions };
