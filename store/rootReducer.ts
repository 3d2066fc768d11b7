import { combineSlices, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { environmentSlice } from './environmentSlice';
import { rpcApi } from './rpcApi';
import { kindView } from './connectionView';
import { signingAfterUpdate, transactionsAfterUpdate } from './signer';
import { signInSlice } from './signInSlice';
import { signingSlice } from './signingSlice';
import { transactionsSlice } from './transactionsSlice';
import { uiSlice } from './uiSlice';
import { walletSlice } from './walletSlice';

// Every reducer, RTK Query's (`state.rpc`) included, is here from the start (docs/architecture.md).
const slices = () => combineSlices(walletSlice, signingSlice, transactionsSlice, uiSlice, environmentSlice, signInSlice, rpcApi);

type Combined = ReturnType<typeof slices>;
export type CombinedState = ReturnType<Combined>;

/**
 * One store's reducer (store/setupStore.ts builds one per store, never shared): the slices, plus
 * what spans two of them.
 * A change of who signs clears the old signing outcomes in the same update (withSigningOutcomes);
 * the connect dialog showing a wallet's progress closes in the very update that connects that
 * wallet (on a supported network or not), so the page renders "Connected" and the dialog's close
 * once, and time travel replays them together.
 */
export function createRootReducer(): Reducer<CombinedState, UnknownAction, Partial<CombinedState>> {
  const combined = slices();
  const reducer = (state: Partial<CombinedState> | undefined, action: UnknownAction): CombinedState => {
    const next = withSigningOutcomes(state, combined(state, action));
    const { open, kind } = next.ui.connectDialog;
    if (!open || kind === undefined) return next;
    const view = kindView(next.wallet.connections[kind], next.wallet.activity[kind]);
    if (view !== 'Connected' && view !== 'Unsupported network') return next;
    return { ...next, ui: { ...next.ui, connectDialog: { open: false } } };
  };
  return reducer;
}

/** A change of the account, chain or wallet that signs clears the old one's outcomes, a batch's too (§7.6, §7.9). */
function withSigningOutcomes(state: Partial<CombinedState> | undefined, next: CombinedState): CombinedState {
  if (state?.wallet === undefined) return next;
  const signing = signingAfterUpdate(state.signing, next.signing, state.wallet, next.wallet);
  const transactions = transactionsAfterUpdate(state.transactions, next.transactions, state.wallet, next.wallet);
  return signing === next.signing && transactions === next.transactions ? next : { ...next, signing, transactions };
}
