// A scriptable hostile wallet for the saga property test: the shared FakeEip1193Provider behind an
// EIP-1193 face that can hang, throw synchronously, answer without a promise, reject with anything,
// or die as MetaMask does after 1011. The same wallet sits behind each kind's real connector: the
// injected connector over a fake window, the Coinbase connector over a fake SDK module, and the
// WalletConnect connector over a fake SDK (pairing, session, deletion from the phone).
import { CoinbaseConnector, type CoinbaseHost, type SdkModule } from '../../src/lib/connectors/coinbase';
import { InjectedConnector } from '../../src/lib/connectors/injected';
import type { RequestArguments } from '../../src/lib/connectors/types';
import { WalletConnectConnector, type WalletConnectSdkProvider } from '../../src/lib/connectors/walletconnect';
import type { ChainTable } from '../../src/lib/chains';
import { isObject } from '../../src/lib/guards';
import { FakeEip1193Provider, fakeHost } from './fakeProvider';
import { build, type Hostile } from './hostile';
import { memoryWebStorage } from './webStorage';

/** How the wallet answers one method. */
export type Mode =
  | { m: 'normal' }
  | { m: 'hang' }
  | { m: 'syncThrow'; v: Hostile }
  | { m: 'nonPromise'; v: Hostile | 'good' }
  | { m: 'reject'; v: Hostile }
  | { m: 'rpc'; code: number }
  | { m: 'resolve'; v: Hostile }
  | { m: 'late'; ms: number }
  | { m: 'badThenable' };

/** The events a provider emits, as we listen to them. */
export const PROVIDER_EVENTS = ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const;

const never = () => new Promise<never>(() => undefined);

export class HostileWallet {
  readonly fake: FakeEip1193Provider;
  readonly modes = new Map<string, Mode>();
  /** After MetaMask's 1011 every request hangs and isConnected() is false. */
  dead = false;
  /** The SDK-level disconnect (Coinbase provider.disconnect, WalletConnect sdk.disconnect). */
  disconnectMode: Mode = { m: 'normal' };
  /** Moves on at every heal. */
  private generation = 0;
  /** The EIP-1193 object the connectors see. */
  readonly provider: {
    isMetaMask: boolean;
    request(args: RequestArguments): unknown;
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
    isConnected(): boolean;
    disconnect(): unknown;
  };

  constructor(options: { authorized: boolean; chainId?: number }) {
    this.fake = new FakeEip1193Provider({ authorized: options.authorized, chainId: options.chainId ?? 137, knownChains: [1, 137] });
    const fake = this.fake;
    // Plain functions on a plain object: `this` inside them is never relied upon (callers may detach them).
    this.provider = {
      isMetaMask: true,
      request: (args) => this.request(args),
      on: (event, listener) => fake.on(event, listener),
      removeListener: (event, listener) => fake.removeListener(event, listener),
      isConnected: () => !this.dead,
      disconnect: () => this.answer(this.disconnectMode, () => Promise.resolve(undefined)),
    };
  }

  private answer(mode: Mode, normal: () => Promise<unknown>): unknown {
    switch (mode.m) {
      case 'normal':
        return normal();
      case 'hang':
        return never();
      case 'syncThrow':
        throw build(mode.v);
      case 'nonPromise':
        return mode.v === 'good' ? undefined : build(mode.v);
      case 'reject':
        return Promise.reject(build(mode.v));
      case 'rpc':
        // As MetaMask's provider delivers them: a plain object, not an Error.
        return Promise.reject({ code: mode.code, message: `hostile ${mode.code}` });
      case 'resolve':
        return Promise.resolve(build(mode.v));
      case 'late': {
        // An answer still on its way when the wallet is healed never arrives (the healthy wallet is a new start).
        const generation = this.generation;
        return new Promise((resolve, reject) =>
          setTimeout(() => {
            if (generation === this.generation) normal().then(resolve, reject);
          }, mode.ms),
        );
      }
      case 'badThenable':
        return {
          then() {
            throw new Error('hostile thenable');
          },
        };
    }
  }

