// The mobile-link wallet: Coinbase Wallet SDK v4. This shell is all the first visit carries: the
// cheap stored-session check, the extension suggestion and the lazy load. The SDK and everything
// that deals with it (coinbaseSession.ts) arrive together in the "coinbase" chunk.
import type { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk';
import { ERROR_NAMES, WalletdeckError } from '../errors';
import type { CoinbaseSession } from './coinbaseSession';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider, ExtensionSuggestion } from './types';

export type CoinbasePreference = 'all' | 'eoaOnly' | 'smartWalletOnly';

/** The SDK's own keys page; `keysUrl` in the configuration replaces it (tests, staging). */
export const COINBASE_KEYS_URL = 'https://keys.coinbase.com/connect';
export const COINBASE_EXTENSION_INSTALL_URL = 'https://www.coinbase.com/wallet/downloads';

/** Where the SDK keeps a session (its localStorage scopes) and the key that says one exists. */
const SDK_STORAGE_PREFIXES = ['-CBWSDK:', '-walletlink:'];
export const SDK_SIGNER_TYPE_KEY = '-CBWSDK:SignerConfigurator:SignerType';
/** Ours: the user connected through the Coinbase extension here (the extension keeps its own permission). */
export const EXTENSION_SESSION_KEY = 'walletdeck.coinbase.extension';

export const COINBASE_ERROR_NAMES = { popupBlocked: 'PopupBlockedError', sdkLoad: 'SdkLoadError' } as const;

export interface CoinbaseTimeouts {
  /** The keys window must say it loaded within this, or the request ends with a timeout error. */
  popupLoadMs: number;
  /** How often a closed keys window is noticed. */
  popupPollMs: number;
  /** After the window closed, time for its last answer to arrive before the request counts as rejected. */
  popupClosedGraceMs: number;
  /** Requests answered quicker than this never show "Confirm on phone". */
  awaitingDelayMs: number;
}

export const DEFAULT_COINBASE_TIMEOUTS: CoinbaseTimeouts = {
  popupLoadMs: 15_000,
  popupPollMs: 250,
  popupClosedGraceMs: 600,
  awaitingDelayMs: 250,
};

export type SdkModule = { createCoinbaseWalletSDK: typeof createCoinbaseWalletSDK };

/** The part of `window` this connector reads; the SDK itself always uses the real `window`. */
export type CoinbaseHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'localStorage' | 'location' | 'navigator' | 'document'> & {
  coinbaseWalletExtension?: unknown;
  ethereum?: unknown;
};

export interface CoinbaseConnectorOptions {
  appName: string;
  /** Resolved against the page, since the wallet shows it from elsewhere. */
  appLogoUrl: string;
  appChainIds: readonly number[];
  preference: CoinbasePreference;
  keysUrl?: string;
  timeouts?: Partial<CoinbaseTimeouts>;
  /** Loads the SDK; by default the lazy "coinbase" chunk. */
  loadSdk?: () => Promise<SdkModule>;
  host?: CoinbaseHost;
}

