// Serves the fake Coinbase keys page on its own local origin (a port of its own), as the real keys
// site would be: /connect is the popup, /keys.js its script (the fake wallet, bundled on start).
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import type { KeysWalletState } from './keysWallet';

export interface KeysServer {
  url: string;
  origin: string;
  /** Every page load of /connect, e.g. to assert that a reload opened no window. */
  readonly opened: string[];
  close(): Promise<void>;
}

export async function serveCoinbaseKeys(options: { port: number; accounts: string[]; chains: Record<string, string> }): Promise<KeysServer> {
  const bundle = await build({
    entryPoints: [path.join(__dirname, 'keysPage.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
  });
  const script = bundle.outputFiles[0]!.text;
  const initial: KeysWalletState = { accounts: options.accounts, chains: options.chains };
  const opened: string[] = [];
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Fake Coinbase keys</title></head><body>
<script>window.__FAKE_KEYS__ = ${JSON.stringify({ initial })};</script><script src="/keys.js"></script></body></html>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/connect') {
      opened.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    } else if (url.pathname === '/keys.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(script);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${options.port}`;
  return {
    url: `${origin}/connect`,
    origin,
    opened,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