  request(args: RequestArguments): unknown {
    if (this.dead) return never();
    const method = isObject(args) ? args.method : undefined;
    const mode = (typeof method === 'string' ? this.modes.get(method) : undefined) ?? this.modes.get('*') ?? { m: 'normal' };
    if (mode.m === 'nonPromise' && mode.v === 'good') {
      // A synchronous, well-formed answer (some wallets skip the promise).
      if (method === 'eth_chainId') return `0x${this.fake.chainId.toString(16)}`;
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return this.fake.authorized || method === 'eth_requestAccounts' ? [...this.fake.accounts] : [];
      return null;
    }
    return this.answer(mode, () => this.fake.request(args));
  }

  /** The listeners of ours on this wallet, per event. */
  listeners(): Record<string, number> {
    return Object.fromEntries(PROVIDER_EVENTS.map((e) => [e, this.fake.listenerCount(e)]));
  }

  /** Back to a wallet a user would call healthy: answers everything, approves, on `chainId`. */
  heal(chainId: number): void {
    this.modes.clear();
    this.generation += 1;
    this.dead = false;
    this.disconnectMode = { m: 'normal' };
    this.fake.approval = 'approve';
    this.fake.chainId = chainId;
    // The user answers whatever still waits in the wallet (a prompt left open gives -32002 until then).
    this.fake.approve();
    this.fake.knownChains.add(chainId);
  }
}

// ---- WalletConnect: a fake SDK over the hostile wallet ----

export type WcConnectMode = 'approve' | 'hang' | 'relayDown' | 'reject' | 'syncThrow' | 'approveLater';

let topics = 0;
const hex64 = () => (++topics).toString(16).padStart(64, '0');

export class HostileWcSdk implements WalletConnectSdkProvider {
  session: { topic: string } | undefined;
  private readonly expireListeners = new Set<(event: { topic: string }) => void>();
  private pending: { resolve(): void; reject(error: unknown): void } | undefined;

  readonly signer = {
    client: {
      on: (_event: 'session_expire', listener: (event: { topic: string }) => void) => this.expireListeners.add(listener),
      core: { pairing: { disconnect: async () => undefined } },
    },
  };

  constructor(
    private readonly wallet: HostileWallet,
    private readonly control: WcControl,
    stored: boolean,
  ) {
    if (stored) this.session = { topic: hex64() };
  }

  on(event: string, listener: (...args: never[]) => void): this {
    this.wallet.fake.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  removeListener(event: string, listener: (...args: never[]) => void): this {
    this.wallet.fake.removeListener(event, listener as (...args: unknown[]) => void);
    return this;
  }

  request(args: { method: string; params?: unknown }): Promise<unknown> {
    return this.wallet.request(args as RequestArguments) as Promise<unknown>;
  }

  connect(): Promise<void> {
    const mode = this.control.connectMode;
    if (mode === 'syncThrow') throw build(this.control.failure);
    if (mode === 'reject') return Promise.reject(build(this.control.failure));
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
      const uri = `wc:${hex64()}@2?relay-protocol=irn&symKey=${hex64()}`;
      if (mode !== 'relayDown') queueMicrotask(() => this.wallet.fake.emit('display_uri', uri));
      if (mode === 'approve') queueMicrotask(() => this.approve());
      if (mode === 'approveLater') setTimeout(() => this.approve(), 400);
    });
  }

  /** The phone approves the pending proposal (if any). */
  approve(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    const fake = this.wallet.fake;
    fake.authorized = true;
    this.session = { topic: hex64() };
    fake.emit('chainChanged', `0x${fake.chainId.toString(16)}`);
    fake.emit('accountsChanged', [...fake.accounts]);
    fake.emit('connect', { chainId: `0x${fake.chainId.toString(16)}` });
    pending.resolve();
  }

  /** The phone deletes the session: session_delete, then a 6000 "disconnect", as the SDK does. */
  deleteFromPhone(): void {
    const topic = this.session?.topic ?? '';
    this.session = undefined;
    this.wallet.fake.emit('session_delete', { id: 1, topic });
    this.wallet.fake.emit('disconnect', { code: 6000, message: 'User disconnected.', data: topic });
  }

  expire(): void {
    const topic = this.session?.topic ?? '';
    this.session = undefined;
    for (const listener of [...this.expireListeners]) listener({ topic });
  }

  disconnect(): Promise<void> {
    const result = this.wallet.provider.disconnect();
    const done = result instanceof Promise ? result : Promise.resolve(result);
    return done.then(() => {
      this.session = undefined;
    });
  }
}

