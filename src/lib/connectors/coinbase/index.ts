// The mobile-link wallet: Coinbase Wallet SDK v4. This shell is all the first visit carries: the
// cheap stored-session check, the extension suggestion and the lazy load. The SDK and everything
// that deals with it (session.ts) arrive together in the "coinbase" chunk.
import { ERROR_NAMES, WalletdeckError } from '../../errors';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider, ExtensionSuggestion } from '../types';
import { hasWebCrypto } from '../../environment';
import { adapterFromConnector, defineKind, kindSetting } from '../kind';
import type { buildSettings } from './buildSettings';
import { field } from '../../guards';
import { ListenerSet, isProvider } from '../events';
import type { CoinbaseSession } from './session';
import {
  COINBASE_ERROR_NAMES,
  COINBASE_EXTENSION_INSTALL_URL,
  COINBASE_KEYS_URL,
  COINBASE_PREFERENCES,
  DEFAULT_COINBASE_TIMEOUTS,
  EXTENSION_SESSION_KEY,
  SDK_SIGNER_TYPE_KEY,
  clearSdkStorage,
  removeStored,
  storageOf,
  type CoinbaseConnectorOptions,
  type CoinbaseHost,
  type SdkModule,
} from './shared';

export * from './shared';

function defaultHost(): CoinbaseHost | undefined {
  return typeof window === 'undefined' ? undefined : (window as CoinbaseHost);
}

/** Why the kind cannot work on this page: the SDK's pop-up and mobile-app link need web crypto. */
export const COINBASE_NEEDS_SECURE_PAGE =
  'Coinbase Wallet can only open its pop-up or reach the mobile app on a secure (https) page. Its browser extension works here.';

const COINBASE_NAME = 'Coinbase Wallet';

const noBrowser = (what: string) => new WalletdeckError(ERROR_NAMES.configuration, `${what} needs a browser: window is not defined`);

export class CoinbaseConnector implements Connector {
  readonly id = 'coinbase' as const;
  readonly supportsRevoke = false;

  private readonly host: CoinbaseHost | undefined;
  private readonly loadSdk: () => Promise<SdkModule>;
  private loading: Promise<CoinbaseSession> | undefined;
  private session: CoinbaseSession | undefined;
  private readonly listeners = new ListenerSet<ConnectorEvent>();
  /** A connect right after Disconnect waits for the old session to be gone. */
  private disconnecting: Promise<void> | undefined;

  constructor(private readonly options: CoinbaseConnectorOptions) {
    this.host = 'host' in options ? options.host : defaultHost();
    this.loadSdk = options.loadSdk ?? (() => import(/* webpackChunkName: "coinbase" */ '@coinbase/wallet-sdk'));
  }

  /** Without web crypto (a plain http page) only the browser extension can work. */
  isAvailable(): boolean {
    return this.webCrypto() || this.extensionPresent();
  }

  get unavailableReason(): string | undefined {
    return this.isAvailable() ? undefined : COINBASE_NEEDS_SECURE_PAGE;
  }

  get limitation(): string | undefined {
    return this.unavailableReason;
  }

  private webCrypto(): boolean {
    return this.options.webCrypto ?? hasWebCrypto(this.host);
  }

  hasStoredSession(): boolean {
    // docs/behaviour.md §1.4: eager connection outside a browser is a configuration error, thrown at once.
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

  isInstalled(): boolean {
    try {
      return this.extensionPresent();
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
    return this.listeners.subscribe(listener);
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
    this.loading ??= Promise.all([this.loadSdk(), import(/* webpackChunkName: "coinbase" */ './session')]).then(
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
    this.listeners.emit(event);
  }

  private extensionPresent(): boolean {
    const host = this.host;
    if (!host) return false;
    if (this.options.preference !== 'smartWalletOnly' && isProvider(field(host, 'coinbaseWalletExtension'))) return true;
    // `window.ethereum` may be anything another extension put there, a throwing getter included.
    const ethereum = field(host, 'ethereum');
    return isProvider(ethereum) && field(ethereum, 'isCoinbaseBrowser') === true;
  }
}

/** Coinbase Wallet: its browser extension, its pop-up (smart wallet) or its mobile app, through the SDK. */
export const coinbaseKind = defineKind({
  id: 'coinbase',
  name: COINBASE_NAME,
  face: { note: { installed: 'Browser extension', otherwise: 'Mobile app or browser window' }, ownWindow: true },
  settings: ({ config, host }) => {
    const preference = COINBASE_PREFERENCES.find((known) => known === kindSetting<typeof buildSettings>(config, 'COINBASE_PREFERENCE')) ?? 'all';
    const keysUrl = kindSetting<typeof buildSettings>(config, 'COINBASE_KEYS_URL');
    return {
      settings: {
        appName: config.appName ?? 'Walletdeck',
        appLogoUrl: config.appLogoUrl ?? '/favicon.svg',
        appChainIds: config.allowedChainIds['coinbase'] ?? [],
        preference,
        webCrypto: hasWebCrypto(host),
        ...(keysUrl ? { keysUrl } : {}),
      } satisfies CoinbaseConnectorOptions,
    };
  },
  adapter: (settings, env) => adapterFromConnector(new CoinbaseConnector(settings), env.chains),
});
