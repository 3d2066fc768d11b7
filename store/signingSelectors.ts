import { createSelector } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import { isOnUnsupportedChain } from './connectionView';
import { selectConnection, selectConnectionStatus, selectCurrentConnectionId } from './selectors';
import { SIGNING_KINDS, type SigningKind, type SigningRequest } from './signingSlice';
import type { RootState } from './types';

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

/**
 * Whether the page already says, where the user is, that the prompt waits (with its own way to stop
 * waiting): a connect in the connect dialog on that kind; a chain switch of the current wallet in the
 * account menu or the network list while open, or in the banner on an unsupported network; a signing
 * request in the form that asked (Sign and send shows its forms while a wallet is connected).
 */
function promptSaidInPlace(state: RootState, kind: ConnectionId, prompt: WalletPrompt): boolean {
  if (prompt === 'connect') return state.ui.connectDialog.open && state.ui.connectDialog.kind === kind;
  if (prompt === 'switchChain') {
    if (kind !== selectCurrentConnectionId(state)) return false;
    return state.ui.accountMenuOpen || state.ui.networkListOpen || isOnUnsupportedChain(selectConnection(state, kind));
  }
  return selectSigningTarget(state) !== undefined;
}

/**
 * The corner notice a kind shows (src/features/wallet/CornerNotice.tsx): "Confirm on phone" while a
 * request waits on a wallet outside this browser and no other part of the page says so (one wait, one
 * notice: docs/behaviour.md §6.7), "Connection lost" when its link dropped. A browser extension kind
 * prompts in this browser, and its card says enough: none.
 */
export function selectCornerNotice(state: RootState, kind: ConnectionId): 'confirm' | 'lost' | undefined {
  if (state.wallet.kinds[kind].wallets !== undefined) return undefined;
  const prompt = selectWalletPrompt(state, kind);
  if (prompt !== undefined) return promptSaidInPlace(state, kind, prompt) ? undefined : 'confirm';
  return state.wallet.activity[kind].linkLost === true ? 'lost' : undefined;
}

/** Whether any kind has a corner notice to show (its code then loads: docs/architecture.md). */
export const selectCornerNoticeDue = (state: RootState): boolean => CONNECTION_IDS.some((id) => selectCornerNotice(state, id) !== undefined);
