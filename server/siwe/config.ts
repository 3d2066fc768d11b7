// The sign-in backend's settings: typed, from environment variables and an optional JSON file, each
// one checked before anything starts. A mistake is one line naming the setting and what it expects.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../src/lib/guards';

export interface SiweConfig {
  /** Port to listen on (0: any free port, said when listening). */
  port: number;
  /** Address to listen on. */
  host: string;
  /** The app's origins (`https://app.example`): the only ones whose requests are answered. */
  allowedOrigins: string[];
  /** The chains a message may name, each with the JSON-RPC URL its signatures are checked on. */
  chains: Record<number, string>;
  /** When set, a message must carry exactly this statement. */
  statement?: string;
  /** How long one address's sign-in lasts (seconds; never past the message's own expiration). */
  sessionSeconds: number;
  /** How long a nonce may wait for its signed message (seconds). */
  nonceSeconds: number;
  /** The SQLite file of sessions and nonces. */
  storePath: string;
  /** Largest EIP-4361 message accepted (bytes of UTF-8). */
  maxMessageBytes: number;
  /** Largest request body read (bytes). */
  maxBodyBytes: number;
  /** Time a request's body may take to arrive (ms). */
  requestTimeoutMs: number;
  /** Time one signature check may wait for the chain (ms). */
  rpcTimeoutMs: number;
  /** Nonces issued and not yet used or expired, at most. */
  maxLiveNonces: number;
}

/** The project's folder (server/siwe/../..). */
const ROOT = path.resolve(__dirname, '../..');

export const DEFAULTS = {
  port: 3100,
  host: '127.0.0.1',
  sessionSeconds: 24 * 60 * 60,
  nonceSeconds: 5 * 60,
  // Under node_modules/.cache (ignored by git, the place tools keep their caches): a development
  // default only. A deployment names its own file with SIWE_STORE_PATH.
  storePath: path.join(ROOT, 'node_modules/.cache/walletdeck-siwe/store.sqlite'),
  maxMessageBytes: 4 * 1024,
  maxBodyBytes: 64 * 1024,
  requestTimeoutMs: 10_000,
  rpcTimeoutMs: 5_000,
  maxLiveNonces: 10_000,
} as const;

/** Each setting: its environment variable, and its key in the JSON file (SIWE_CONFIG). */
export const SETTINGS = {
  port: 'SIWE_PORT',
  host: 'SIWE_HOST',
  allowedOrigins: 'SIWE_ALLOWED_ORIGINS',
  chains: 'SIWE_CHAINS',
  statement: 'SIWE_STATEMENT',
  sessionSeconds: 'SIWE_SESSION_SECONDS',
  nonceSeconds: 'SIWE_NONCE_SECONDS',
  storePath: 'SIWE_STORE_PATH',
  maxMessageBytes: 'SIWE_MAX_MESSAGE_BYTES',
  maxBodyBytes: 'SIWE_MAX_BODY_BYTES',
  requestTimeoutMs: 'SIWE_REQUEST_TIMEOUT_MS',
  rpcTimeoutMs: 'SIWE_RPC_TIMEOUT_MS',
  maxLiveNonces: 'SIWE_MAX_LIVE_NONCES',
} as const satisfies Record<keyof SiweConfig, string>;

type Key = keyof SiweConfig;

export type ConfigResult = { ok: true; config: SiweConfig } | { ok: false; problems: string[] };

/** Hosts whose plain-http origin a browser treats as secure (a Secure cookie is kept there). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An error's message (an fs error may come from another realm, so no instanceof). */
const reasonOf = (error: unknown): string => (isRecord(error) && typeof error['message'] === 'string' ? error['message'] : String(error));

/**
 * The settings from `env` (SIWE_* variables) over the JSON file SIWE_CONFIG names (its keys are
 * SiweConfig's), over `defaults` (what a caller such as `npm start` supplies), over DEFAULTS.
 * An empty variable counts as unset. Every problem is listed, not only the first.
 */
