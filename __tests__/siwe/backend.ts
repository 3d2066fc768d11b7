// What the sign-in backend's tests share: a backend on a temporary store with a clock the test
// moves, a browser-like client (one cookie jar, an Origin header), and EIP-4361 messages written
// as a client writes them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Wallet } from 'ethers';
import { createSiweMessage } from 'viem/siwe';
import { readSiweConfig, type SiweConfig } from '../../server/siwe/config';
import { startSiweServer, type RunningSiweServer, type SiweServerOptions } from '../../server/siwe/server';

/** The app's origin, as a browser names it in the Origin header. */
export const APP_ORIGIN = 'http://127.0.0.1:3000';
export const APP_HOST = '127.0.0.1:3000';
export const STATEMENT = 'Sign in to Walletdeck';

/** A folder of its own for a test file's stores, removed by `remove()`. */
export function tempFolder(): { path: string; remove(): void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-siwe-'));
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Settings as readSiweConfig makes them (so the tests run the checked config), on any free port. */
export function testConfig(settings: Partial<SiweConfig>): SiweConfig {
  const read = readSiweConfig({}, { port: 0, allowedOrigins: [APP_ORIGIN], statement: STATEMENT, ...settings });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.config;
}

/** A clock the test sets; the backend reads it for every expiry. */
export class TestClock {
  constructor(public ms = Date.parse('2026-12-01T12:00:00.000Z')) {}
  readonly now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export async function startBackend(config: SiweConfig, options: SiweServerOptions = {}): Promise<RunningSiweServer> {
  return startSiweServer(config, { log: () => undefined, ...options });
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** A browser on the app's origin: sends its Origin and keeps the session cookie it is given. */
export class Browser {
  cookie: string | undefined;
  /** Every Set-Cookie the backend sent, in order. */
  readonly setCookies: string[] = [];

  constructor(
    readonly base: string,
    readonly origin: string | undefined = APP_ORIGIN,
  ) {}

  async request(method: string, route: string, options: { json?: unknown; body?: string; contentType?: string; origin?: string | null } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const origin = options.origin === null ? undefined : (options.origin ?? this.origin);
    if (origin !== undefined) headers['origin'] = origin;
    if (this.cookie !== undefined) headers['cookie'] = this.cookie;
    let body: string | undefined = options.body;
    if (options.json !== undefined) body = JSON.stringify(options.json);
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${this.base}${route}`, { method, headers, body });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie !== null) {
      this.setCookies.push(setCookie);
      const [pair] = setCookie.split(';');
      this.cookie = /Max-Age=0(;|$)/.test(setCookie) ? undefined : pair;
    }
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), headers: response.headers };
  }

  get(route: string): Promise<Answer> {
    return this.request('GET', route);
  }

  post(route: string, json?: unknown): Promise<Answer> {
    return this.request('POST', route, json === undefined ? {} : { json });
  }

  async nonce(): Promise<string> {
    const answer = await this.get('/nonce');
    if (answer.status !== 200) throw new Error(`GET /nonce answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body['nonce'] as string;
  }
}

export interface MessageFields {
  address: string;
  nonce: string;
  chainId?: number;
  domain?: string;
  uri?: string;
  scheme?: string;
  statement?: string | undefined;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
  resources?: string[];
}

/** The EIP-4361 message a client on the app's page writes (viem's writer). */
export function siweMessage(fields: MessageFields, clock: TestClock): string {
  return createSiweMessage({
    domain: fields.domain ?? APP_HOST,
    uri: fields.uri ?? `${APP_ORIGIN}/`,
    version: '1',
    chainId: fields.chainId ?? 31337,
    issuedAt: fields.issuedAt ?? new Date(clock.ms),
    ...('statement' in fields ? (fields.statement === undefined ? {} : { statement: fields.statement }) : { statement: STATEMENT }),
    address: fields.address as `0x${string}`,
    nonce: fields.nonce,
    ...(fields.scheme ? { scheme: fields.scheme } : {}),
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
    ...(fields.resources ? { resources: fields.resources } : {}),
  });
}

/** Asks a nonce, signs the message with `wallet` (personal_sign) and posts it. */
export async function signIn(browser: Browser, wallet: Wallet, clock: TestClock, fields: Partial<MessageFields> = {}): Promise<Answer> {
  const nonce = fields.nonce ?? (await browser.nonce());
  const message = siweMessage({ address: wallet.address, ...fields, nonce }, clock);
  return browser.post('/verify', { message, signature: await wallet.signMessage(message) });
}
