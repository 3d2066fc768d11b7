// The Coinbase Wallet SDK side of the coinbase connector, loaded with the SDK in the "coinbase" chunk
// so that the first visit carries only the small shell (index.ts). The session owns the SDK's
// provider and the requests in flight: which wait on the user ("Confirm on phone"), which a cancel,
// a closed window or a disconnect ends. Where a request goes is routes.ts; the SDK's private parts
// are touched only in sdkInternals.ts.
import { ERROR_NAMES, WalletdeckError } from '../../errors';
import { attachHandlers, isProvider, providerEventHandlers } from '../events';
import type { ConnectorEvent, Eip1193Provider, RequestArguments } from '../types';
import { disconnected, userRejected } from './errors';
import { ReloadGuard } from './reloadGuard';
import { routeFor, type WalletRoute } from './routes';
import { clearSdkStorage, type CoinbaseConnectorOptions, type CoinbaseHost, type CoinbaseTimeouts, type SdkModule } from './shared';

type Listener = (...args: unknown[]) => void;

/** The SDK's provider, or the extension object it hands back. */
interface WalletProvider extends Eip1193Provider {
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
  disconnect?(): unknown;
}

interface PendingRequest {
  /** Waits on the keys window (or the phone behind it). */
  viaPopup: boolean;
  fail(error: unknown): void;
}

export interface SessionSetup {
  sdk: SdkModule;
  host: CoinbaseHost;
  options: CoinbaseConnectorOptions;
  timeouts: CoinbaseTimeouts;
  keysUrl: string;
  emit(event: ConnectorEvent): void;
}

/** The SDK's own disconnect is best effort: one that never settles must not hold every later request. */
const SDK_DISCONNECT_MS = 1_000;

function boundedWait(value: unknown, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([Promise.resolve(value), timeout]).finally(() => clearTimeout(timer));
}

export class CoinbaseSession {
  private readonly host: CoinbaseHost;
  private provider: WalletProvider | undefined;
  private route: WalletRoute | undefined;
  /** The wallet gave us accounts: from then on a drop is a lost link (before, it is a failed connect). */
  private linked = false;
  private detach: (() => void) | undefined;
  private readonly pending = new Set<PendingRequest>();
  private awaitingCount = 0;
  /** Set while we end the session ourselves: the SDK's own disconnect event is then not a lost link. */
  private quiet = false;
  private readonly reloads = new ReloadGuard(() => this.walletLinkReset());
  /** What the sagas call: stable across SDK instances. */
  readonly wrapped: Eip1193Provider = { request: (args) => this.request(args) };

  constructor(private readonly setup: SessionSetup) {
    this.host = setup.host;
  }

  /** The provider for the sagas, creating the SDK's provider on first use and after a disconnect. */
  provide(): Eip1193Provider {
    if (!this.provider) this.createProvider(this.setup.sdk);
    return this.wrapped;
  }

  cancelPendingRequests(): void {
    for (const request of [...this.pending]) request.fail(userRejected());
    this.route?.closeLink();
  }

  async end(): Promise<void> {
    for (const request of [...this.pending]) request.fail(disconnected());
    const provider = this.provider;
    if (this.route?.keepsPermission) return;
    this.quiet = true;
    try {
      this.route?.closeLink();
      this.reloads.guard(provider);
      await boundedWait(provider?.disconnect?.(), SDK_DISCONNECT_MS);
    } catch {
      // Cleaning up the SDK must never bring the session back; the storage is cleared below.
    } finally {
      this.quiet = false;
    }
    clearSdkStorage(this.host);
    this.dropProvider();
  }

  private emit(event: ConnectorEvent): void {
    this.setup.emit(event);
  }

  private createProvider(sdk: SdkModule): void {
    const { host, options } = this.setup;
    let logo = options.appLogoUrl;
    try {
      logo = new URL(logo, host.location.href).href;
    } catch {
      // Keep it as given.
    }
    const created: unknown = sdk
      .createCoinbaseWalletSDK({
        appName: options.appName,
        appLogoUrl: logo,
        appChainIds: [...options.appChainIds],
        preference: { options: options.preference, keysUrl: this.setup.keysUrl },
      })
      .getProvider();
    if (!isProvider(created)) throw new WalletdeckError(ERROR_NAMES.configuration, 'The Coinbase Wallet SDK gave no provider');
    // Checked: it has `request`; the rest of WalletProvider is optional.
    const provider = created as unknown as WalletProvider;
    this.provider = provider;
    const route = routeFor(provider, {
      host,
      keysUrl: this.setup.keysUrl,
      timeouts: this.setup.timeouts,
      failWaiting: (error) => this.failWaiting(error),
      onWindow: (state) => this.emit({ type: 'walletWindow', state }),
    });
    this.route = route;
    this.detach = this.attach(provider, route);
    this.reloads.guard(provider);
  }

  private dropProvider(): void {
    this.detach?.();
    this.detach = undefined;
    this.route?.detach();
    this.route = undefined;
    this.provider = undefined;
    this.linked = false;
  }

  private attach(provider: WalletProvider, route: WalletRoute): () => void {
    const handlers = providerEventHandlers((event) => this.emit(event), {
      disconnect: (error) => {
        const wasLinked = this.linked;
        this.linked = false;
        if (this.quiet || !wasLinked) return undefined;
        if (error === undefined) return { type: 'sessionEnded' };
        return { type: 'disconnect', error: route.droppedLinkError(error) };
      },
    });
    return attachHandlers(provider, handlers);
  }

  /** The phone ended the Coinbase Wallet app session (or we did): its storage goes, the page stays. */
  private walletLinkReset(): void {
    clearSdkStorage(this.host);
    if (this.quiet) return;
    this.dropProvider();
    this.emit({ type: 'sessionEnded' });
  }

  private request(args: RequestArguments): Promise<unknown> {
    const route = this.route;
    if (!this.provider || !route) return Promise.reject(disconnected());
    const viaPopup = route.waitsOnUser(args.method);
    return new Promise((resolve, reject) => {
      let settled = false;
      let awaiting = false;
      let awaitTimer: ReturnType<typeof setTimeout> | undefined;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(awaitTimer);
        this.pending.delete(entry);
        if (awaiting) this.awaitingChanged(-1);
        settle();
        this.reloads.guard(this.provider);
      };
      const entry: PendingRequest = { viaPopup, fail: (error) => finish(() => reject(error)) };
      this.pending.add(entry);
      if (viaPopup) {
        awaitTimer = setTimeout(() => {
          if (settled) return;
          awaiting = true;
          this.awaitingChanged(1);
        }, this.setup.timeouts.awaitingDelayMs);
      }
      route.ask(args).then(
        (value) => {
          if ((args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') && Array.isArray(value)) this.linked = value.length > 0;
          finish(() => resolve(value));
        },
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  /** Ends every request waiting on the keys window (it closed, or never loaded); returns how many. */
  private failWaiting(error: unknown): number {
    const waiting = [...this.pending].filter((request) => request.viaPopup);
    for (const request of waiting) request.fail(error);
    return waiting.length;
  }

  private awaitingChanged(delta: number): void {
    const before = this.awaitingCount;
    this.awaitingCount = Math.max(0, before + delta);
    if (before === 0 && this.awaitingCount > 0) this.emit({ type: 'awaitingWallet', waiting: true });
    if (before > 0 && this.awaitingCount === 0) this.emit({ type: 'awaitingWallet', waiting: false });
  }
}
