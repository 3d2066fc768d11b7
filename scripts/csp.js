// The page's Content-Security-Policy, derived at build time from the configuration (webpack.config.ts):
// scripts only from the app's own origin; connections only to the configured RPC endpoints and to
// what each wallet kind says it needs (its folder's csp.ts, src/lib/connectors/<kind>/csp.ts, given
// here by webpack.config.ts through scripts/kindCsp.ts); images from the app and data: URIs (wallet
// icons); no plugins, no <base>, no form posts. What each wallet SDK needs was found by reading it
// (README, "Content-Security-Policy").
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const path = require('node:path');

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

/**
 * 'sha256-…' of each inline style an SDK may insert, read from the installed SDK's own modules (each
 * exports the style's fixed text as its default).
 * @param {{ package: string; files: readonly string[] }} modules
 */
function styleHashes(modules) {
  const root = path.dirname(require.resolve(`${modules.package}/package.json`)) + '/';
  const program = `const texts = []; for (const file of ${JSON.stringify(modules.files)}) texts.push((await import(${JSON.stringify(root)} + file)).default); process.stdout.write(JSON.stringify(texts));`;
  const texts = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }));
  return texts.map((text) => {
    if (typeof text !== 'string' || text === '') throw new Error(`Content-Security-Policy: the ${modules.package} styles are no longer plain strings`);
    return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  });
}

/**
 * @param {{
 *   rpcUrls: readonly string[];
 *   kinds?: ReadonlyArray<{ connect?: readonly string[]; frames?: readonly string[]; styleModules?: { package: string; files: readonly string[] } }>;
 *   frameAncestors?: string;
 *   nameGateways?: readonly string[];
 *   imageOrigin?: string;
 *   signInOrigin?: string;
 * }} options what the build offers: the chain table's RPC URLs, what each wallet kind needs
 *   (scripts/kindCsp.ts kindCspSources), who may frame the page (deployer's choice, header only),
 *   the origins name lookups may ask (EIP-3668 gateways), the origin avatar images come from and
 *   the sign-in backend's origin (docs/behaviour.md §13.1)
 * @returns {{ header: string; meta: string; connectSources: string[] }} the policy for a response
 *   header, the same without what a <meta> cannot carry (frame-ancestors), and the connect-src list
 */
function contentSecurityPolicy(options) {
  const connect = new Set(["'self'"]);
  for (const url of options.rpcUrls) connect.add(sourceOf(url));
  const frames = new Set();
  const styles = new Set(["'self'"]);
  for (const kind of options.kinds ?? []) {
    for (const url of kind.connect ?? []) connect.add(sourceOf(url));
    for (const url of kind.frames ?? []) frames.add(sourceOf(url));
    if (kind.styleModules) for (const hash of styleHashes(kind.styleModules)) styles.add(hash);
  }
  for (const origin of options.nameGateways ?? []) connect.add(sourceOf(origin));
  // The whole origin: the client asks several paths under the backend's base URL.
  if (options.signInOrigin) connect.add(new URL(sourceOf(options.signInOrigin)).origin);
  const images = ["'self'", 'data:'];
  if (options.imageOrigin) images.push(sourceOf(options.imageOrigin));
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${[...styles].join(' ')}`,
    `img-src ${images.join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    `frame-src ${frames.size > 0 ? [...frames].join(' ') : "'none'"}`,
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

module.exports = { contentSecurityPolicy, headersWithPolicy, sourceOf };
