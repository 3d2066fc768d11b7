import { combineReducers } from '@reduxjs/toolkit';
import { environmentSlice } from './environmentSlice';
import { rpcApi } from './rpcApi';
import { kindView } from './selectors';
import { signingSlice } from './signingSlice';
import { transactionsSlice } from './transactionsSlice';
import { uiSlice } from './uiSlice';
import { walletSlice } from './walletSlice';

const combined = combineReducers({
  wallet: walletSlice.reducer,
  signing: signingSlice.reducer,
  transactions: transactionsSlice.reducer,
  ui: uiSlice.reducer,
  environment: environmentSlice.reducer,
  [rpcApi.reducerPath]: rpcApi.reducer,
});

/**
 * The slices, plus what spans two of them: the connect dialog showing a wallet's progress closes in
 * the very update that connects that wallet (on a supported network or not), so the page renders
 * "Connected" and the dialog's close once, and time travel replays them together.
 */
export const rootReducer: typeof combined = (state, action) => {
  const next = combined(state, action);
  const { open, kind } = next.ui.connectDialog;
  if (!open || kind === undefined) return next;
  const view = kindView(next.wallet.connections[kind], next.wallet.activity[kind]);
  if (view !== 'Connected' && view !== 'Unsupported network') return next;
  return { ...next, ui: { ...next.ui, connectDialog: { open: false } } };
};
