// The wallet parts that open on a user's action, each loaded after the first screen (chunk "later"):
// App renders them lazily, and the header's control warms the dialog up when the pointer reaches it.
export const loadConnectDialog = () => import(/* webpackChunkName: "later" */ './connect/ConnectDialog');
export const loadAccountMenu = () => import(/* webpackChunkName: "later" */ './menu/AccountMenu');

/** Starts loading the connect dialog without waiting for it (a failure surfaces when it is shown). */
export function preloadConnectDialog(): void {
  loadConnectDialog().catch(() => undefined);
}
export const loadNetworkList = () => import(/* webpackChunkName: "later" */ './menu/NetworkList');
