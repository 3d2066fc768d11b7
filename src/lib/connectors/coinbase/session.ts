// The Coinbase Wallet SDK side of the coinbase connector, loaded with the SDK in the "coinbase" chunk
// so that the first visit carries only the small shell (coinbase.ts). Every quirk of the SDK stays
// here: its keys popup (blocked, closed, never loading), the walletlink signer's page reloads, the
// posts it abandons, and adding a chain without switching to it.
import { ERROR_NAMES, STANDARD_MESSAGES, WalletdeckError, errorCode } from '../../errors';
import { attachHandlers, isProvider, isRecord, providerEventHandlers } from '../events';
import { normalizeChainId } from '../../validation';
import {
  COINBASE_ERROR_NAMES,
  EXTENSION_SESSION_KEY,
  clearSdkStorage,
  removeStored,
  setStored,
  type CoinbaseConnectorOptions,
  type CoinbaseHost,
  type CoinbaseTimeouts,
  type SdkModule,
} from './shared';
import type { ConnectorEvent, Eip1193Provider, RequestArguments } from '../types';

/** Requests the user answers in the popup or on the phone; others are answered by the SDK itself. */
const WALLET_PROMPTS = new Set([
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
  'wallet_showCallsStatus',
  'wallet_grantPermissions',
  'wallet_sign',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
]);

type Listener = (...args: unknown[]) => void;

/** The SDK's provider, or the extension object it hands back. */
interface WalletProvider extends Eip1193Provider {
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
  disconnect?(): unknown;
}

/**
 * Private parts of the SDK's own provider we rely on, each optional because a newer SDK may differ:
 * the popup link (its disconnect closes the window and rejects what waits on it) and the walletlink
 * relay (whose reset reloads the page).
 */
interface SdkInternals {
  communicator?: { disconnect?(): void; postMessage?: (message: unknown) => Promise<unknown> };
  signer?: { _relay?: WalletLinkRelay } | null;
}

interface WalletLinkRelay {
  resetAndReload?: () => void;
  connection?: { destroy?(): Promise<unknown> };
}

interface PendingRequest {
  /** Waits on the keys window (or the phone behind it). */
  viaPopup: boolean;
  fail(error: unknown): void;
}

interface PopupWatch {
  popup: Window;
  loaded: boolean;
  timers: ReturnType<typeof setTimeout>[];
  poll?: ReturnType<typeof setInterval>;
}

export interface SessionSetup {
  sdk: SdkModule;
  host: CoinbaseHost;
  options: CoinbaseConnectorOptions;
  timeouts: CoinbaseTimeouts;
  keysUrl: string;
  emit(event: ConnectorEvent): void;
}


const userRejected = () => new WalletdeckError('UserRejectedRequestError', STANDARD_MESSAGES[4001]!, 4001);
const disconnected = () => new WalletdeckError('DisconnectedError', STANDARD_MESSAGES[4900]!, 4900);
const popupBlocked = () =>
  new WalletdeckError(
    COINBASE_ERROR_NAMES.popupBlocked,
    'The browser blocked the Coinbase Wallet window. Allow pop-ups for this site, then press Try again.',
  );
const popupTimedOut = (ms: number) =>
  new WalletdeckError(
    ERROR_NAMES.timeout,
    `Coinbase Wallet did not answer: its window did not load within ${Math.max(1, Math.round(ms / 1000))} s. Check your connection, then try again.`,
  );

export class CoinbaseSession {
  private readonly host: CoinbaseHost;
  private readonly keysOrigin: string;
  private provider: WalletProvider | undefined;
  private usesExtension = false;
  /** The wallet gave us accounts: from then on a drop is a lost link (before, it is a failed connect). */
  private linked = false;
  private detach: (() => void) | undefined;
  private readonly pending = new Set<PendingRequest>();
  private awaitingCount = 0;
  private watch: PopupWatch | undefined;
  /** Set while we end the session ourselves: the SDK's own disconnect event is then not a lost link. */
  private quiet = false;
  private readonly guardedRelays = new WeakSet<object>();
  /** What the sagas call: stable across SDK instances. */
  readonly wrapped: Eip1193Provider = { request: (args) => this.request(args) };

  constructor(private readonly setup: SessionSetup) {
    this.host = setup.host;
    this.keysOrigin = new URL(setup.keysUrl).origin;
  }

  /** The provider for the sagas, creating the SDK's provider on first use and after a disconnect. */
  provide(): Eip1193Provider {
    if (!this.provider) this.createProvider(this.setup.sdk);
    return this.wrapped;
  }

