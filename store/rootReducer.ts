import { combineReducers } from '@reduxjs/toolkit';
import { environmentSlice } from './environmentSlice';
import { rpcApi } from './rpcApi';
import { kindView } from './selectors';
import { signingAfterWalletUpdate } from './signingSelectors';
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
 * The slices, plus what spans two of them: a change of who signs clears the old signing outcomes in
 * the same update (withSigningOutcomes); the connect dialog showing a wallet's progress closes in
 * the very update that connects that wallet (on a supported network or not), so the page renders
 * "Connected" and the dialog's close once, and time travel replays them together.
 */
export const rootReducer: typeof combined = (state, action) => {
  const next = withSigningOutcomes(state, combined(state, action));
  const { open, kind } = next.ui.connectDialog;
  if (!open || kind === undefined) return next;
  const view = kindView(next.wallet.connections[kind], next.wallet.activity[kind]);
  if (view !== 'Connected' && view !== 'Unsupported network') return next;
  return { ...next, ui: { ...next.ui, connectDialog: { open: false } } };
};

/** A change of the account, chain or wallet that signs clears the old one's signing outcomes (§7.6). */
function withSigningOutcomes(state: Parameters<typeof combined>[0], next: ReturnType<typeof combined>): ReturnType<typeof combined> {
  if (state?.wallet === undefined) return next;
  const signing = signingAfterWalletUpdate(next.signing, state.wallet, next.wallet);
  return signing === next.signing ? next : { ...next, signing };
}
