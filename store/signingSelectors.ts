import { createSelector } from '@reduxjs/toolkit';
import type { ConnectionId } from '../src/lib/connectors/types';
import { connectionStatus, selectConnection, selectConnectionStatus, selectCurrentConnectionId } from './selectors';
import { outcomesFor, SIGNING_KINDS, type SigningContext, type SigningKind, type SigningRequest, type SigningState } from './signingSlice';
import type { RootState } from './types';
import type { WalletState } from './walletSlice';

/** Who signs: the current connection's selected account on its chain, only while it is connected. */
export interface SigningTarget {
  connectionId: ConnectionId;
  account: string;
  chainId: number;
}

export function signingTargetOf(state: RootState, connectionId: ConnectionId): SigningTarget | undefined {
  if (selectConnectionStatus(state, connectionId) !== 'Connected') return undefined;
  const { accounts, chainId } = selectConnection(state, connectionId);
  const account = accounts?.[0];
  return account !== undefined && chainId !== undefined ? { connectionId, account, chainId } : undefined;
}

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

export const selectSigningTarget = createSelector(
  [
    selectCurrentConnectionId,
    (state: RootState) => signingTargetOf(state, selectCurrentConnectionId(state))?.account,
    (state: RootState) => signingTargetOf(state, selectCurrentConnectionId(state))?.chainId,
  ],
  (connectionId, account, chainId): SigningTarget | undefined =>
    account !== undefined && chainId !== undefined ? { connectionId, account, chainId } : undefined,
);

export const selectSigningRequest = (state: RootState, kind: SigningKind): SigningRequest | undefined => state.signing.requests[kind];

/** What waits on a kind's wallet for the user: the connection's own request, or a signing request. */
export type WalletPrompt = 'connect' | 'switchChain' | SigningKind;

/**
 * What the user should answer in the kind's wallet, once it has waited a moment (undefined when
 * nothing waits, or the wallet is about to answer): a signing request of that kind's connection
 * that the wallet has not answered yet, else the connection's own connect or chain switch.
 */
export function selectWalletPrompt(state: RootState, kind: ConnectionId): WalletPrompt | undefined {
  for (const signing of SIGNING_KINDS) {
    const request = state.signing.requests[signing];
    if (request?.connectionId === kind && request.status === 'waiting' && (request.noAnswerYet || request.walletBusy)) return signing;
  }
  const activity = state.wallet.activity[kind];
  if (!activity.awaitingWallet) return undefined;
  if (state.wallet.connections[kind].activating) return 'connect';
  return activity.switchingTo !== undefined ? 'switchChain' : undefined;
}
