// The sign-in backend's HTTP API (server/siwe/README.md is its contract): GET /nonce, POST /verify,
// GET /session, POST /signout, on plain node:http with JSON bodies. A session is one browser's
// cookie; it holds one sign-in per address, so a browser whose user switches between accounts that
// already signed in needs no new signature.
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, hashMessage, isAddress } from 'ethers';
import { isRecord } from '../../src/lib/guards';
import { checkSignature, type EthCall } from '../../src/lib/signatureCheck';
import { signatureProblem } from '../../src/lib/typedData';
import { chainCall } from './chain';
import type { SiweConfig } from './config';
import { SiweError } from './errors';
import { checkMessage } from './message';
import { SqliteSessionStore } from './sqliteStore';
import type { NonceState, SessionAccount, SessionRecord, SessionStore } from './store';

/** The session cookie: HttpOnly, Secure, SameSite=Strict, Path=/ (README, "The session cookie"). */
export const SESSION_COOKIE = 'siwe_session';
/** A used or expired nonce is remembered this long past its expiry, so that a replay is named one. */
const NONCE_MEMORY_MS = 24 * 60 * 60_000;
/** Expired nonces and sessions are cleared at most this often. */
const PRUNE_EVERY_MS = 60_000;

export interface SiweServerOptions {
  /** Where nonces and sessions live; by default SQLite at config.storePath (closed with the server). */
  store?: SessionStore;
  /** The clock (ms since the epoch), for expiries; tests move it. */
  now?: () => number;
  /** How a chain is asked (by default JSON-RPC to the configured URL, within config.rpcTimeoutMs). */
  chainCall?: (chainId: number, rpcUrl: string) => EthCall;
  /** Where unexpected failures are reported (default: stderr). */
  log?: (line: string) => void;
}