  cancelPendingRequests(): void {
    for (const request of [...this.pending]) request.fail(userRejected());
    if (!this.usesExtension) this.closePopupLink();
  }

  async end(): Promise<void> {
    for (const request of [...this.pending]) request.fail(disconnected());
    const provider = this.provider;
    if (provider && this.usesExtension) return; // The extension keeps its own permission, like any extension.
    this.quiet = true;
    try {
      this.closePopupLink();
      this.guardReloads();
      await provider?.disconnect?.();
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
    this.provider = created as unknown as WalletProvider;
    // With the extension (or inside the Coinbase browser) the SDK hands back that provider itself.
    this.usesExtension = created === host.coinbaseWalletExtension || created === host.ethereum;
    this.detach = this.attach(this.provider);
    this.guardReloads();
    this.handleAbandonedPosts();
  }

  /**
   * The SDK posts to its window without awaiting the post; when the window is closed before it
   * loaded, that post rejects with nobody listening ("Uncaught (in promise)"). The request itself
   * still fails properly, so the stray rejection is marked handled.
   */
  private handleAbandonedPosts(): void {
    const communicator = (this.provider as SdkInternals | undefined)?.communicator;
    const post = communicator?.postMessage;
    if (!communicator || typeof post !== 'function') return;
    communicator.postMessage = (message) => {
      const posted = post(message);
      posted.catch(() => undefined);
      return posted;
    };
  }

  private dropProvider(): void {
    this.detach?.();
    this.detach = undefined;
    this.provider = undefined;
    this.usesExtension = false;
    this.linked = false;
    this.stopWatch();
  }

  private attach(provider: WalletProvider): () => void {
    const handlers = providerEventHandlers((event) => this.emit(event), {
      disconnect: (error) => {
        const wasLinked = this.linked;
        this.linked = false;
        if (this.quiet || !wasLinked) return undefined;
        if (error === undefined) return { type: 'sessionEnded' };
        // The SDK reports every drop as "User initiated disconnection"; only its code is true.
        return { type: 'disconnect', error: this.usesExtension ? error : { code: errorCode(error) ?? 4900 } };
      },
    });
    const message = (event: Event) => this.onWindowMessage(event as MessageEvent);
    const detach = attachHandlers(provider, handlers);
    if (!this.usesExtension) this.host?.addEventListener('message', message);
    return () => {
      detach();
      this.host?.removeEventListener('message', message);
    };
  }

  // ---- requests ----

  private request(args: RequestArguments): Promise<unknown> {
    const provider = this.provider;
    if (!provider) return Promise.reject(disconnected());
    const viaPopup = !this.usesExtension && WALLET_PROMPTS.has(args.method);
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
        this.guardReloads();
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
      const answer = this.usesExtension ? this.askExtension(provider, args) : this.askSdk(provider, args);
      answer.then(
        (value) => {
          if ((args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') && Array.isArray(value)) this.linked = value.length > 0;
          finish(() => resolve(value));
        },
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  private async askExtension(provider: WalletProvider, args: RequestArguments): Promise<unknown> {
    const value = await provider.request(args);
    if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') {
      if (Array.isArray(value) && value.length > 0) setStored(this.host, EXTENSION_SESSION_KEY, '1');
      else removeStored(this.host, EXTENSION_SESSION_KEY);
    }
    return value;
  }

  private async askSdk(provider: WalletProvider, args: RequestArguments): Promise<unknown> {
    const value = await this.sendWatchingPopup(provider, args);
    if (args.method === 'wallet_addEthereumChain') await this.switchToAdded(provider, args);
    return value;
  }

  /**
   * The SDK opens its keys window synchronously inside `request`, so watching `open` for that call
   * tells us whether the browser blocked it (the SDK would only show its own retry snackbar and
   * wait forever) and gives us the window to watch for closing and for never loading.
   */
  private sendWatchingPopup(provider: WalletProvider, args: RequestArguments): Promise<unknown> {
    const host = this.host;
    const original = host.open;
    const ownProperty = Object.prototype.hasOwnProperty.call(host, 'open');
    let opened: Window | null | undefined;
    const keysOrigin = this.keysOrigin;
    host.open = function open(this: unknown, ...openArgs: Parameters<Window['open']>) {
      const popup = original.apply(host, openArgs);
      try {
        if (new URL(String(openArgs[0])).origin === keysOrigin) opened = popup;
      } catch {
        // Not a URL of ours.
      }
      return popup;
    };
    let answer: Promise<unknown>;
    try {
      answer = Promise.resolve(provider.request(args));
    } catch (error) {
      answer = Promise.reject(error);
    } finally {
      if (ownProperty) host.open = original;
      else delete (host as Partial<CoinbaseHost>).open;
    }
    if (opened === null) {
      answer.catch(() => undefined); // the SDK's request is abandoned below
      this.closePopupLink();
      this.removeBlockedSnackbar();
      return Promise.reject(popupBlocked());
    }
    if (opened) this.startWatch(opened);
    return answer;
  }

  /** Coinbase's own wallet adds a chain without switching to it; dapps (and MetaMask users) expect both. */
  private async switchToAdded(provider: WalletProvider, args: RequestArguments): Promise<void> {
    const params = Array.isArray(args.params) ? (args.params as unknown[])[0] : undefined;
    const chainId = isRecord(params) ? params['chainId'] : undefined;
    if (typeof chainId !== 'string') return;
    try {
      const current = await provider.request({ method: 'eth_chainId' });
      if (normalizeChainId(current) === normalizeChainId(chainId)) return;
      await this.sendWatchingPopup(provider, { method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch {
      // The chain was added; the caller's next read of the chain id tells the truth.
    }
  }

  private awaitingChanged(delta: number): void {
    const before = this.awaitingCount;
    this.awaitingCount = Math.max(0, before + delta);
    if (before === 0 && this.awaitingCount > 0) this.emit({ type: 'awaitingWallet', waiting: true });
    if (before > 0 && this.awaitingCount === 0) this.emit({ type: 'awaitingWallet', waiting: false });
  }

  // ---- the keys window ----

  private onWindowMessage(event: MessageEvent): void {
    const watch = this.watch;
    if (!watch || event.origin !== this.keysOrigin || !isRecord(event.data)) return;
    // The SDK checks only the origin: a late goodbye from a window closed earlier would end the new one.
    if (event.source && event.source !== watch.popup) {
      if (event.data['event'] === 'PopupUnload') event.stopImmediatePropagation();
      return;
    }
    if (event.data['event'] === 'PopupLoaded') watch.loaded = true;
  }

  private startWatch(popup: Window): void {
    this.stopWatch();
    const watch: PopupWatch = { popup, loaded: false, timers: [] };
    this.watch = watch;
    const { popupLoadMs, popupPollMs, popupClosedGraceMs } = this.setup.timeouts;
    watch.timers.push(
      setTimeout(() => {
        if (this.watch === watch && !watch.loaded) this.failPopupRequests(popupTimedOut(popupLoadMs));
      }, popupLoadMs),
    );
    watch.poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watch.poll);
      // The window may close right after answering: give that answer time to arrive.
      watch.timers.push(
        setTimeout(() => {
          if (this.watch === watch) this.failPopupRequests(userRejected());
        }, popupClosedGraceMs),
      );
    }, popupPollMs);
  }

  private stopWatch(): void {
    const watch = this.watch;
    if (!watch) return;
    this.watch = undefined;
    clearInterval(watch.poll);
    for (const timer of watch.timers) clearTimeout(timer);
  }

  private failPopupRequests(error: unknown): void {
    this.stopWatch();
    const waiting = [...this.pending].filter((request) => request.viaPopup);
    if (waiting.length === 0) return;
    for (const request of waiting) request.fail(error);
    this.closePopupLink();
  }

  /** Closes the keys window and drops what the SDK waits for from it, so the next request starts clean. */
  private closePopupLink(): void {
    this.stopWatch();
    if (this.usesExtension) return;
    try {
      (this.provider as SdkInternals | undefined)?.communicator?.disconnect?.();
    } catch {
      // Already closed.
    }
  }

  /** Our error replaces the SDK's "Popup was blocked" snackbar, whose retry would revive an abandoned request. */
  private removeBlockedSnackbar(): void {
    const document = this.host.document;
    if (!document) return;
    for (const root of Array.from(document.querySelectorAll('.-cbwsdk-snackbar-root'))) {
      if (!root.textContent?.includes('Popup was blocked')) continue;
      (root.closest('.-cbwsdk-css-reset') ?? root).remove();
    }
  }

  /**
   * The walletlink signer (Coinbase Wallet app) resets by clearing storage and reloading the page,
   * also when the phone ends the session. We end it without a reload and report it instead.
   */
  private guardReloads(): void {
    const relay = (this.provider as SdkInternals | undefined)?.signer?._relay;
    if (typeof relay !== 'object' || relay === null || this.guardedRelays.has(relay)) return;
    this.guardedRelays.add(relay);
    relay.resetAndReload = () => {
      relay.connection?.destroy?.().catch(() => undefined);
      clearSdkStorage(this.host);
      if (this.quiet) return;
      this.dropProvider();
      this.emit({ type: 'sessionEnded' });
    };
  }
}
