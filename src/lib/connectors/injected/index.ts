// The browser-extension wallet: `window.ethereum` plus EIP-6963 discovery. The user's pick wins, then
// MetaMask, then whatever is there. Wallets that arrive late (announced or injected after start) are
// reported through watchAvailability so the app can reconnect them.
import { ERROR_NAMES, MESSAGES, WalletdeckError, errorCode } from '../../errors';
import { normalizeChainId, safeIconUri } from '../../validation';
import { field, isObject } from '../../guards';
import { ListenerSet, attachHandlers, isProvider, providerEventHandlers } from '../events';
import { adapterFromConnector, defineKind } from '../kind';
import type { AnnouncedWallet, Connector, ConnectorListener, Eip1193Provider, SignInAtConnect } from '../types';

/** What an extension's provider may offer beyond `request`. */
export interface ExtensionProvider extends Eip1193Provider {
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
  isConnected?(): unknown;
  isMetaMask?: boolean;
  providers?: unknown[];
}

interface Announced {
  info: AnnouncedWallet;
  provider: ExtensionProvider;
}

/** The part of `window` this connector touches, injectable for tests. */
export interface InjectedHost {
  ethereum?: unknown;
  addEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
}

const METAMASK_RDNS = 'io.metamask';
const INJECTED_NAME = 'Browser wallet';
const MAX_NAME = 100;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/** An EIP-6963 announcement, validated: plain strings only, and an icon we can draw safely. */
function readAnnouncement(detail: unknown): Announced | undefined {
  try {
    if (!isObject(detail)) return undefined;
    const { info, provider } = detail;
    if (!isObject(info) || !isProvider(provider)) return undefined;
    const uuid = text(info['uuid'], 100);
    const rdns = text(info['rdns'], 200);
    if (uuid === undefined || rdns === undefined) return undefined;
    return {
      info: { uuid, rdns, name: text(info['name'], MAX_NAME) ?? rdns, icon: safeIconUri(info['icon']) },
      provider: provider as ExtensionProvider,
    };
  } catch {
    return undefined; // a hostile announcement is no wallet
  }
}

/** Why the kind cannot work when `window.ethereum` cannot even be read (extensions fighting over it). */
export const ETHEREUM_BLOCKED_REASON =
  'Your browser wallet cannot be reached: another extension in this browser is blocking it. Turn off the other wallet extensions, then reload the page.';

/**
 * `window.ethereum` when it is a provider. `blocked` when reading it, or its `request`, throws (a
 * getter that throws, a Proxy whose traps throw): unlike a missing wallet, that one cannot be used.
 */
function legacyProvider(host: InjectedHost | undefined): { provider?: ExtensionProvider; blocked: boolean } {
  let legacy: unknown;
  try {
    legacy = host?.ethereum;
  } catch {
    return { blocked: true };
  }
  try {
    return isObject(legacy) && typeof legacy['request'] === 'function' ? { provider: legacy as unknown as ExtensionProvider, blocked: false } : { blocked: false };
  } catch {
    return { blocked: true };
  }
}

/** What a wallet that does not know `wallet_connect` or its capability answers: method not found, unsupported, invalid params. */
const WALLET_CONNECT_UNKNOWN = [-32601, 4200, -32602];

export class InjectedConnector implements Connector {
  readonly id = 'injected' as const;
  readonly supportsRevoke = true;
  readonly chainIdBeforeConnect = true;
  private readonly announced = new Map<string, Announced>();
  private readonly changes = new ListenerSet<void>();
  private chosen: ExtensionProvider | undefined;
  private picked: string | undefined;

  constructor(private readonly host: InjectedHost | undefined = typeof window === 'undefined' ? undefined : window) {
    if (!host) return;
    host.addEventListener('eip6963:announceProvider', (event) => {
      const announced = readAnnouncement((event as CustomEvent<unknown>).detail);
      if (!announced) return;
      const known = this.announced.get(announced.info.uuid);
      this.announced.set(announced.info.uuid, announced);
      // Wallets re-announce on every request; only news is news.
      if (!known || known.provider !== announced.provider || known.info.name !== announced.info.name) this.changes.emit();
    });
    // Legacy injection that happens after the page started (MetaMask's `ethereum#initialized`).
    host.addEventListener('ethereum#initialized', () => this.changes.emit());
    host.dispatchEvent(new Event('eip6963:requestProvider'));
  }

  wallets(): AnnouncedWallet[] {
    return [...this.announced.values()].map((a) => a.info);
  }

  choose(rdns: string | undefined): void {
    this.picked = rdns;
    this.chosen = undefined;
    this.changes.emit();
  }

  watchAvailability(listener: () => void): () => void {
    return this.changes.subscribe(listener);
  }

