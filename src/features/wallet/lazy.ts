// The wallet parts that open on a user's action. The account menu loads after the first screen (chunk
// "later"); the connect dialog in a chunk of its own, warmed up when the pointer or focus reaches the
// header's control and rendered only while it is open. What shows a connected wallet (the header's
// network and account buttons, the overview's account part) is the "connected" chunk: warmed up with
// the connect dialog, and at once when a connection is under way (a returning user's silent
// reconnect starts it before React mounts: src/main.tsx), so a first visit does not carry it.
type ConnectedControlsModule = typeof import('./ConnectedControls');
type AccountOverviewModule = typeof import('../chain/AccountOverview');
let connectedControls: ConnectedControlsModule | undefined;
let accountOverview: AccountOverviewModule | undefined;
export const loadConnectedControls = () => import(/* webpackChunkName: "connected" */ './ConnectedControls').then((m) => (connectedControls = m));
export const loadAccountOverview = () => import(/* webpackChunkName: "connected" */ '../chain/AccountOverview').then((m) => (accountOverview = m));
/** The connected view's modules once they are here: a part that appears then renders at once (lazyPart's `loaded`). */
export const loadedConnectedControls = (): ConnectedControlsModule | undefined => connectedControls;
export const loadedAccountOverview = (): AccountOverviewModule | undefined => accountOverview;
const loadConnectedView = () => Promise.all([loadConnectedControls(), loadAccountOverview()]);
/**
 * The dialog shows its list once what a connection then shows has arrived too (both are asked for at
 * once): a click in the list never waits for a script before "Connected".
 */
export const loadConnectDialog = () => Promise.all([import(/* webpackChunkName: "connect" */ './connect/ConnectDialog'), loadConnectedView()]).then(([dialog]) => dialog);
export const loadAccountMenu = () => import(/* webpackChunkName: "later" */ './menu/AccountMenu');

/** Starts loading the connected view without waiting for it (a failure surfaces when it is shown). */
export function preloadConnectedView(): void {
  loadConnectedView().catch(() => undefined);
}

/** Starts loading the connect dialog, and what a connection then shows, without waiting for them. */
export function preloadConnectDialog(): void {
  loadConnectDialog().catch(() => undefined);
}
export const loadNetworkList = () => import(/* webpackChunkName: "later" */ './menu/NetworkList');
