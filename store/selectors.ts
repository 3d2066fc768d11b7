import { CONNECTION_IDS, type AnnouncedWallet, type ConnectionId, type ConnectorInfo } from '../src/lib/connectors/types';
import { connectionStatus, kindView, type ConnectionStatus, type KindView } from './connectionView';
import type { Connection, ConnectionActivity } from './walletSlice';
import type { RootState } from './types';


export const selectCurrentConnectionId = (state: RootState) => state.wallet.current;
export const selectConnection = (state: RootState, id: ConnectionId): Connection => state.wallet.connections[id];
export const selectConnectionActivity = (state: RootState, id: ConnectionId): ConnectionActivity => state.wallet.activity[id];
export const selectAllowedChainIds = (state: RootState, id: ConnectionId): number[] => state.wallet.allowedChainIds[id];


export const selectConnectionStatus = (state: RootState, id: ConnectionId): ConnectionStatus =>
  connectionStatus(state.wallet.connections[id], state.wallet.activity[id]);


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




export const selectKindView = (state: RootState, id: ConnectionId): KindView => kindView(state.wallet.connections[id], state.wallet.activity[id]);

/**
 * A QR code is drawn and nobody has scanned it yet: nothing is connecting until the phone answers, so
 * no spinner anywhere, the header's included (docs/behaviour.md §6.3).
 */
export const selectWaitsForScan = (state: RootState, id: ConnectionId): boolean =>
  selectKindView(state, id) === 'Connecting' && state.wallet.activity[id].pairingUri !== undefined && !state.wallet.activity[id].awaitingWallet;

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
