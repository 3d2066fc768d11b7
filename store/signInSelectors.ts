// What sign-in reads of the store (docs/behaviour.md §13): who would sign in (the page's current
// account) and the sign-in state itself.
import type { ConnectionId } from '../src/lib/connectors/types';
import type { SignInState } from './signInSlice';
import type { RootState } from './types';

/** The account sign-in is about: the current connection's selected account, on the chain it is on. */
export interface SignInTarget {
  kind: ConnectionId;
  address: string;
  chainId: number;
}

/**
 * The current connection's account and chain once the wallet has answered (also on a chain the app does
 * not allow: sign-in then says why it does not ask), else undefined (nothing connected, or connecting).
 */
export function selectSignInTarget(state: RootState): SignInTarget | undefined {
  const kind = state.wallet.current;
  const { accounts, chainId, activating } = state.wallet.connections[kind];
  const address = accounts?.[0];
  return !activating && address !== undefined && chainId !== undefined ? { kind, address, chainId } : undefined;
}

export const selectSignIn = (state: RootState): SignInState => state.signIn;
