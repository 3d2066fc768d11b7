// The page's Content-Security-Policy, derived at build time from the configuration (webpack.config.ts):
// scripts only from the app's own origin; connections only to the configured RPC endpoints, the
// WalletConnect relay and Verify hosts and what the Coinbase Wallet SDK reaches; images from the app
// and data: URIs (wallet icons); no plugins, no <base>, no form posts. What each wallet SDK needs was
// found by reading it (README, "Content-Security-Policy").
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const path = require('node:path');

/** The SDK's default relay (@walletconnect/core 2.25), used when WALLETCONNECT_RELAY_URL is unset. */
const WALLETCONNECT_DEFAULT_RELAY = 'wss://relay.walletconnect.org';
/** Verify: the dapp side loads an attestation frame from one and fetches from it (@walletconnect/core 2.25). */
const WALLETCONNECT_VERIFY = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'];
/** The Coinbase Wallet app link (@coinbase/wallet-sdk 4.4 WALLETLINK_URL: its events over https, its socket over wss). */
const COINBASE_CONNECT = ['https://www.walletlink.org', 'wss://www.walletlink.org'];
/**
 * The Coinbase Wallet SDK draws its "pop-up blocked" snackbar and its mobile-app dialogs with inline
 * <style> elements of fixed text: allowed by their hashes, computed from the installed SDK.
 */
const COINBASE_STYLE_MODULES = [
  'sign/walletlink/relay/ui/components/cssReset/cssReset-css.js',
  'sign/walletlink/relay/ui/components/Snackbar/Snackbar-css.js',
  'sign/walletlink/relay/ui/components/RedirectDialog/RedirectDialog-css.js',
];

const SCHEMES = ['http:', 'https:', 'ws:', 'wss:'];

/**
 * A URL as a CSP source expression: its origin and path (a source expression has no query), so that
 * exactly that endpoint is allowed.
 * @param {string} raw
 */
function sourceOf(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Content-Security-Policy: ${JSON.stringify(raw)} is not a URL`);
  }
  if (!SCHEMES.includes(url.protocol)) throw new Error(`Content-Security-Policy: ${JSON.stringify(raw)} is not an http(s) or ws(s) URL`);
  const source = url.origin + (url.pathname === '/' ? '' : url.pathname);
  if (/[\s;,']/.test(source)) throw new Error(`Content-Security-Policy: ${JSON.stringify(raw)} cannot be written as a source expression`);
  return source;
}

/** 'sha256-…' of each inline style the Coinbase SDK may insert, read from the SDK's own modules. */
function coinbaseStyleHashes() {
  const dist = path.dirname(require.resolve('@coinbase/wallet-sdk/package.json')) + '/dist/';
  const program = `const texts = []; for (const file of ${JSON.stringify(COINBASE_STYLE_MODULES)}) texts.push((await import(${JSON.stringify(dist)} + file)).default); process.stdout.write(JSON.stringify(texts));`;
  const texts = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }));
  return texts.map((text) => {
    if (typeof text !== 'string' || text === '') throw new Error('Content-Security-Policy: the Coinbase Wallet SDK styles are no longer plain strings');
    return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  });
}

/**
 * @param {{
 *   rpcUrls: readonly string[];
 *   walletConnect?: { relayUrl?: string };
 *   coinbase: boolean;
 *   frameAncestors?: string;
 *   nameGateways?: readonly string[];
 *   imageOrigin?: string;
 * }} options what the build offers: the chain table's RPC URLs, WalletConnect (when it has a
 *   project id), Coinbase Wallet, who may frame the page (deployer's choice, header only), the
 *   origins name lookups may ask (EIP-3668 gateways) and the origin avatar images come from
 * @returns {{ header: string; meta: string; connectSources: string[] }} the policy for a response
 *   header, the same without what a <meta> cannot carry (frame-ancestors), and the connect-src list
 */
function contentSecurityPolicy(options) {
  const connect = new Set(["'self'"]);
  for (const url of options.rpcUrls) connect.add(sourceOf(url));
  for (const origin of options.nameGateways ?? []) connect.add(sourceOf(origin));
  const images = ["'self'", 'data:'];
  if (options.imageOrigin) images.push(sourceOf(options.imageOrigin));
  const frames = [];
  if (options.walletConnect) {
    connect.add(sourceOf(options.walletConnect.relayUrl ?? WALLETCONNECT_DEFAULT_RELAY));
    for (const host of WALLETCONNECT_VERIFY) connect.add(host);
    frames.push(...WALLETCONNECT_VERIFY);
  }
  const styles = ["'self'"];
  if (options.coinbase) {
    for (const source of COINBASE_CONNECT) connect.add(source);
    styles.push(...coinbaseStyleHashes());
  }
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styles.join(' ')}`,
    `img-src ${images.join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
  const meta = directives.join('; ');
  const header = options.frameAncestors ? `${meta}; frame-ancestors ${options.frameAncestors}` : meta;
  return { header, meta, connectSources: [...connect] };
}

/**
 * `public/_headers` with the policy added for every path (hosts that read the file merge every
 * matching rule), for the build output.
 * @param {string} headersFile the file's text
 * @param {string} policy
 */
function headersWithPolicy(headersFile, policy) {
  const block = ['# Content-Security-Policy, generated by the build from its configuration (scripts/csp.js).', '/*', `  Content-Security-Policy: ${policy}`].join('\n');
  return `${headersFile.replace(/\s*$/, '')}\n${block}\n`;
}

module.exports = { contentSecurityPolicy, headersWithPolicy, sourceOf, WALLETCONNECT_DEFAULT_RELAY, WALLETCONNECT_VERIFY, COINBASE_CONNECT };
