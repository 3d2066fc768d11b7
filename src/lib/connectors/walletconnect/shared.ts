// What the WalletConnect shell and its SDK session share: settings, storage names and the SDK surface we use.
import type { ChainTable } from '../../chains';
import { isObject } from '../../guards';
import type { DevelopmentPhone } from '../types';
import type { WebStorage } from '../../storage';

export type { WebStorage } from '../../storage';

/** Where the SDK's state lives in Web Storage; everything under it belongs to the SDK. */
export const WC_STORAGE_PREFIX = 'walletdeck.walletconnect:';
/** The sign client's session store inside that namespace (an SDK internal, see sdkInternals.ts). */
export const WC_SESSION_KEY = 'wc@2:client:0.3//session';

export const WALLETCONNECT_DEFAULTS = {
  /** A healthy relay hands out a pairing URI in about a second; a dead one never answers. */
  relayTimeoutMs: 15_000,
  /** Ending a session tells the wallet through the relay; the user never waits on that for long. */
  disconnectTimeoutMs: 3_000,
} as const;

export interface WalletConnectMetadata {
  name: string;
  description: string;
  url: string;
  icons: string[];
}

export interface WalletConnectOptions {
  projectId: string;
  /** The relay's WebSocket URL; the SDK's default relay when absent. */
  relayUrl?: string;
  chains: ChainTable;
  metadata: WalletConnectMetadata;
  /** Default: the page's site storage (src/lib/storage.ts). */
  storage?: WebStorage;
  /** False when that storage is memory only (the browser refused site storage): a session lasts until reload. */
  storageRemembered?: boolean;
  /** How long the relay may take to hand out a pairing URI before the connect fails. */
  relayTimeoutMs?: number;
  disconnectTimeoutMs?: number;
  /** Development builds with `npm start`'s wallets: the development phone, offered beside the QR code. */
  developmentPhone?: DevelopmentPhone;
  /** The SDK's log level (pino), e.g. 'silent' in tests. */
  logLevel?: string;
  /** Replaces the SDK inside the lazy chunk (tests pass a fake provider). */
  loadSdk?: WalletConnectSdkLoader;
}

/** A session the SDK would restore: not expired, with Ethereum accounts. */
export function isLiveSession(value: unknown, nowSeconds: number): boolean {
  if (!isObject(value)) return false;
  const { expiry, namespaces } = value as { expiry?: unknown; namespaces?: { eip155?: { accounts?: unknown } } };
  return typeof expiry === 'number' && expiry > nowSeconds && Array.isArray(namespaces?.eip155?.accounts) && namespaces.eip155.accounts.length > 0;
}

export function forgetEverything(storage: WebStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(WC_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}


/** The SDK surface the connector uses: the real EthereumProvider, or a faithful fake in tests. */
export interface WalletConnectSdkProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  connect(options?: { optionalChains?: number[]; rpcMap?: Record<string, string> }): Promise<void>;
  /** One-click auth (`wc_sessionAuthenticate`): pairs and asks the wallet to sign in within the same approval. */
  authenticate?(params: WalletConnectAuthenticateParams): Promise<unknown>;
  disconnect(): Promise<void>;
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  readonly session?: { topic: string } | undefined;
  // What it offers beyond this (its sign client) is reached only through sdkInternals.ts.
}

/** What the page asks `authenticate` (the SDK's AuthenticateParams, the fields we use). */
export interface WalletConnectAuthenticateParams {
  chains: number[];
  domain: string;
  uri: string;
  nonce: string;
  statement?: string;
  /** ISO 8601. */
  iat: string;
  exp: string;
  /** The JSON-RPC methods the session may carry (the SDK writes them into the message as an EIP-5573 ReCap). */
  methods: string[];
}

export interface WalletConnectInitOptions {
  projectId: string;
  relayUrl?: string;
  optionalChains: [number, ...number[]];
  rpcMap: Record<string, string>;
  metadata: WalletConnectMetadata;
  storage: SdkKeyValueStorage;
  logger?: string;
}

export type WalletConnectSdkLoader = () => Promise<(options: WalletConnectInitOptions) => Promise<WalletConnectSdkProvider>>;

/** The SDK's key-value storage contract, as our PrefixedKeyValueStorage implements it. */
export interface SdkKeyValueStorage {
  getKeys(): Promise<string[]>;
  getEntries<T = unknown>(): Promise<[string, T][]>;
  getItem<T = unknown>(key: string): Promise<T | undefined>;
  setItem<T = unknown>(key: string, value: T): Promise<void>;
  removeItem(key: string): Promise<void>;
}
