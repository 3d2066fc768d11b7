// The QR-code wallet: WalletConnect v2 through @walletconnect/ethereum-provider. This shell is all the
// first visit carries: the one-read stored-session check and the lazy load. The SDK and the code that
// drives it (session.ts) arrive together in the "walletconnect" chunk. The SDK's own QR
// modal never ships (showQrModal off, aliased away in webpack): the app draws the pairing URI itself.
import { ERROR_NAMES, WalletdeckError } from '../../errors';
import { siteStorage } from '../../storage';
import { adapterFromConnector, defineKind, kindSetting, type KindSettings } from '../kind';
import type { buildSettings } from './buildSettings';
import { ListenerSet } from '../events';
import type { Connector, ConnectorEvent, ConnectorListener, DevelopmentPhone, Eip1193Provider, SignInAtConnect } from '../types';
import type { WalletConnectSession } from './session';
import { WC_SESSION_KEY, WC_STORAGE_PREFIX, forgetEverything, isLiveSession, type WalletConnectOptions, type WebStorage } from './shared';

export * from './shared';

const WALLETCONNECT_NAME = 'WalletConnect';

export class WalletConnectConnector implements Connector {
  readonly id = 'walletconnect' as const;
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

  /** WalletConnect's one-click auth (docs/behaviour.md §13.8): pairs by QR code, and the wallet signs in with its approval. */
  async connectSignedIn(_provider: Eip1193Provider, request: SignInAtConnect, options: { chainId?: number }): Promise<{ proof: unknown } | undefined> {
    const session = await this.load();
    return session.authenticate(request, options);
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

/** Phone wallets through a QR code or a pairing link (WalletConnect v2); needs the build's project id. */
export const walletconnectKind = defineKind({
  id: 'walletconnect',
  name: WALLETCONNECT_NAME,
  face: {
    note: { otherwise: 'Scan a QR code with a phone wallet' },
    letters: 'WC',
    timeoutWords: 'WalletConnect could not be reached. Check your connection and try again.',
  },
  settings: ({ config, chains, storage, page }): KindSettings<WalletConnectOptions> => {
    const projectId = kindSetting<typeof buildSettings>(config, 'WALLETCONNECT_PROJECT_ID');
    const relayUrl = kindSetting<typeof buildSettings>(config, 'WALLETCONNECT_RELAY_URL');
    if (!projectId) {
      return {
        // End users read that the kind is not offered here; the developer's hint goes to the console.
        unavailable: 'Connecting with a phone wallet (WalletConnect) is not available on this site.',
        hint: 'WalletConnect is off in this build. Build with WALLETCONNECT_PROJECT_ID set to offer it (see "Configuration" in README.md).',
      };
    }
    const appLogoUrl = config.appLogoUrl ?? '/favicon.svg';
    const settings: WalletConnectOptions = {
      projectId,
      ...(relayUrl ? { relayUrl } : {}),
      chains,
      storage: storage.storage,
      storageRemembered: storage.remembered,
      ...(config.developmentPhone ? { developmentPhone: config.developmentPhone } : {}),
      metadata: {
        name: config.appName ?? 'Walletdeck',
        description: 'Connect a wallet, pick a chain, see your accounts.',
        url: page.origin,
        icons: [new URL(appLogoUrl, page).href],
      },
    };
    return { settings };
  },
  adapter: (settings, env) => adapterFromConnector(new WalletConnectConnector(settings), env.chains),
});
