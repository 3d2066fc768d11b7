// What Coinbase Wallet needs in the shipped Content-Security-Policy, read by the build only
// (scripts/kindCsp.ts): never part of the page's scripts.
import type { KindBuild, KindCsp } from '../kind';

/**
 * The Coinbase Wallet app link (@coinbase/wallet-sdk 4.4 WALLETLINK_URL: its events over https, its
 * socket over wss), and the chain proxy whose URLs (`?targetName=<chain>`) Coinbase's keys page hands the
 * SDK as its chains' RPC URLs: the SDK sends there every method its window does not answer, the
 * batch status (wallet_getCallsStatus) among them, so without it a smart account's batch is never
 * followed to confirmed.
 */
export const COINBASE_CONNECT = ['https://www.walletlink.org', 'wss://www.walletlink.org', 'https://chain-proxy.wallet.coinbase.com'];

/**
 * The SDK draws its "pop-up blocked" snackbar and its mobile-app dialogs with inline <style> elements
 * of fixed text: the build allows them by their hashes, computed from the installed SDK.
 */
const COINBASE_STYLE_MODULES = [
  'dist/sign/walletlink/relay/ui/components/cssReset/cssReset-css.js',
  'dist/sign/walletlink/relay/ui/components/Snackbar/Snackbar-css.js',
  'dist/sign/walletlink/relay/ui/components/RedirectDialog/RedirectDialog-css.js',
];

/**
 * A keys page of the deployer's own (COINBASE_KEYS_URL, e.g. `npm start`'s development popup) may hand
 * the SDK RPC URLs on its own origin, which the SDK then asks what the window does not answer
 * (wallet_getCallsStatus about a batch): that origin is reached too. Coinbase's own keys page is only
 * opened as a window, so the default adds nothing.
 */
export function csp(build?: KindBuild): KindCsp {
  const keysUrl = build?.setting('COINBASE_KEYS_URL');
  return {
    connect: keysUrl ? [...COINBASE_CONNECT, new URL(keysUrl).origin] : COINBASE_CONNECT,
    styleModules: { package: '@coinbase/wallet-sdk', files: COINBASE_STYLE_MODULES },
  };
}
