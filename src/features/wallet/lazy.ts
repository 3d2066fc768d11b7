// The wallet parts that open on a user's action. The account menu loads after the first screen (chunk
// "later"); the connect dialog in a chunk of its own, warmed up when the pointer or focus reaches the
// header's control and rendered only while it is open.
export const loadConnectDialog = () => import(/* webpackChunkName: "connect" */ './connect/ConnectDialog');
export const loadAccountMenu = () => import(/* webpackChunkName: "later" */ './menu/AccountMenu');

/** Starts loading the connect dialog without waiting for it (a failure surfaces when it is shown). */
export function preloadConnectDialog(): void {
  loadConnectDialog().catch(() => undefined);
}
export const loadNetworkList = () => import(/* webpackChunkName: "later" */ './menu/NetworkList');