export interface RunningSiweServer {
  /** `http://host:port`, with the port really listened on. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** One address's sign-in as answered by the API. */
interface AccountAnswer {
  address: string;
  chainId: number;
  expiresAt: string;
}

const answerOf = (a: SessionAccount): AccountAnswer => ({ address: a.address, chainId: a.chainId, expiresAt: new Date(a.expiresAt).toISOString() });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function cookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${Math.max(0, maxAgeSeconds)}`;
}

const nonceRefusal: Record<Exclude<NonceState, 'fresh'>, () => SiweError> = {
  unknown: () => new SiweError('NonceUnknown', 'The message\'s nonce was not issued by this backend (or expired long ago): ask GET /nonce for a new one'),
  expired: () => new SiweError('NonceExpired', 'The message\'s nonce expired before it came back signed: ask GET /nonce for a new one'),
  used: () => new SiweError('NonceReplayed', 'The message\'s nonce was already used: a signed message opens one session, once'),
};

/** Reads the body as text within the size and time bounds (413 and 408 otherwise). */
function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > maxBytes) return Promise.reject(new SiweError('BodyTooLarge', `The request body is ${declared} bytes, at most ${maxBytes} are read`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: SiweError) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) finish(new SiweError('BodyTooLarge', `The request body is over ${maxBytes} bytes`));
      else chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish(new SiweError('BadRequest', 'The request body could not be read'));
    const timer = setTimeout(() => finish(new SiweError('RequestTimeout', `The request body did not arrive within ${timeoutMs} ms`)), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

const isJson = (req: IncomingMessage) => /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** Starts the backend; resolves once it listens. */
export async function startSiweServer(config: SiweConfig, options: SiweServerOptions = {}): Promise<RunningSiweServer> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const ownStore = options.store === undefined;
  const store = options.store ?? SqliteSessionStore.open(config.storePath);
  const origins = new Set(config.allowedOrigins);
  const chainIds = new Set(Object.keys(config.chains).map(Number));
  const makeCall = options.chainCall ?? ((_chainId: number, rpcUrl: string) => chainCall(rpcUrl, config.rpcTimeoutMs));
  const calls = new Map(Object.entries(config.chains).map(([id, url]) => [Number(id), makeCall(Number(id), url)]));
  let lastPrune = -Infinity;

  async function prune(at: number): Promise<void> {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    await store.prune(at, at - NONCE_MEMORY_MS);
  }

  /** The browser's session and its accounts still signed in at `at`, if it has one. */
  async function currentSession(req: IncomingMessage, at: number): Promise<{ record: SessionRecord; live: SessionAccount[] } | undefined> {
    const token = cookieToken(req);
    if (token === undefined) return undefined;
    const record = await store.getSession(sha256(token));
    if (!record) return undefined;
    const live = record.accounts.filter((a) => a.expiresAt > at);
    return live.length > 0 ? { record, live } : undefined;
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    if (!isJson(req)) throw new SiweError('UnsupportedMediaType', 'The body must be JSON, sent with Content-Type: application/json');
    const text = await readBody(req, config.maxBodyBytes, config.requestTimeoutMs);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new SiweError('BadRequest', 'The body is not valid JSON');
    }
  }

  async function nonce(): Promise<[number, unknown]> {
    const at = now();
    await prune(at);
    const value = randomBytes(16).toString('hex');
    const expiresAt = at + config.nonceSeconds * 1000;
    if (!(await store.addNonce(value, expiresAt, at, config.maxLiveNonces))) {
      throw new SiweError('TooManyNonces', 'Too many sign-ins are waiting for a signature: try again in a few minutes');
    }
    const answer: Record<string, unknown> = { nonce: value, expiresAt: new Date(expiresAt).toISOString(), chainIds: [...chainIds] };
    if (config.statement !== undefined) answer['statement'] = config.statement;
    return [200, answer];
  }

  async function verify(req: IncomingMessage, res: ServerResponse, origin: string): Promise<[number, unknown]> {
    const body = await readJson(req);
    if (!isRecord(body)) throw new SiweError('BadRequest', 'The body must be a JSON object { message, signature }');
    const { message, signature } = body;
    const problem = signatureProblem(signature);
    if (problem !== undefined) throw new SiweError('BadRequest', `"signature": ${problem}`);
    const at = now();
    const checked = checkMessage(message, { origin, chainIds, statement: config.statement, maxBytes: config.maxMessageBytes, now: at });
    // Cheap refusals before the chain is asked; signIn below checks the nonce again, atomically.
    const state = await store.nonceState(checked.nonce, at);
    if (state !== 'fresh') throw nonceRefusal[state]();
    const call = calls.get(checked.chainId);
    if (!call) throw new SiweError('ChainNotAllowed', `Chain ${checked.chainId} is not one this app signs in on`);
    const verdict = await checkSignature({ account: checked.address, hash: hashMessage(message as string), signature: signature as string, call });
    if (verdict.kind === 'invalid') {
      throw new SiweError('InvalidSignature', `The signature is not from ${checked.address}${verdict.signer ? ` (it is from ${verdict.signer})` : ''}`);
    }
    if (verdict.kind === 'unchecked') throw new SiweError('SignatureUnchecked', `${verdict.error.message}; try again`);

    const signedAt = now();
    const expiresAt = Math.min(signedAt + config.sessionSeconds * 1000, checked.expirationTime ?? Infinity);
    const previous = await currentSession(req, signedAt);
    // A new cookie at every sign-in (no session fixation), carrying the browser's other sign-ins.
    const token = randomBytes(32).toString('base64url');
    const mine: SessionAccount = { address: checked.address, chainId: checked.chainId, signedInAt: signedAt, expiresAt };
    const accounts = [...(previous?.live ?? []).filter((a) => a.address !== checked.address), mine];
    const result = await store.signIn(checked.nonce, signedAt, { id: sha256(token), accounts }, previous?.record.id);
    if (result !== 'fresh') throw nonceRefusal[result]();
    res.setHeader('set-cookie', cookie(token, Math.ceil((Math.max(...accounts.map((a) => a.expiresAt)) - signedAt) / 1000)));
    return [200, answerOf(mine)];
  }

  async function session(req: IncomingMessage, url: URL): Promise<[number, unknown]> {
    const asked = url.searchParams.get('address');
    if (asked !== null && !isAddress(asked)) throw new SiweError('BadRequest', `"address": ${JSON.stringify(String(asked).slice(0, 60))} is not an address`);
    const current = await currentSession(req, now());
    if (!current) throw new SiweError('NotSignedIn', 'This browser has no live sign-in');
    const accounts = current.live.map(answerOf);
    if (asked !== null) {
      const address = getAddress(asked);
      const account = current.live.find((a) => a.address === address);
      if (!account) throw new SiweError('NotSignedIn', `${address} is not signed in in this browser`);
      return [200, { ...answerOf(account), accounts }];
    }
    const latest = current.live.reduce((a, b) => (b.signedInAt > a.signedInAt ? b : a));
    return [200, { ...answerOf(latest), accounts }];
  }

  async function signout(req: IncomingMessage, res: ServerResponse): Promise<[number, unknown]> {
    let address: string | undefined;
    if (hasBody(req)) {
      const body = await readJson(req);
      if (!isRecord(body)) throw new SiweError('BadRequest', 'The body must be a JSON object { address? }');
      if (body['address'] !== undefined) {
        if (typeof body['address'] !== 'string' || !isAddress(body['address'])) throw new SiweError('BadRequest', '"address" is not an address');
        address = getAddress(body['address']);
      }
    }
    const at = now();
    const current = await currentSession(req, at);
    const token = cookieToken(req);
    const remaining = address === undefined ? [] : (current?.live ?? []).filter((a) => a.address !== address);
    if (current && remaining.length > 0) {
      await store.putSession({ id: current.record.id, accounts: remaining });
      res.setHeader('set-cookie', cookie(token as string, Math.ceil((Math.max(...remaining.map((a) => a.expiresAt)) - at) / 1000)));
    } else {
      if (token !== undefined) await store.deleteSession(sha256(token));
      res.setHeader('set-cookie', cookie('', 0));
    }
    return [200, { accounts: remaining.map(answerOf) }];
  }

  const ROUTES: Record<string, string> = { '/nonce': 'GET', '/verify': 'POST', '/session': 'GET', '/signout': 'POST' };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://backend');
    const method = ROUTES[url.pathname];
    const origin = req.headers.origin;
    // CSRF: a browser names the page's origin on every cross-origin request and every POST.
    if (origin !== undefined && !origins.has(origin)) throw new SiweError('CrossSiteRequest', `Requests from ${origin.slice(0, 100)} are not accepted`);
    if (method === undefined) throw new SiweError('NotFound', `No ${url.pathname.slice(0, 100)} here: the API is GET /nonce, POST /verify, GET /session, POST /signout`);
    if (req.method === 'OPTIONS') {
      if (origin === undefined) throw new SiweError('CrossSiteRequest', 'A preflight request must name its Origin');
      res.setHeader('access-control-allow-methods', method);
      res.setHeader('access-control-allow-headers', 'Content-Type');
      res.setHeader('access-control-max-age', '600');
      return [204, undefined];
    }
    if (req.method !== method) {
      res.setHeader('allow', `${method}, OPTIONS`);
      throw new SiweError('MethodNotAllowed', `${url.pathname} answers ${method} only`);
    }
    if (method === 'POST' && origin === undefined) {
      throw new SiweError('CrossSiteRequest', `A POST must carry the Origin header of an allowed origin (${config.allowedOrigins.join(', ')})`);
    }
    switch (url.pathname) {
      case '/nonce':
        return nonce();
      case '/verify':
        return verify(req, res, origin as string);
      case '/session':
        return session(req, url);
      default:
        return signout(req, res);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('cache-control', 'no-store');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('vary', 'Origin');
    const origin = req.headers.origin;
    if (origin !== undefined && origins.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
    }
    let status: number;
    let body: unknown;
    try {
      [status, body] = await route(req, res);
    } catch (error) {
      const refusal = error instanceof SiweError ? error : new SiweError('InternalError', 'The sign-in backend failed; try again');
      if (!(error instanceof SiweError)) log(`sign-in backend: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      status = refusal.status;
      body = refusal.body();
      // A body left unread (too large, too slow, never read): the connection ends with this answer.
      if (!req.complete) res.setHeader('connection', 'close');
    }
    if (res.headersSent || res.destroyed) return;
    if (body === undefined) {
      res.writeHead(status).end();
    } else {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
    }
    if (!req.complete) res.once('finish', () => req.destroy());
  }

  const server = http.createServer((req, res) => void handle(req, res));
  // Node's own bounds, behind readBody's: headers and a whole request within the request time.
  server.headersTimeout = config.requestTimeoutMs;
  server.requestTimeout = config.requestTimeoutMs;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (ownStore) await store.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'EADDRINUSE' ? `Port ${config.port} on ${config.host} is already in use: set SIWE_PORT to another port` : `The sign-in backend could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const port = (server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => (ownStore ? store.close() : undefined))),
  };
}
