// The browser-extension wallet: `window.ethereum` plus EIP-6963 discovery, MetaMask preferred.
import { ERROR_NAMES, MESSAGES, WalletdeckError, isReconnectingDisconnect } from '../../errors';
import { normalizeChainId } from '../../validation';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider } from '../types';

/** What an extension's provider may offer beyond `request`. */
export interface ExtensionProvider extends Eip1193Provider {
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
  isMetaMask?: boolean;
  providers?: unknown[];
}

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

interface Announced {
  info: Eip6963ProviderInfo;
  provider: ExtensionProvider;
}

/** The part of `window` this connector touches, injectable for tests. */
export interface InjectedHost {
  ethereum?: unknown;
  addEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
}

const METAMASK_RDNS = 'io.metamask';

function isProvider(value: unknown): value is ExtensionProvider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

function isAnnouncement(detail: unknown): detail is Announced {
  if (typeof detail !== 'object' || detail === null) return false;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  return (
    typeof info === 'object' &&
    info !== null &&
    typeof (info as { uuid?: unknown }).uuid === 'string' &&
    typeof (info as { rdns?: unknown }).rdns === 'string' &&
    isProvider(provider)
  );
}

export class InjectedConnector implements Connector {
  readonly id = 'injected' as const;
  readonly name = 'Browser wallet';
  readonly supportsRevoke = true;
  private readonly announced = new Map<string, Announced>();
  private chosen: ExtensionProvider | undefined;

  constructor(private readonly host: InjectedHost | undefined = typeof window === 'undefined' ? undefined : window) {
    if (!host) return;
    host.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (isAnnouncement(detail)) this.announced.set(detail.info.uuid, { info: detail.info, provider: detail.provider });
    });
    host.dispatchEvent(new Event('eip6963:requestProvider'));
  }

  /** Wallets that announced themselves through EIP-6963, for display. */
  wallets(): Eip6963ProviderInfo[] {
    return [...this.announced.values()].map((a) => a.info);
  }

  private find(): ExtensionProvider | undefined {
    const announced = [...this.announced.values()];
    const metamask = announced.find((a) => a.info.rdns === METAMASK_RDNS);
    if (metamask) return metamask.provider;
    const legacy = this.host?.ethereum;
    if (isProvider(legacy)) {
      // Older multi-wallet injection puts every provider in `ethereum.providers`.
      const inner = Array.isArray(legacy.providers) ? legacy.providers.filter(isProvider) : [];
      return inner.find((p) => p.isMetaMask === true) ?? (legacy.isMetaMask ? legacy : (announced[0]?.provider ?? legacy));
    }
    return announced[0]?.provider;
  }

  isAvailable(): boolean {
    return true;
  }

  hasStoredSession(): boolean {
    // SPEC: eager connection outside a browser is a configuration error, thrown at once.
    if (!this.host) throw new WalletdeckError(ERROR_NAMES.configuration, MESSAGES.noWindow);
    return this.find() !== undefined;
  }

  async getProvider(): Promise<Eip1193Provider> {
    this.chosen ??= this.find();
    if (!this.chosen) throw new WalletdeckError(ERROR_NAMES.noMetaMask, MESSAGES.noMetaMask);
    return this.chosen;
  }

  async disconnect(): Promise<void> {
    // Extensions keep no session of ours; a later connect may pick a newly installed wallet.
    this.chosen = undefined;
  }

  subscribe(listener: ConnectorListener): () => void {
    const provider = this.chosen ?? this.find();
    if (!provider?.on) return () => undefined;
    const handlers: Record<string, (...args: unknown[]) => void> = {
      accountsChanged: (accounts) => listener({ type: 'accountsChanged', accounts: Array.isArray(accounts) ? accounts : [accounts] }),
      chainChanged: (chainId) => listener({ type: 'chainChanged', chainId: normalizeChainId(chainId) }),
      connect: (info) => {
        const chainId = typeof info === 'object' && info !== null ? (info as { chainId?: unknown }).chainId : undefined;
        if (chainId !== undefined) listener({ type: 'connect', chainId: normalizeChainId(chainId) });
      },
      disconnect: (error) => {
        if (isReconnectingDisconnect(error)) return;
        const event: ConnectorEvent = error === undefined ? { type: 'sessionEnded' } : { type: 'disconnect', error };
        listener(event);
      },
    };
    for (const [name, handler] of Object.entries(handlers)) provider.on(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) provider.removeListener?.(name, handler);
    };
  }
}
