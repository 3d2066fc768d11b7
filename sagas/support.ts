// Small pieces every connection saga shares: the saga context and the per-kind reads of the store.
import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';
import type { ConnectionId } from '../src/lib/connectors/types';
import { selectConnection, selectConnectionActivity } from '../store/selectors';
import type { RootState } from '../store/types';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

export function* walletContext(): SagaIterator<WalletSagaContext> {
  const context: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  return context;
}

export const selectAttempt = (id: ConnectionId) => (state: RootState) => selectConnectionActivity(state, id).attempt;
/** Accounts are kept (validated) on success, also on a chain that is not allowed. */
export const selectHasAccounts = (id: ConnectionId) => (state: RootState) => selectConnection(state, id).accounts !== undefined;
export const selectActivating = (id: ConnectionId) => (state: RootState) => selectConnection(state, id).activating;
export const selectWalletLocked = (id: ConnectionId) => (state: RootState) => selectConnectionActivity(state, id).walletLocked === true;
/** The chain the wallet reported by an event during the attempt under way (the attempt starts without one). */
export const selectReportedChainId = (id: ConnectionId) => (state: RootState) => selectConnection(state, id).chainId;
export const selectDesiredChainId = (id: ConnectionId) => (state: RootState) => selectConnectionActivity(state, id).desiredChainId;

/**
 * Runs a saga as an error boundary: whatever it throws ends it, never its parent. Used for every
 * task forked per kind and for each watcher, so one wallet's failure stays that wallet's.
 */
export function* guarded(saga: (...args: never[]) => SagaIterator, ...args: unknown[]): SagaIterator {
  try {
    yield call(saga as (...args: unknown[]) => SagaIterator, ...args);
  } catch (error) {
    // The branch's own handling has recorded what the user must know; keep a trace for developers.
    if (typeof console !== 'undefined') console.error('walletdeck: a saga failed and was contained', error);
  }
}
