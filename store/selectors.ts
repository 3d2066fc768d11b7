import { CONNECTION_IDS, type AnnouncedWallet, type ConnectionId, type ConnectorInfo } from '../src/lib/connectors/types';
import { ERROR_NAMES } from '../src/lib/errors';
import type { Connection, ConnectionActivity } from './walletSlice';
import type { RootState } from './types';

export type ConnectionStatus = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required';

export const selectCurrentConnectionId = (state: RootState) => state.wallet.current;
export const selectConnection = (state: RootState, id: ConnectionId): Connection => state.wallet.connections[id];
export const selectConnectionActivity = (state: RootState, id: ConnectionId): ConnectionActivity => state.wallet.activity[id];
export const selectAllowedChainIds = (state: RootState, id: ConnectionId): number[] => state.wallet.allowedChainIds[id];

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

export const selectConnectionStatus = (state: RootState, id: ConnectionId): ConnectionStatus =>
  connectionStatus(state.wallet.connections[id], state.wallet.activity[id]);

export function isOnUnsupportedChain(connection: Connection): boolean {
  return connection.error?.name === ERROR_NAMES.chainIdNotAllowed;
}

/** What a kind offers in this build (name, face, availability and why not, extension suggestion). */
export const selectConnectorInfo = (state: RootState, id: ConnectionId): ConnectorInfo => state.wallet.kinds[id];
/** Every kind as plain data, keyed by id (the connect dialog's list). */
export const selectKinds = (state: RootState): Readonly<Record<ConnectionId, ConnectorInfo>> => state.wallet.kinds;
/** The kind lists the browser's own wallets (EIP-6963 announcements): its definition's face says so. */
export const selectListsBrowserWallets = (state: RootState, id: ConnectionId): boolean => state.wallet.kinds[id].face.browserWallets === true;

const NO_WALLETS: AnnouncedWallet[] = [];
/** Browser extensions that announced themselves (EIP-6963), for the user to pick from. */
export const selectAnnouncedWallets = (state: RootState): AnnouncedWallet[] => {
  const lister = CONNECTION_IDS.find((id) => selectListsBrowserWallets(state, id));
  return (lister === undefined ? undefined : state.wallet.kinds[lister].wallets) ?? NO_WALLETS;
};
/** The extension the user picked (rdns), if any. */
export const selectChosenExtension = (state: RootState): string | undefined => state.wallet.chosenExtension;
/** The user went on without the extension this kind suggested (the suggestion is not shown again). */
export const selectPassedSuggestion = (state: RootState, id: ConnectionId): boolean => state.wallet.withoutExtension?.includes(id) === true;


// Small per-connection reads for the UI (components never read state.wallet inline).
export const selectLinkLost = (state: RootState, id: ConnectionId): boolean => state.wallet.activity[id].linkLost === true;

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

export const selectKindView = (state: RootState, id: ConnectionId): KindView => kindView(state.wallet.connections[id], state.wallet.activity[id]);

/**
 * The browser extension the browser-extension kind uses, as the connector chooses it: the user's
 * pick, else MetaMask, else the first that announced itself; undefined for a legacy `window.ethereum`.
 */
export function selectActiveExtension(state: RootState): AnnouncedWallet | undefined {
  const wallets = selectAnnouncedWallets(state);
  const chosen = state.wallet.chosenExtension;
  return wallets.find((w) => w.rdns === chosen) ?? wallets.find((w) => w.rdns === 'io.metamask') ?? wallets[0];
}

/** The wallet's own name for a kind: the announced extension's ("MetaMask"), the session's wallet ("Rainbow"), else the kind's. */
export function selectWalletName(state: RootState, id: ConnectionId): string {
  return (selectListsBrowserWallets(state, id) ? selectActiveExtension(state)?.name : undefined) ?? state.wallet.activity[id].peer?.name ?? state.wallet.kinds[id].name;
}

/** The wallet's icon (a safe data URI) where it announced one, else ''. */
export function selectWalletIcon(state: RootState, id: ConnectionId): string {
  return (selectListsBrowserWallets(state, id) ? selectActiveExtension(state)?.icon : undefined) ?? state.wallet.activity[id].peer?.icon ?? '';
}

/** The kind the user chose last, when they have chosen one (labelled "Recent"). */
export const selectRecentKind = (state: RootState): ConnectionId | undefined => (state.wallet.chosen ? state.wallet.current : undefined);

/** The connect dialog: closed, the wallet list, or a kind's progress. */
export const selectConnectDialog = (state: RootState) => state.ui.connectDialog;

/**
 * What the first screen still waits for: 'wallet' while a kind is being reconnected silently at
 * start, 'reads' while a chain read is on its way, 'user' once the user has started a connect
 * (dialogs are needed now), or 'nothing'.
 */
export function selectFirstScreenWait(state: RootState): 'wallet' | 'reads' | 'user' | 'nothing' {
  if (state.ui.connectDialog.open || state.ui.accountMenuOpen || state.ui.networkListOpen) return 'user';
  const phases = CONNECTION_IDS.filter((id) => state.wallet.connections[id].activating).map((id) => state.wallet.activity[id].phase);
  if (phases.includes('connecting')) return 'user';
  if (phases.includes('reconnecting') || phases.includes('probing')) return 'wallet';
  // The read layer on its way counts as a read on its way (a store without one reads nothing).
  if (state.readLayer.status === 'loading') return 'reads';
  return Object.values(state.rpc?.queries ?? {}).some((query) => query?.status === 'pending') ? 'reads' : 'nothing';
}