function isProvider(value: unknown): value is { request: unknown; isCoinbaseBrowser?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

function storageOf(host: CoinbaseHost | undefined): Storage | undefined {
  try {
    return host?.localStorage ?? undefined;
  } catch {
    return undefined; // privacy modes throw on access
  }
}

export function setStored(host: CoinbaseHost | undefined, key: string, value: string): void {
  try {
    storageOf(host)?.setItem(key, value);
  } catch {
    // Losing the memory only costs a silent reconnect.
  }
}

export function removeStored(host: CoinbaseHost | undefined, key: string): void {
  try {
    storageOf(host)?.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}

/** The SDK's session, and only it: other wallets' and the app's own keys stay. */
export function clearSdkStorage(host: CoinbaseHost | undefined): void {
  const storage = storageOf(host);
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && SDK_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

function defaultHost(): CoinbaseHost | undefined {
  return typeof window === 'undefined' ? undefined : (window as CoinbaseHost);
}

const noBrowser = (what: string) => new WalletdeckError(ERROR_NAMES.configuration, `${what} needs a browser: window is not defined`);

export class CoinbaseConnector implements Connector {
  readonly id = 'coinbase' as const;
  readonly name = 'Coinbase Wallet';
  readonly supportsRevoke = false;

  private readonly host: CoinbaseHost | undefined;
  private readonly loadSdk: () => Promise<SdkModule>;
  private loading: Promise<CoinbaseSession> | undefined;
  private session: CoinbaseSession | undefined;
  private readonly listeners = new Set<ConnectorListener>();
  /** A connect right after Disconnect waits for the old session to be gone. */
  private disconnecting: Promise<void> | undefined;

  constructor(private readonly options: CoinbaseConnectorOptions) {
    this.host = 'host' in options ? options.host : defaultHost();
    this.loadSdk = options.loadSdk ?? (() => import(/* webpackChunkName: "coinbase" */ '@coinbase/wallet-sdk'));
  }

  isAvailable(): boolean {
    return true;
  }

  hasStoredSession(): boolean {
    // SPEC: eager connection outside a browser is a configuration error, thrown at once.
    if (!this.host) throw noBrowser('Eager connection');
    try {
      const storage = storageOf(this.host);
      if (!storage) return false;
      if (storage.getItem(SDK_SIGNER_TYPE_KEY) !== null) return true;
      return this.extensionPresent() && storage.getItem(EXTENSION_SESSION_KEY) !== null;
    } catch {
      return false;
    }
  }

  preload(): void {
    this.load().catch(() => undefined);
  }

  extensionSuggestion(): ExtensionSuggestion | undefined {
    // smartWalletOnly never uses an extension; phones have none to install.
    if (this.options.preference === 'smartWalletOnly' || this.extensionPresent()) return undefined;
    if (/Android|iPhone|iPad|iPod|Mobi/i.test(this.host?.navigator?.userAgent ?? '')) return undefined;
    return { name: 'Coinbase Wallet extension', installUrl: COINBASE_EXTENSION_INSTALL_URL };
  }

  async getProvider(): Promise<Eip1193Provider> {
    if (!this.host) throw noBrowser('Coinbase Wallet');
    const session = await this.load();
    await this.disconnecting;
    return session.provide();
  }

  subscribe(listener: ConnectorListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  cancelPendingRequests(): void {
    this.session?.cancelPendingRequests();
  }

  disconnect(): Promise<void> {
    const done = this.endSession().finally(() => {
      if (this.disconnecting === done) this.disconnecting = undefined;
    });
    this.disconnecting = done;
    return done;
  }

  private async endSession(): Promise<void> {
    removeStored(this.host, EXTENSION_SESSION_KEY);
    // Without the SDK loaded there is only its storage to forget.
    if (this.session) await this.session.end();
    else clearSdkStorage(this.host);
  }

  /** The SDK and the code that handles it, in one lazy chunk; a failed load can be retried. */
  private load(): Promise<CoinbaseSession> {
    this.loading ??= Promise.all([this.loadSdk(), import(/* webpackChunkName: "coinbase" */ './coinbaseSession')]).then(
      ([sdk, { CoinbaseSession }]) => {
        this.session = new CoinbaseSession({
          sdk,
          host: this.host!,
          options: this.options,
          timeouts: { ...DEFAULT_COINBASE_TIMEOUTS, ...this.options.timeouts },
          keysUrl: this.options.keysUrl ?? COINBASE_KEYS_URL,
          emit: (event) => this.emit(event),
        });
        return this.session;
      },
      (error: unknown) => {
        this.loading = undefined; // a later click may succeed (e.g. back online)
        const reason = error instanceof Error ? error.message : String(error);
        throw new WalletdeckError(COINBASE_ERROR_NAMES.sdkLoad, `Coinbase Wallet could not be loaded: ${reason}`);
      },
    );
    return this.loading;
  }

  private emit(event: ConnectorEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // One listener failing must not starve the others.
      }
    }
  }

  private extensionPresent(): boolean {
    const host = this.host;
    if (!host) return false;
    if (this.options.preference !== 'smartWalletOnly' && isProvider(host.coinbaseWalletExtension)) return true;
    return isProvider(host.ethereum) && host.ethereum.isCoinbaseBrowser === true;
  }
}
