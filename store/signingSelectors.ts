import { createSelector } from '@reduxjs/toolkit';
import type { ConnectionId } from '../src/lib/connectors/types';
import { selectConnection, selectConnectionStatus, selectCurrentConnectionId } from './selectors';
import type { SigningKind, SigningRequest } from './signingSlice';
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