export interface WcControl {
  connectMode: WcConnectMode;
  failure: Hostile;
  initFails: boolean;
  sdks: HostileWcSdk[];
}

// ---- the three kinds ----

export interface HostileKinds {
  wallets: { injected: HostileWallet; coinbase: HostileWallet; walletconnect: HostileWallet };
  connectors: { injected: InjectedConnector; coinbase: CoinbaseConnector; walletconnect: WalletConnectConnector };
  wc: WcControl;
  /** The 'message' listeners the Coinbase session keeps on its window. */
  coinbaseWindowListeners(): number;
  /** A wallet announcing itself late through EIP-6963. */
  announce(): void;
}

export interface HostileKindsOptions {
  chains: ChainTable;
  /** Authorised wallets (eager reconnect finds accounts). */
  authorized: { injected: boolean; coinbase: boolean; walletconnect: boolean };
  /** A stored session to reconnect at start. */
  stored: { coinbase: boolean; walletconnect: boolean };
}

export function hostileKinds(options: HostileKindsOptions): HostileKinds {
  const wallets = {
    injected: new HostileWallet({ authorized: options.authorized.injected }),
    coinbase: new HostileWallet({ authorized: options.authorized.coinbase }),
    walletconnect: new HostileWallet({ authorized: options.authorized.walletconnect }),
  };

  const host = fakeHost(wallets.injected.provider);
  const injected = new InjectedConnector(host);

  // Coinbase: the real connector and session over a fake SDK module whose provider is the hostile wallet.
  const target = new EventTarget();
  let messageListeners = 0;
  const coinbaseHost = {
    open: () => null,
    addEventListener: (type: string, listener: EventListener) => {
      if (type === 'message') messageListeners += 1;
      target.addEventListener(type, listener);
    },
    removeEventListener: (type: string, listener: EventListener) => {
      if (type === 'message') messageListeners -= 1;
      target.removeEventListener(type, listener);
    },
    localStorage: memoryWebStorage(options.stored.coinbase ? { '-CBWSDK:SignerConfigurator:SignerType': '"scw"' } : {}),
    location: { href: 'https://walletdeck.test/' },
    navigator: { userAgent: 'node' },
    document: undefined,
  } as unknown as CoinbaseHost;
  const sdk = { createCoinbaseWalletSDK: () => ({ getProvider: () => wallets.coinbase.provider }) } as unknown as SdkModule;
  const coinbase = new CoinbaseConnector({
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    appChainIds: [1, 10, 137],
    preference: 'all',
    keysUrl: 'https://keys.test/connect',
    host: coinbaseHost,
    loadSdk: async () => sdk,
    timeouts: { popupLoadMs: 300, popupPollMs: 50, popupClosedGraceMs: 60, awaitingDelayMs: 30 },
  });

  // WalletConnect: the real connector and session over a fake SDK.
  const wc: WcControl = { connectMode: 'approve', failure: { k: 'str', v: 'relay gone' }, initFails: false, sdks: [] };
  const now = Math.floor(Date.now() / 1000);
  const storage = memoryWebStorage(
    options.stored.walletconnect
      ? {
          'walletdeck.walletconnect:wc@2:client:0.3//session': JSON.stringify([
            { topic: 't', expiry: now + 3600, namespaces: { eip155: { accounts: [`eip155:137:${wallets.walletconnect.fake.accounts[0]}`] } } },
          ]),
        }
      : {},
  );
  const walletconnect = new WalletConnectConnector({
    projectId: 'p',
    chains: options.chains,
    metadata: { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] },
    storage,
    relayTimeoutMs: 800,
    disconnectTimeoutMs: 300,
    loadSdk: async () => async () => {
      if (wc.initFails) throw build(wc.failure);
      const created = new HostileWcSdk(wallets.walletconnect, wc, options.stored.walletconnect && wc.sdks.length === 0);
      wc.sdks.push(created);
      return created;
    },
  });

  return {
    wallets,
    connectors: { injected, coinbase, walletconnect },
    wc,
    coinbaseWindowListeners: () => messageListeners,
    announce: () =>
      host.announce({ info: { uuid: 'mm-late', rdns: 'io.metamask', name: 'MetaMask', icon: '' }, provider: wallets.injected.provider }),
  };
}
