// The development phone's server, one local origin for the WalletConnect side of `npm start`: the
// phone page at / (its script bundled on start), the local relay on the same port (WebSocket
// upgrades), and the local Verify service (/verify/...), which the app's development entry and the
// phone ask instead of the public host.
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { DEV_NAMES } from '../settings';
import { DEV_WALLET_ICON } from '../shared/icon';
import type { PhoneSetup } from './phonePage';
import { startWcRelay, type WcRelay } from './relay';
import { createVerifyService } from './verify';

export interface PhoneServer {
  /** The phone page. */
  url: string;
  /** The relay, what the app's WalletConnect SDK takes as `relayUrl`. */
  relayUrl: string;
  /** The local Verify service's origin (the same server). */
  verifyOrigin: string;
  relay: WcRelay;
  close(): Promise<void>;
}

export interface PhoneServerOptions {
  port: number;
  /** The WalletConnect project id the phone and the app send the relay (any value works locally). */
  projectId: string;
  accounts: string[];
  chain: PhoneSetup['chain'];
  chainNames: Record<number, string>;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The phone page's script: the real sign client, bundled for the browser. */
export async function bundlePhone(): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(__dirname, 'phonePage.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]!.text;
}

function page(setup: PhoneSetup): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DEV_NAMES.phone}</title><link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c2430; background: #eef1f5; }
main { max-width: 30rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; }
header { display: flex; gap: 0.75rem; align-items: center; } header img { width: 40px; height: 40px; }
h1 { margin: 0; font-size: 1.4rem; } h2 { margin: 0 0 0.5rem; font-size: 1.1rem; } p { margin: 0; }
main > section { background: #fff; border: 1px solid #c9d1db; border-radius: 12px; padding: 1rem; }
#requests .dev-prompt { padding: 0; }
form { display: grid; gap: 0.5rem; } label { display: grid; gap: 0.25rem; font-size: 0.9rem; }
input { font: 0.85rem ui-monospace, monospace; padding: 0.5rem; border: 1px solid #8a96a3; border-radius: 6px; }
button { font: inherit; font-weight: 600; padding: 0.45rem 1rem; border-radius: 6px; border: 1px solid #5b3fd6; background: #5b3fd6; color: #fff; cursor: pointer; justify-self: start; }
#sessions button { background: transparent; color: inherit; border-color: #8a96a3; font-weight: 500; padding: 0.2rem 0.7rem; }
#sessions { margin: 0; padding: 0; list-style: none; display: grid; gap: 0.5rem; } #sessions li { display: flex; gap: 0.5rem; align-items: center; justify-content: space-between; overflow-wrap: anywhere; font-size: 0.9rem; }
.empty, .intro, #pair-status { color: #55606e; font-size: 0.9rem; }
:focus-visible { outline: 3px solid #1f62d6; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  body { color: #e6edf3; background: #0d1117; } main > section { background: #161b22; border-color: #3a424c; }
  input { color: #e6edf3; background: #0d1117; border-color: #6e7781; } button { background: #8c76ff; border-color: #8c76ff; color: #0d1117; }
  .empty, .intro, #pair-status { color: #a3adb8; } :focus-visible { outline-color: #8ab4ff; }
}
</style></head><body><main>
<header><img src="/icon.svg" alt=""><div><h1>${DEV_NAMES.phone}</h1>
<p class="intro">A WalletConnect wallet for development, holding the local chain's test accounts. Pair it with a site, then approve or reject what the site asks.</p></div></header>
<section aria-labelledby="pair-title"><h2 id="pair-title">Pair with a site</h2>
<form id="pair-form"><label for="pair-uri">Pairing link (copy it from the site's WalletConnect dialog: it starts with wc:)</label>
<input id="pair-uri" name="uri" autocomplete="off" spellcheck="false" placeholder="wc:…"><button type="submit" disabled>Pair</button></form>
<p id="pair-status" role="status"></p></section>
<section aria-labelledby="requests-title"><h2 id="requests-title">Requests</h2><div id="requests"><p class="empty">Starting…</p></div></section>
<section aria-labelledby="sessions-title"><h2 id="sessions-title">Connected sites</h2><ul id="sessions"></ul></section>
</main><script type="application/json" id="phone-setup">${escapeJson(setup)}</script><script src="/phone.js"></script></body></html>`;
}

export async function startPhoneServer(options: PhoneServerOptions): Promise<PhoneServer> {
  const script = await bundlePhone();
  const origin = `http://127.0.0.1:${options.port}`;
  const relayUrl = `ws://127.0.0.1:${options.port}`;
  const verify = createVerifyService();
  const html = page({ projectId: options.projectId, relayUrl, accounts: options.accounts, chain: options.chain, chainNames: options.chainNames });
  const icon = decodeURIComponent(DEV_WALLET_ICON.slice(DEV_WALLET_ICON.indexOf(',') + 1));
  const server = http.createServer((req, res) => {
    if (verify.answerHttp(req, res)) return;
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    const send = (type: string, body: string) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (pathname === '/') send('text/html; charset=utf-8', html);
    else if (pathname === '/phone.js') send('text/javascript; charset=utf-8', script);
    else if (pathname === '/icon.svg') send('image/svg+xml', icon);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const relay = await startWcRelay({ server });
  return {
    url: `${origin}/`,
    relayUrl,
    verifyOrigin: origin,
    relay,
    close: async () => {
      await relay.close();
      await new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
    },
  };
}
