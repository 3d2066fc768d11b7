// The QR-code wallet: WalletConnect v2 through @walletconnect/ethereum-provider. This shell is all the
// first visit carries: the one-read stored-session check and the lazy load. The SDK and the code that
// drives it (session.ts) arrive together in the "walletconnect" chunk. The SDK's own QR
// modal never ships (showQrModal off, aliased away in webpack): the app draws the pairing URI itself.
import { ERROR_NAMES, WalletdeckError } from '../../errors';
import { siteStorage } from '../../storage';
import { CONNECTOR_NAMES } from '../describe';
import { ListenerSet } from '../events';
import type { Connector, ConnectorEvent, ConnectorListener, DevelopmentPhone, Eip1193Provider } from '../types';
import type { WalletConnectSession } from './session';
import { WC_SESSION_KEY, WC_STORAGE_PREFIX, forgetEverything, isLiveSession, type WalletConnectOptions, type WebStorage } from './shared';

export * from './shared';

export class WalletConnectConnector implements Connector {
  readonly id = 'walletconnect' as const;
  readonly name = CONNECTOR_NAMES.walletconnect;
  /** Ending the WalletConnect session is the revocation: no `wallet_revokePermissions`. */
  readonly supportsRevoke = false;

  private readonly listeners = new ListenerSet<ConnectorEvent>();
  private session: Promise<WalletConnectSession> | undefined;

  constructor(private readonly options: WalletConnectOptions) {}

  private storage(): WebStorage {
    if (this.options.storage) return this.options.storage;
    if (typeof window === 'undefined') throw new WalletdeckError(ERROR_NAMES.configuration, 'WalletConnect needs a browser: window is not defined');
    return siteStorage(window).storage;
  }

  isAvailable(): boolean {
    return true;
  }

  get developmentPhone(): DevelopmentPhone | undefined {
    return this.options.developmentPhone;
  }

  /** Where the browser refuses site storage, the SDK keeps its session in memory: it ends with the page. */
  get limitation(): string | undefined {
    const remembered = this.options.storageRemembered ?? (this.options.storage ? true : typeof window !== 'undefined' && siteStorage(window).remembered);
    return remembered ? undefined : 'Your WalletConnect connection will last until you reload this page: this browser does not let the site keep it.';
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
      const loading = import(/* webpackChunkName: "walletconnect" */ './session').then(
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
    this.listeners.emit(event);
  }

  subscribe(listener: ConnectorListener): () => void {
    return this.listeners.subscribe(listener);
  }
}
