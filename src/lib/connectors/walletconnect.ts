// The QR-code wallet: WalletConnect v2 through @walletconnect/ethereum-provider. This shell is all the
// first visit carries: the one-read stored-session check and the lazy load. The SDK and the code that
// drives it (walletconnectSession.ts) arrive together in the "walletconnect" chunk. The SDK's own QR
// modal never ships (showQrModal off, aliased away in webpack): the app draws the pairing URI itself.
import type { ChainTable } from '../chains';
import { ERROR_NAMES, WalletdeckError } from '../errors';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider } from './types';
import type { WalletConnectSdkLoader, WalletConnectSession } from './walletconnectSession';

/** The part of Web Storage the connector needs (window.localStorage in the app). */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Where the SDK's state lives in Web Storage; everything under it belongs to the SDK. */
export const WC_STORAGE_PREFIX = 'walletdeck.walletconnect:';
/** The sign client's session store inside that namespace. */
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
  /** Default: window.localStorage. */
  storage?: WebStorage;
  /** How long the relay may take to hand out a pairing URI before the connect fails. */
  relayTimeoutMs?: number;
  disconnectTimeoutMs?: number;
  /** The SDK's log level (pino), e.g. 'silent' in tests. */
  logLevel?: string;
  /** Replaces the SDK inside the lazy chunk (tests pass a fake provider). */
  loadSdk?: WalletConnectSdkLoader;
}

/** A session the SDK would restore: not expired, with Ethereum accounts. */
function isLiveSession(value: unknown, nowSeconds: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { expiry, namespaces } = value as { expiry?: unknown; namespaces?: { eip155?: { accounts?: unknown } } };
  return typeof expiry === 'number' && expiry > nowSeconds && Array.isArray(namespaces?.eip155?.accounts) && namespaces.eip155.accounts.length > 0;
}

function forgetEverything(storage: WebStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(WC_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

export class WalletConnectConnector implements Connector {
  readonly id = 'walletconnect' as const;
  readonly name = 'WalletConnect';
  /** Ending the WalletConnect session is the revocation: no `wallet_revokePermissions`. */
  readonly supportsRevoke = false;

  private readonly listeners = new Set<ConnectorListener>();
  private session: Promise<WalletConnectSession> | undefined;

  constructor(private readonly options: WalletConnectOptions) {}

  private storage(): WebStorage {
    const storage = this.options.storage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
    if (!storage) throw new WalletdeckError(ERROR_NAMES.configuration, 'WalletConnect needs Web Storage to keep its session');
    return storage;
  }

  isAvailable(): boolean {
    return true;
  }

  /** One storage read, no SDK: a session that expired meanwhile is forgotten here, silently. */
  hasStoredSession(): boolean {
    let storage: WebStorage;
    let sessions: unknown;
    try {
      storage = this.storage();
      sessions = JSON.parse(storage.getItem(WC_STORAGE_PREFIX + WC_SESSION_KEY) ?? '[]');
    } catch {
      // Storage blocked (privacy mode) or unreadable: nothing to reconnect.
      return false;
    }
    if (!Array.isArray(sessions) || sessions.length === 0) return false;
    if (sessions.some((s) => isLiveSession(s, Date.now() / 1000))) return true;
    forgetEverything(storage);
    return false;
  }

  private load(): Promise<WalletConnectSession> {
    if (!this.session) {
      const loading = import(/* webpackChunkName: "walletconnect" */ './walletconnectSession').then(
        ({ WalletConnectSession }) =>
          new WalletConnectSession(this.options, this.storage(), (event) => this.emit(event), this.options.loadSdk),
      );
      this.session = loading;
      // A chunk that failed to load (offline) is fetched again on the next try.
      loading.catch(() => {
        if (this.session === loading) this.session = undefined;
      });
    }
    return this.session;
  }

  preload(): void {
    this.load().catch(() => undefined);
  }

  async getProvider(): Promise<Eip1193Provider> {
    const session = await this.load();
    await session.init();
    return session.provider;
  }

  async connect(_provider: Eip1193Provider, options: { chainId?: number }): Promise<void> {
    const session = await this.load();
    await session.connect(options);
  }

  async disconnect(): Promise<void> {
    // Nothing loaded means nothing paired in this page.
    if (!this.session) return;
    const session = await this.session.catch(() => undefined);
    await session?.disconnect();
  }

  private emit(event: ConnectorEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  subscribe(listener: ConnectorListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