  private find(): ExtensionProvider | undefined {
    const announced = [...this.announced.values()];
    const picked = this.picked === undefined ? undefined : announced.find((a) => a.info.rdns === this.picked);
    if (picked) return picked.provider;
    const metamask = announced.find((a) => a.info.rdns === METAMASK_RDNS);
    if (metamask) return metamask.provider;
    const legacy = legacyProvider(this.host).provider;
    if (legacy) {
      try {
        // Older multi-wallet injection puts every provider in `ethereum.providers`.
        const inner = Array.isArray(legacy.providers) ? (legacy.providers.filter(isProvider) as ExtensionProvider[]) : [];
        return inner.find((p) => p.isMetaMask === true) ?? (legacy.isMetaMask === true ? legacy : (announced[0]?.provider ?? legacy));
      } catch {
        return legacy;
      }
    }
    return announced[0]?.provider;
  }

  /** Unavailable only when `window.ethereum` is blocked and no wallet announced itself (EIP-6963) instead. */
  isAvailable(): boolean {
    return this.announced.size > 0 || !legacyProvider(this.host).blocked;
  }

  get unavailableReason(): string | undefined {
    return this.isAvailable() ? undefined : ETHEREUM_BLOCKED_REASON;
  }

  get limitation(): string | undefined {
    return this.unavailableReason;
  }

  isInstalled(): boolean {
    try {
      return this.find() !== undefined;
    } catch {
      return false;
    }
  }

  hasStoredSession(): boolean {
    // docs/behaviour.md §1.4: eager connection outside a browser is a configuration error, thrown at once.
    if (!this.host) throw new WalletdeckError(ERROR_NAMES.configuration, MESSAGES.noWindow);
    return this.find() !== undefined;
  }

  async getProvider(): Promise<Eip1193Provider> {
    const provider = this.providerNow();
    if (!provider) throw new WalletdeckError(ERROR_NAMES.noMetaMask, MESSAGES.noMetaMask);
    return provider;
  }

  providerNow(): Eip1193Provider | undefined {
    try {
      this.chosen ??= this.find();
    } catch {
      return undefined;
    }
    return this.chosen;
  }

  isLinkDead(): boolean {
    const provider = this.chosen;
    try {
      return provider !== undefined && typeof provider.isConnected === 'function' && provider.isConnected() === false;
    } catch {
      return false;
    }
  }

  /**
   * ERC-7846 `wallet_connect` with `signInWithEthereum` (docs/behaviour.md §13.8), on the chain the
   * extension is on when it is one the request allows and no other is wanted. A wallet that does not
   * know the method (or the capability) says so at once, before any prompt: undefined, and the usual
   * connect follows. The answer's first account's sign-in is returned as it came.
   */
  async connectSignedIn(provider: Eip1193Provider, request: SignInAtConnect, options: { chainId?: number }): Promise<{ proof: unknown } | undefined> {
    const chainId = normalizeChainId(await provider.request({ method: 'eth_chainId' }));
    if (typeof chainId !== 'number' || !request.chainIds.includes(chainId) || (options.chainId !== undefined && options.chainId !== chainId)) return undefined;
    const { chainIds: _offered, ...fields } = request;
    let answer: unknown;
    try {
      answer = await provider.request({
        method: 'wallet_connect',
        params: [{ version: '1', capabilities: { signInWithEthereum: { ...fields, version: '1', chainId: `0x${chainId.toString(16)}` } } }],
      });
    } catch (error) {
      if (WALLET_CONNECT_UNKNOWN.includes(errorCode(error) ?? 0)) return undefined;
      throw error;
    }
    const accounts = field(answer, 'accounts');
    const first = field(accounts, '0');
    const signIn = field(field(first, 'capabilities'), 'signInWithEthereum');
    return { proof: { address: field(first, 'address'), message: field(signIn, 'message'), signature: field(signIn, 'signature') } };
  }

  async disconnect(): Promise<void> {
    // Extensions keep no session of ours; a later connect may pick a newly installed wallet.
    this.chosen = undefined;
  }

  subscribe(listener: ConnectorListener): () => void {
    const provider = this.chosen ?? this.find();
    if (!provider) return () => undefined;
    return attachHandlers(provider, providerEventHandlers(listener));
  }
}

/** The browser's own wallets: one row per extension that announced itself, the user's pick remembered. */
export const injectedKind = defineKind({
  id: 'injected',
  name: INJECTED_NAME,
  face: { note: { installed: 'Browser extension' }, browserWallets: true },
  settings: () => ({ settings: undefined }),
  adapter: (_settings, env) => adapterFromConnector(new InjectedConnector(env.host), env.chains),
});
