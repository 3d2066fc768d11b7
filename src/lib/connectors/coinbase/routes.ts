// Where a Coinbase request goes: to the browser extension the SDK handed back (a plain extension, like
// any other), or through the SDK to its keys window or the phone (watched, and with the SDK's quirks:
// blocked windows, adding a chain without switching to it).
import { errorCode } from '../../errors';
import { isObject } from '../../guards';
import { normalizeChainId } from '../../validation';
import type { Eip1193Provider, RequestArguments } from '../types';
import { popupBlocked, popupTimedOut, userRejected } from './errors';
import { PopupWatcher } from './popupWatcher';
import { closeKeysWindow, guardKeysWindowOpening, markAbandonedPostsHandled, removeBlockedSnackbar } from './sdkInternals';
import { EXTENSION_SESSION_KEY, removeStored, setStored, type CoinbaseHost, type CoinbaseTimeouts } from './shared';

/** Requests the user answers in the keys window or on the phone; the SDK answers the others itself. */
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

const isAccountsRequest = (method: string) => method === 'eth_requestAccounts' || method === 'eth_accounts';

export interface WalletRoute {
  /** The extension keeps its own permission: ending our session leaves it alone. */
  readonly keepsPermission: boolean;
  /** Whether the request waits on the user in the keys window or on the phone. */
  waitsOnUser(method: string): boolean;
  ask(args: RequestArguments): Promise<unknown>;
  /** Drops what waits on the keys window, so the next request starts clean. */
  closeLink(): void;
  /** What a dropped link reported by the provider's `disconnect` carries to the sagas. */
  droppedLinkError(error: unknown): unknown;
  detach(): void;
}

export interface RouteSetup {
  host: CoinbaseHost;
  keysUrl: string;
  timeouts: CoinbaseTimeouts;
  /** Fails every request that waits on the keys window; returns how many there were. */
  failWaiting(error: unknown): number;
  /** A request opened the keys window, or the window answered the SDK's handshake. */
  onWindow?(state: 'opened' | 'answered'): void;
}

/** With the extension installed (or inside the Coinbase browser) the SDK hands back that provider itself. */
export function routeFor(provider: Eip1193Provider, setup: RouteSetup): WalletRoute {
  const { host } = setup;
  const extension = provider === host.coinbaseWalletExtension || provider === host.ethereum;
  return extension ? new ExtensionRoute(provider, host) : new SdkRoute(provider, setup);
}

class ExtensionRoute implements WalletRoute {
  readonly keepsPermission = true;

  constructor(
    private readonly provider: Eip1193Provider,
    private readonly host: CoinbaseHost,
  ) {}

  waitsOnUser(): boolean {
    return false;
  }

  /** Remembers whether the extension gave us accounts, for the silent reconnect on the next visit. */
  async ask(args: RequestArguments): Promise<unknown> {
    const value = await this.provider.request(args);
    if (isAccountsRequest(args.method)) {
      if (Array.isArray(value) && value.length > 0) setStored(this.host, EXTENSION_SESSION_KEY, '1');
      else removeStored(this.host, EXTENSION_SESSION_KEY);
    }
    return value;
  }

  closeLink(): void {
    // No keys window: the extension's own prompts are its business.
  }

  droppedLinkError(error: unknown): unknown {
    return error;
  }

  detach(): void {
    // Nothing of ours is attached to an extension.
  }
}

class SdkRoute implements WalletRoute {
  readonly keepsPermission = false;
  private readonly watcher: PopupWatcher;
  private readonly stopListening: () => void;

  constructor(
    private readonly provider: Eip1193Provider,
    private readonly setup: RouteSetup,
  ) {
    this.watcher = new PopupWatcher({
      host: setup.host,
      keysUrl: setup.keysUrl,
      timeouts: setup.timeouts,
      onLoadTimeout: (ms) => this.failWaiting(popupTimedOut(ms)),
      onClosed: () => this.failWaiting(userRejected()),
      onLoaded: () => setup.onWindow?.('answered'),
    });
    this.stopListening = this.watcher.listen();
    markAbandonedPostsHandled(provider);
    // A cancelled or closed request the SDK is still working on must not bring its window back.
    guardKeysWindowOpening(provider, () => this.watcher.mayOpenWindow(), userRejected);
  }

  waitsOnUser(method: string): boolean {
    return WALLET_PROMPTS.has(method);
  }

  async ask(args: RequestArguments): Promise<unknown> {
    const value = await this.send(args);
    if (args.method === 'wallet_addEthereumChain') await this.switchToAdded(args);
    return value;
  }

  closeLink(): void {
    this.watcher.stop();
    closeKeysWindow(this.provider);
  }

  /** The SDK reports every drop as "User initiated disconnection"; only its code is true. */
  droppedLinkError(error: unknown): unknown {
    return { code: errorCode(error) ?? 4900 };
  }

  detach(): void {
    this.watcher.stop();
    this.stopListening();
  }

  private failWaiting(error: unknown): void {
    this.watcher.stop();
    if (this.setup.failWaiting(error) > 0) this.closeLink();
  }

  /**
   * Watching the window the request opens tells whether the browser blocked it (the SDK would only
   * show its own retry snackbar and wait forever), and whether it closes or never loads.
   */
  private send(args: RequestArguments): Promise<unknown> {
    const { answer, popup } = this.watcher.opening(() => this.provider.request(args));
    if (popup === null) {
      answer.catch(() => undefined); // the SDK's request is abandoned here
      this.closeLink();
      removeBlockedSnackbar(this.setup.host.document);
      return Promise.reject(popupBlocked());
    }
    if (popup) {
      this.watcher.start(popup);
      this.setup.onWindow?.('opened');
    }
    return answer;
  }

  /** Coinbase's own wallet adds a chain without switching to it; dapps (and MetaMask users) expect both. */
  private async switchToAdded(args: RequestArguments): Promise<void> {
    const params = Array.isArray(args.params) ? (args.params as unknown[])[0] : undefined;
    const chainId = isObject(params) ? params['chainId'] : undefined;
    if (typeof chainId !== 'string') return;
    try {
      const current = await this.provider.request({ method: 'eth_chainId' });
      if (normalizeChainId(current) === normalizeChainId(chainId)) return;
      await this.send({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch {
      // The chain was added; the caller's next read of the chain id tells the truth.
    }
  }
}
