import type { ConnectionId } from '../src/lib/connectors/types';
import { ERROR_NAMES } from '../src/lib/errors';
import type { Connection, ConnectionMeta } from './walletSlice';
import type { RootState } from './types';

export type ConnectionStatus = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error';

export const selectCurrentConnectionId = (state: RootState) => state.wallet.current;
export const selectConnection = (state: RootState, id: ConnectionId): Connection => state.wallet.connections[id];
export const selectConnectionMeta = (state: RootState, id: ConnectionId): ConnectionMeta => state.wallet.meta[id];
export const selectAllowedChainIds = (state: RootState, id: ConnectionId): number[] => state.wallet.allowedChainIds[id];

/** SPEC: connected means chainId and accounts both known and no error. */
export function connectionStatus(connection: Connection, meta: ConnectionMeta): ConnectionStatus {
  // A silent probe (nothing was connected last time) stays "Disconnected" until it finds accounts.
  if (connection.activating && meta.phase === 'probing') return 'Disconnected';
  if (connection.activating) return meta.phase === 'reconnecting' ? 'Reconnecting' : 'Connecting';
  if (connection.error) return 'Error';
  if (connection.chainId !== undefined && connection.accounts !== undefined) return 'Connected';
  return 'Disconnected';
}

export const selectConnectionStatus = (state: RootState, id: ConnectionId): ConnectionStatus =>
  connectionStatus(state.wallet.connections[id], state.wallet.meta[id]);

export function isOnUnsupportedChain(connection: Connection): boolean {
  return connection.error?.name === ERROR_NAMES.chainIdNotAllowed;
}
