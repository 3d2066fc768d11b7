// Serves the Coinbase Wallet popup on its own local origin (a port of its own), as the real keys site
// is: /connect is the popup (the SDK's `keysUrl`), /keys.js its script (bundled on start), and /rpc a
// JSON-RPC endpoint in front of the local chain that accepts the SDK's own headers (the popup hands
// the SDK its chains' URLs; anvil's CORS allows only content-type) and answers the SDK's
// wallet_getCallsStatus about the smart account's batches itself. `npm start` runs it as the
// development popup; the browser tests run it with accounts and chains of their own.
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { isRecord } from '../../../src/lib/guards';
import { DEV_NAMES } from '../settings';
import { DEV_WALLET_ICON } from '../shared/icon';
import type { KeysPageSetup } from './keysPage';
import type { KeysWalletState } from './keysWallet';
import { callsStatus, type ChainReceipt, type ChainTransaction, type SmartAccountInfo } from './smartAccount';
import { WalletError, rpc } from '../shared/requests';

export interface KeysServer {
  /** The popup's URL: what the SDK takes as `keysUrl`. */
  url: string;
  origin: string;
  /** Every page load of /connect, e.g. to assert that a reload opened no window. */
  readonly opened: string[];
  close(): Promise<void>;
}

export interface KeysServerOptions {
  /** Its own port; 0 (the default) takes a free one, with no gap in which another server could. */
  port?: number;
  /** The accounts the wallet connects with, or offers to choose from when `signer` is set (after `smart`, if given). */
  accounts: string[];
  /** Chain id -> RPC URL the wallet hands the SDK. Default: the local chain through /rpc. */
  chains?: Record<string, string>;
  /** The local chain that signs and sends for the test accounts (the development popup). */
  signer?: { chainUrl: string; chainId: number; chainName: string };
  /** The smart account offered beside `accounts` (with `signer`; smartAccountSetup.ts prepares the chain for it). */
  smart?: SmartAccountInfo;
  chainNames?: Record<number, string>;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function serveCoinbaseKeys(options: KeysServerOptions): Promise<KeysServer> {
  const bundle = await build({
    entryPoints: [path.join(__dirname, 'keysPage.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const signer = options.signer;
  const opened: string[] = [];
  // Written once the port is known: the page's setup names this origin.
  let html = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/connect') {
      opened.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    } else if (url.pathname === '/keys.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(script);
    } else if (url.pathname === '/rpc' && signer) {
      void forward(req, res, signer.chainUrl, options.smart ? { info: options.smart, chainId: signer.chainId } : undefined);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;
  const chains = options.chains ?? (signer ? { [String(signer.chainId)]: `${origin}/rpc` } : {});
  // With a signer the user picks the account when connecting; the wallet starts with the first.
  const initial: KeysWalletState = { accounts: options.accounts.slice(0, signer ? 1 : undefined), chains };
  const setup: KeysPageSetup = {
    initial,
    choices: options.accounts,
    ...(signer ? { signer } : {}),
    ...(signer && options.smart ? { smart: options.smart } : {}),
    ...(options.chainNames ? { chainNames: options.chainNames } : {}),
  };
  html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DEV_NAMES.popup}</title><link rel="icon" href="${DEV_WALLET_ICON}">
<style>body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: #1c2430; background: #fff; } main > p { margin: 1.2rem; }
h1 { margin: 0; padding: 0.8rem 1.2rem 0; font-size: 0.9rem; color: #5b3fd6; }
@media (prefers-color-scheme: dark) { body { color: #e6edf3; background: #161b22; } h1 { color: #8c76ff; } }</style></head>
<body><header><h1>${DEV_NAMES.popup}</h1></header><main><p>The development stand-in for Coinbase Wallet's popup, run by <code>npm start</code>. A site that connects with Coinbase Wallet opens it and asks here.</p></main>
<script type="application/json" id="keys-setup">${escapeJson(setup)}</script><script src="/keys.js"></script></body></html>`;

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

/** The biggest request body /rpc reads (the SDK's requests are small). */
const MAX_BODY = 1 << 20;

/**
 * wallet_getCallsStatus about the smart account's batch `id` (the bundler's transaction hash), from
 * what the chain says of that transaction: the popup keeps no record, so any of its windows and a
 * restarted `npm start` answer the same.
 */
async function smartCallsStatus(chainUrl: string, smart: { info: SmartAccountInfo; chainId: number }, id: unknown): Promise<unknown> {
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) return callsStatus(id, smart.chainId, smart.info, null, null);
  const [tx, receipt] = await Promise.all([
    rpc<ChainTransaction | null>(chainUrl, 'eth_getTransactionByHash', [id]),
    rpc<ChainReceipt | null>(chainUrl, 'eth_getTransactionReceipt', [id]),
  ]);
  return callsStatus(id, smart.chainId, smart.info, tx, receipt);
}

/** The SDK's reads, passed to the local chain with CORS that allows its X-Cbw-Sdk-* headers; its batch questions answered here. */
async function forward(req: http.IncomingMessage, res: http.ServerResponse, chainUrl: string, smart?: { info: SmartAccountInfo; chainId: number }): Promise<void> {
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
  };
  if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return void res.writeHead(413, cors).end();
    chunks.push(chunk as Buffer);
  }
  const request = readRequest(Buffer.concat(chunks));
  if (request?.method === 'wallet_getCallsStatus' && smart) {
    const params = Array.isArray(request.params) ? (request.params as unknown[]) : [];
    let answer: object;
    try {
      answer = { result: await smartCallsStatus(chainUrl, smart, params[0]) };
    } catch (error) {
      const failure = error instanceof WalletError ? error : new WalletError(-32603, error instanceof Error ? error.message : String(error));
      answer = { error: failure.toJSON() };
    }
    return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, ...answer }));
  }
  try {
    const upstream = await fetch(chainUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    res.writeHead(upstream.status, { ...cors, 'content-type': 'application/json' }).end(await upstream.text());
  } catch {
    res.writeHead(502, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `The local chain at ${chainUrl} does not answer` } }));
  }
}

/** One JSON-RPC request object (not a batch), or undefined: what is not one is forwarded as it came. */
function readRequest(body: Buffer): { method: unknown; params: unknown; id: unknown } | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    if (!isRecord(parsed)) return undefined;
    const { method, params, id } = parsed;
    return { method, params, id };
  } catch {
    return undefined;
  }
}