export function readSiweConfig(env: Record<string, string | undefined>, defaults: Partial<SiweConfig> = {}): ConfigResult {
  const problems: string[] = [];
  let file: Record<string, unknown> = {};
  const filePath = env['SIWE_CONFIG']?.trim();
  if (filePath) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.resolve(filePath), 'utf8'));
      if (isRecord(parsed)) file = parsed;
      else problems.push(`SIWE_CONFIG: ${filePath} must hold a JSON object`);
    } catch (error) {
      problems.push(`SIWE_CONFIG: cannot read ${filePath} as JSON (${reasonOf(error)})`);
    }
    for (const key of Object.keys(file)) {
      if (!(key in SETTINGS)) problems.push(`SIWE_CONFIG: unknown setting "${key}" (known: ${Object.keys(SETTINGS).join(', ')})`);
    }
  }

  /** The raw value of a setting and where it came from, for the messages. */
  const raw = (key: Key): { value: unknown; from: string } | undefined => {
    const fromEnv = env[SETTINGS[key]];
    if (fromEnv !== undefined && fromEnv.trim() !== '') return { value: fromEnv.trim(), from: SETTINGS[key] };
    if (file[key] !== undefined) return { value: file[key], from: `SIWE_CONFIG's "${key}"` };
    if (defaults[key] !== undefined) return { value: defaults[key], from: key };
    return undefined;
  };

  const integer = (key: Key, min: number, max: number, fallback: number): number => {
    const given = raw(key);
    if (!given) return fallback;
    const value = typeof given.value === 'string' && /^\d+$/.test(given.value) ? Number(given.value) : given.value;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) return value;
    problems.push(`${given.from}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(given.value)}`);
    return fallback;
  };

  const text = (key: Key, fallback?: string): string | undefined => {
    const given = raw(key);
    if (!given) return fallback;
    if (typeof given.value === 'string' && given.value !== '') return given.value;
    problems.push(`${given.from}: expected a non-empty string`);
    return fallback;
  };

  const config: SiweConfig = {
    port: integer('port', 0, 65535, DEFAULTS.port),
    host: text('host', DEFAULTS.host) ?? DEFAULTS.host,
    allowedOrigins: readOrigins(raw('allowedOrigins'), problems),
    chains: readChains(raw('chains'), problems),
    sessionSeconds: integer('sessionSeconds', 60, 365 * 24 * 60 * 60, DEFAULTS.sessionSeconds),
    nonceSeconds: integer('nonceSeconds', 10, 24 * 60 * 60, DEFAULTS.nonceSeconds),
    storePath: path.resolve(text('storePath', DEFAULTS.storePath) ?? DEFAULTS.storePath),
    maxMessageBytes: integer('maxMessageBytes', 256, 64 * 1024, DEFAULTS.maxMessageBytes),
    maxBodyBytes: integer('maxBodyBytes', 1024, 1024 * 1024, DEFAULTS.maxBodyBytes),
    requestTimeoutMs: integer('requestTimeoutMs', 100, 10 * 60_000, DEFAULTS.requestTimeoutMs),
    rpcTimeoutMs: integer('rpcTimeoutMs', 100, 10 * 60_000, DEFAULTS.rpcTimeoutMs),
    maxLiveNonces: integer('maxLiveNonces', 1, 10_000_000, DEFAULTS.maxLiveNonces),
  };
  const statement = text('statement');
  if (statement !== undefined) {
    // EIP-4361: the statement is one line of printable text.
    if (statement.includes('\n') || statement.includes('\r')) problems.push(`${raw('statement')?.from}: the statement must be one line`);
    else config.statement = statement;
  }
  if (config.maxBodyBytes < config.maxMessageBytes) {
    problems.push(`${SETTINGS.maxBodyBytes} (${config.maxBodyBytes}) must be at least ${SETTINGS.maxMessageBytes} (${config.maxMessageBytes})`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

function readOrigins(given: { value: unknown; from: string } | undefined, problems: string[]): string[] {
  if (!given) {
    problems.push(`${SETTINGS.allowedOrigins}: required, the app's origin(s), comma-separated (e.g. https://app.example)`);
    return [];
  }
  const list = typeof given.value === 'string' ? given.value.split(',').map((s) => s.trim()).filter(Boolean) : given.value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((o) => typeof o === 'string')) {
    problems.push(`${given.from}: expected one or more origins`);
    return [];
  }
  const origins: string[] = [];
  for (const origin of list as string[]) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      problems.push(`${given.from}: "${origin}" is not an origin (scheme://host[:port], nothing after it, e.g. https://app.example)`);
    } else if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
      problems.push(`${given.from}: "${origin}" is plain http on a host other than this machine: the session cookie is Secure, so the app must be served over https`);
    } else {
      origins.push(origin);
    }
  }
  return origins;
}

function readChains(given: { value: unknown; from: string } | undefined, problems: string[]): Record<number, string> {
  const expected = `expected JSON such as {"1":"https://rpc.example"} (chain id to JSON-RPC URL)`;
  if (!given) {
    problems.push(`${SETTINGS.chains}: required, the chains a sign-in may name, ${expected}`);
    return {};
  }
  let value = given.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      problems.push(`${given.from}: ${expected}`);
      return {};
    }
  }
  if (!isRecord(value) || Object.keys(value).length === 0) {
    problems.push(`${given.from}: ${expected}`);
    return {};
  }
  const chains: Record<number, string> = {};
  for (const [id, url] of Object.entries(value)) {
    const chainId = /^[1-9]\d*$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(chainId)) {
      problems.push(`${given.from}: "${id}" is not a chain id (a positive whole number)`);
      continue;
    }
    let ok = false;
    try {
      const parsed = typeof url === 'string' ? new URL(url) : undefined;
      ok = parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${given.from}: chain ${id}'s RPC URL must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
    else chains[chainId] = url as string;
  }
  return chains;
}
