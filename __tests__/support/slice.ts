// Shared helpers for tests of the wallet slice: a state built by folding real actions through the
// real reducer, never written by hand.
import { createWalletState, walletActions as a, walletSlice, type WalletState } from '../../store/walletSlice';
import { CONNECTION_IDS, type ConnectionId } from '../../src/lib/connectors/types';

/** The same allowed chains for every kind of the registry (a test never lists the kinds by hand). */
export function everyKind(chainIds: readonly number[]): Record<ConnectionId, number[]> {
  return Object.fromEntries(CONNECTION_IDS.map((id) => [id, [...chainIds]])) as Record<ConnectionId, number[]>;
}

export const ALLOWED = everyKind([1, 10]);
export const LOWER_ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

export const reduce = (state: WalletState, ...actions: Parameters<typeof walletSlice.reducer>[1][]) =>
  actions.reduce((s, action) => walletSlice.reducer(s, action), state);

export function started(id: ConnectionId = 'injected', from: WalletState = createWalletState(ALLOWED)): WalletState {
  return reduce(from, a.activationStarted({ id, eager: false }));
}

export function connected(id: ConnectionId = 'injected', chainId = 1, from: WalletState = createWalletState(ALLOWED)): WalletState {
  const s = started(id, from);
  return reduce(s, a.activationSucceeded({ id, attempt: s.activity[id].attempt, chainId, accounts: [LOWER_ACCOUNT] }));
}
