// Who signs, and what a change of signer does to the signing outcomes (docs/behaviour.md §7.6), from
// the slices' own data alone: the root reducer applies it, so it imports nothing that knows RootState.
import { connectionStatus } from './connectionView';
import { outcomesFor, type SigningContext, type SigningState } from './signingSlice';
import type { WalletState } from './walletSlice';

/** Who signs, from the wallet state alone: the current connection's account and chain while it is connected. */
export function signerOf(wallet: WalletState): SigningContext | undefined {
  const connectionId = wallet.current;
  const connection = wallet.connections[connectionId];
  if (connectionStatus(connection, wallet.activity[connectionId]) !== 'Connected') return undefined;
  const account = connection.accounts?.[0];
  return account !== undefined && connection.chainId !== undefined ? { connectionId, account, chainId: connection.chainId } : undefined;
}

const sameSigner = (a: SigningContext | undefined, b: SigningContext | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.connectionId === b.connectionId && a.chainId === b.chainId && a.account.toLowerCase() === b.account.toLowerCase());

/**
 * The signing state after a wallet update (docs/behaviour.md §7.6): when the account, chain or wallet
 * that signs changed, the outcomes of the one before are cleared (outcomesFor). Applied by the root
 * reducer to every update, so any way the wallet state changes (a saga, DevTools, a replay) clears them.
 */
export function signingAfterWalletUpdate(signing: SigningState, before: WalletState, after: WalletState): SigningState {
  if (before === after) return signing;
  const now = signerOf(after);
  return sameSigner(signerOf(before), now) ? signing : outcomesFor(signing, now);
}
