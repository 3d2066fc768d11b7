// What a connection is, as the user is shown it, from the wallet slice's own data alone (no RootState):
// the root reducer uses it too, so it imports nothing that knows the whole state.
import { ERROR_NAMES } from '../src/lib/errors';
import type { Connection, ConnectionActivity } from './walletSlice';

export type ConnectionStatus = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required';

/** Connected: chainId and accounts both known and no error (docs/behaviour.md §2.1). */
export function connectionStatus(connection: Connection, activity: ConnectionActivity): ConnectionStatus {
  // A silent probe (nothing was connected last time) stays "Disconnected" until it finds accounts.
  if (connection.activating && activity.phase === 'probing') return 'Disconnected';
  if (connection.activating) return activity.phase === 'reconnecting' ? 'Reconnecting' : 'Connecting';
  if (activity.linkDead) return 'Reload required';
  if (connection.error) return 'Error';
  if (connection.chainId !== undefined && connection.accounts !== undefined) return 'Connected';
  return 'Disconnected';
}

export function isOnUnsupportedChain(connection: Connection): boolean {
  return connection.error?.name === ERROR_NAMES.chainIdNotAllowed;
}

/** The user's own "no": a refusal in the wallet (4001) or the QR dialog closed. Shown as a notice, not an error. */
export function isDeclined(connection: Connection): boolean {
  const error = connection.error;
  return error !== undefined && connection.accounts === undefined && (error.code === 4001 || error.name === ERROR_NAMES.userClosedModal);
}

/** What the user is shown of a kind: its status, with the user's own "no" and a foreign chain told apart. */
export type KindView = ConnectionStatus | 'Unsupported network';

export function kindView(connection: Connection, activity: ConnectionActivity): KindView {
  const status = connectionStatus(connection, activity);
  if (status !== 'Error') return status;
  if (isDeclined(connection)) return 'Disconnected';
  return isOnUnsupportedChain(connection) ? 'Unsupported network' : 'Error';
}
