// The wallet parts that open on a user's action. The account menu loads after the first screen (chunk
// "later"); the connect dialog in a chunk of its own, warmed up when the pointer or focus reaches the
// header's control and rendered only while it is open. What shows a connected wallet (the header's
// network and account buttons, the overview's account part) is the "connected" chunk: warmed up with
// the connect dialog, and at once when a connection is under way (a returning user's silent
// reconnect starts it before React mounts: src/main.tsx), so a first visit does not carry it.
export const loadConnectDialog = () => import(/* webpackChunkName: "connect" */ './connect/ConnectDialog');
export const loadAccountMenu = () => import(/* webpackChunkName: "later" */ './menu/AccountMenu');
export const loadConnectedControls = () => import(/* webpackChunkName: "connected" */ './ConnectedControls');
export const loadAccountOverview = () => import(/* webpackChunkName: "connected" */ '../chain/AccountOverview');

/** Starts loading the connected view without waiting for it (a failure surfaces when it is shown). */
export function preloadConnectedView(): void {
  loadConnectedControls().catch(() => undefined);
  loadAccountOverview().catch(() => undefined);
}

/** Starts loading the connect dialog, and what a connection then shows, without waiting for them. */
export function preloadConnectDialog(): void {
  loadConnectDialog().catch(() => undefined);
  preloadConnectedView();
}
export const loadNetworkList = () => import(/* webpackChunkName: "later" */ './menu/NetworkList');
