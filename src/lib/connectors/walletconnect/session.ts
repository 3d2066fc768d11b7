// Everything of the QR-code wallet that deals with the SDK, in the "walletconnect" chunk together with
// @walletconnect/ethereum-provider: nothing of it is loaded before a user picks WalletConnect or a
// stored session is found. Every SDK quirk (a relay that never answers, vendor rejection strings,
// session deletion reported as a 6000 "disconnect") is handled here.
import { EthereumProvider } from '@walletconnect/ethereum-provider';
import { formatMessage } from '@walletconnect/utils';
import { canBeTarget, chainIds, type ChainTable } from '../../chains';
import { ERROR_NAMES, MESSAGES, STANDARD_MESSAGES, WalletdeckError, errorCode } from '../../errors';
import { field, isObject } from '../../guards';
import { attachHandlers, objectAt, providerEventHandlers, type EventSource } from '../events';
import type { ConnectorEvent, Eip1193Provider, RequestArguments, SignInAtConnect } from '../types';
import {
  WC_STORAGE_PREFIX,
  WALLETCONNECT_DEFAULTS,
  type WalletConnectOptions,
  type WalletConnectSdkLoader,
  type WalletConnectSdkProvider,
  type WebStorage,
} from './shared';
import { SDK_USER_DISCONNECTED_CODE, codelessRejectionMessage, disconnectPairing, onSessionExpire } from './sdkInternals';

export type { WalletConnectInitOptions, WalletConnectSdkLoader, WalletConnectSdkProvider } from './shared';


/**
 * The methods a one-click auth's session carries (what the app asks a wallet): the SDK writes them into
 * the sign-in message as an EIP-5573 ReCap, which the wallet shows and the backend checks.
 */
export const SESSION_METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const;

/** The real SDK (already in this chunk). */
export const loadWalletConnectSdk: WalletConnectSdkLoader = async () => {
  return async (options) => {
    const provider = await EthereumProvider.init({
      projectId: options.projectId,
      ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
      showQrModal: false,
      optionalChains: options.optionalChains,
      rpcMap: options.rpcMap,
      metadata: options.metadata,
      storage: options.storage,
      telemetryEnabled: false,
      // The SDK would otherwise ping every RPC URL of the chain table on start.
      disableProviderPing: true,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    return provider as unknown as WalletConnectSdkProvider; // the SDK's listener types are narrower than our structural ones
  };
};

function safeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * The SDK's key-value storage contract on Web Storage (instead of its IndexedDB), under one prefix:
 * the shell finds a stored session with one synchronous read, and can forget it all.
 */
export class PrefixedKeyValueStorage {
  constructor(
    private readonly storage: WebStorage,
    private readonly prefix: string = WC_STORAGE_PREFIX,
  ) {}

  private ownKeys(): string[] {
    const keys: string[] = [];
    for (let i = 0; i < this.storage.length; i += 1) {
      const key = this.storage.key(i);
      if (key !== null && key.startsWith(this.prefix)) keys.push(key.slice(this.prefix.length));
    }
    return keys;
  }

  readSync(key: string): unknown {
    const raw = this.storage.getItem(this.prefix + key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }

  async getKeys(): Promise<string[]> {
    return this.ownKeys();
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return this.ownKeys().map((key) => [key, this.readSync(key) as T]);
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.readSync(key) as T | undefined;
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.storage.setItem(this.prefix + key, safeJson(value));
  }

  async removeItem(key: string): Promise<void> {
    this.storage.removeItem(this.prefix + key);
  }
}

/**
 * The chains the SDK may offer the wallet, in configured order: those that can be targets (live, with
 * an RPC URL; the SDK would otherwise use its own).
 */
export function walletConnectChains(chains: ChainTable, first?: number): { optionalChains: [number, ...number[]]; rpcMap: Record<string, string> } {
  const usable = chainIds(chains)
    .map((id) => chains[id])
    .filter(canBeTarget);
  const ids = usable.map((chain) => chain.id);
  if (first !== undefined && ids.includes(first)) ids.sort((a, b) => Number(b === first) - Number(a === first));
  const [head, ...rest] = ids;
  if (head === undefined) throw new WalletdeckError(ERROR_NAMES.configuration, 'WalletConnect needs at least one chain with an RPC URL');
  return { optionalChains: [head, ...rest], rpcMap: Object.fromEntries(usable.map((chain) => [String(chain.id), chain.rpcUrls[0] ?? ''])) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const elapsed = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, elapsed]).finally(() => clearTimeout(timer));
}

function providerError(code: number, walletMessage?: string): Error {
  return Object.assign(new Error(walletMessage ?? STANDARD_MESSAGES[code] ?? `Wallet error ${code}`), { code });
}

/** A wallet's refusal of the proposal gets back its 4001. */
function normaliseConnectError(error: unknown): unknown {
  const rejection = codelessRejectionMessage(error);
  return rejection === undefined ? error : providerError(4001, rejection);
}

/** The pairing topic of a `wc:` URI (`wc:<topic>@2?...`). */
export function pairingTopicOf(uri: string): string | undefined {
  const match = /^wc:([0-9a-f]+)@2/i.exec(uri);
  return match?.[1];
}

interface PendingPairing {
  /** Rejects the connect that owns this pairing. */
  abort(error: Error): void;
  /** Called when the relay handed out the URI: the relay deadline no longer applies. */
  relayAnswered(uri: string): void;
  topic?: string;
  uri?: string;
}

/**
 * One page's WalletConnect: the SDK instance, its events, the pending pairing. The connector shell
 * creates it on first use and delegates to it.
 */
export class WalletConnectSession {
  private readonly relayTimeoutMs: number;
  private readonly disconnectTimeoutMs: number;
  private readonly loadSdk: WalletConnectSdkLoader;
  private sdk: Promise<WalletConnectSdkProvider> | undefined;
  private ready: WalletConnectSdkProvider | undefined;
  private pending: PendingPairing | undefined;

  /** What the sagas talk to: requests go to the SDK once it is ready. */
  readonly provider: Eip1193Provider = { request: (args) => this.request(args) };

  constructor(
    private readonly options: WalletConnectOptions,
    private readonly storage: WebStorage,
    private readonly emit: (event: ConnectorEvent) => void,
    loadSdk: WalletConnectSdkLoader = loadWalletConnectSdk,
  ) {
    this.relayTimeoutMs = options.relayTimeoutMs ?? WALLETCONNECT_DEFAULTS.relayTimeoutMs;
    this.disconnectTimeoutMs = options.disconnectTimeoutMs ?? WALLETCONNECT_DEFAULTS.disconnectTimeoutMs;
    this.loadSdk = loadSdk;
  }

  init(): Promise<WalletConnectSdkProvider> {
    if (!this.sdk) {
      const starting = (async () => {
        const create = await this.loadSdk();
        const { optionalChains, rpcMap } = walletConnectChains(this.options.chains);
        const provider = await create({
          projectId: this.options.projectId,
          ...(this.options.relayUrl ? { relayUrl: this.options.relayUrl } : {}),
          optionalChains,
          rpcMap,
          metadata: this.options.metadata,
          storage: new PrefixedKeyValueStorage(this.storage, WC_STORAGE_PREFIX),
          ...(this.options.logLevel ? { logger: this.options.logLevel } : {}),
        });
        this.listen(provider);
        this.ready = provider;
        return provider;
      })();
      this.sdk = starting;
      // A failed init (relay gone, storage full) may succeed on the next try.
      starting.catch(() => {
        if (this.sdk === starting) this.sdk = undefined;
      });
    }
    return this.sdk;
  }

  /** The SDK's events, attached once, as plain connector events. */
  private listen(provider: WalletConnectSdkProvider): void {
    let sessionGone = false;
    const sessionEnded = () => {
      if (sessionGone) return;
      sessionGone = true;
      this.emit({ type: 'sessionEnded' });
    };
    provider.on('display_uri', (uri: string) => {
      const pending = this.pending;
      if (!pending || typeof uri !== 'string') return;
      pending.relayAnswered(uri);
      this.emit({ type: 'displayUri', uri });
    });
    provider.on('connect', () => {
      sessionGone = false;
    });
    const handlers = providerEventHandlers((event) => this.emit(event), {
      // The SDK reports a session deleted on purpose as a 6000 "disconnect": not an error.
      disconnect: (error) => {
        if (errorCode(error) === SDK_USER_DISCONNECTED_CODE) {
          sessionEnded();
          return undefined;
        }
        return error === undefined ? { type: 'sessionEnded' } : { type: 'disconnect', error };
      },
    });
    // WalletConnect's `connect` carries the session, not a chain: the chain comes as chainChanged.
    const { accountsChanged, chainChanged, disconnect } = handlers;
    attachHandlers(provider as EventSource, { accountsChanged, chainChanged, disconnect, session_delete: sessionEnded });
    onSessionExpire(provider, (topic) => {
      if (provider.session === undefined || topic === provider.session.topic) sessionEnded();
    });
  }

  private async request(args: RequestArguments): Promise<unknown> {
    const sdk = await this.init();
    if (!sdk.session) {
      // No session (never paired, expired, deleted meanwhile): nothing to reconnect, not an SDK error.
      if (args.method === 'eth_accounts') return [];
      throw providerError(4900);
    }
    const answer = await sdk.request(args.params === undefined ? { method: args.method } : { method: args.method, params: args.params });
    // The accounts are what every connect and reconnect asks for: the wallet behind them is said with them.
    if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') this.identify(sdk);
    return answer;
  }

  /** The settled session's peer (the phone wallet) says who it is: name and first icon, as plain values. */
  private identify(sdk: WalletConnectSdkProvider): void {
    const metadata = objectAt(objectAt(field(sdk, 'session'), 'peer'), 'metadata');
    const name = field(metadata, 'name');
    const icons = field(metadata, 'icons');
    let icon: unknown;
    try {
      icon = Array.isArray(icons) ? icons[0] : undefined;
    } catch {
      icon = undefined; // a Proxy that refuses to be read has no icon
    }
    this.emit({ type: 'walletIdentified', name: typeof name === 'string' ? name : null, icon: typeof icon === 'string' ? icon : null });
  }

  /** Pairs through the relay (the URI arrives as a `displayUri` event) and resolves when the wallet approves. */
  async connect(options: { chainId?: number }): Promise<void> {
    const sdk = await this.init();
    // Already paired (e.g. a silent reconnect that ran out of time): the session is still good.
    if (sdk.session) return;
    const { optionalChains, rpcMap } = walletConnectChains(this.options.chains, options.chainId);
    await this.pair(sdk, () => sdk.connect({ optionalChains, rpcMap }));
  }

  /**
   * One-click auth (docs/behaviour.md §13.8): pairs as `connect` does, and the wallet's one approval
   * both connects and signs the page's sign-in fields. Resolves with the message the wallet signed (as
   * the SDK writes it from the wallet's answer) and the signature, unchecked; with undefined when the
   * wallet answered the plain proposal instead (it does not do one-click auth) or a session is already
   * here: the signature is then asked the usual way.
   */
  async authenticate(request: SignInAtConnect, options: { chainId?: number }): Promise<{ proof: unknown } | undefined> {
    const sdk = await this.init();
    if (sdk.session || typeof sdk.authenticate !== 'function') return undefined;
    // The SDK's check of the wallet's signature counts characters, not UTF-8 bytes: a statement beyond
    // ASCII would fail on the phone after the user approved. Such a sign-in takes two approvals.
    if (request.statement !== undefined && !/^[\x20-\x7e]*$/.test(request.statement)) return undefined;
    const authenticate = sdk.authenticate.bind(sdk);
    const usable = walletConnectChains(this.options.chains, options.chainId).optionalChains;
    const chains = usable.filter((id) => request.chainIds.includes(id));
    if (chains.length === 0) return undefined;
    const answer = await this.pair(sdk, () =>
      authenticate({
        chains,
        domain: request.domain,
        uri: request.uri,
        nonce: request.nonce,
        ...(request.statement !== undefined ? { statement: request.statement } : {}),
        iat: request.issuedAt,
        exp: request.expirationTime,
        methods: [...SESSION_METHODS],
      }),
    );
    const auths = field(answer, 'auths');
    const cacao = field(auths, '0');
    if (cacao === undefined) return undefined;
    const payload = field(cacao, 'p');
    const iss = field(payload, 'iss');
    let message: unknown;
    try {
      // The SDK's own writer: the text the wallet signed, its ReCap statement included.
      message = isObject(payload) && typeof iss === 'string' ? formatMessage(payload as Parameters<typeof formatMessage>[0], iss) : undefined;
    } catch {
      message = undefined;
    }
    const address = typeof iss === 'string' ? iss.split(':')[4] : undefined;
    return { proof: { address, message, signature: field(field(cacao, 's'), 's') } };
  }

  /** The pairing around `start` (a proposal or an authenticate): its relay deadline, its abort, its clean-up. */
  private async pair<T>(sdk: WalletConnectSdkProvider, start: () => Promise<T>): Promise<T> {
    this.pending?.abort(new WalletdeckError('AbortError', 'A newer connection attempt replaced this one'));

    let fail: (error: Error) => void = () => undefined;
    const stopped = new Promise<never>((_resolve, reject) => (fail = reject));
    const pending: PendingPairing = {
      abort: (error) => fail(error),
      relayAnswered: (uri) => {
        clearTimeout(timer);
        pending.uri = uri;
        const topic = pairingTopicOf(uri);
        if (topic) pending.topic = topic;
      },
    };
    this.pending = pending;
    // Only reaching the relay is timed here; the user's time to scan is the saga's activation timeout.
    const timer = setTimeout(
      () => pending.abort(new WalletdeckError(ERROR_NAMES.timeout, MESSAGES.timeout('Reaching the WalletConnect relay', this.relayTimeoutMs))),
      this.relayTimeoutMs,
    );

    let pairing: Promise<T>;
    try {
      // An SDK that throws instead of rejecting is still this attempt's failure, not a stray rejection.
      pairing = Promise.resolve(start());
    } catch (error) {
      pairing = Promise.reject(error);
    }
    let abandoned = false;
    pairing.then(
      () => {
        // Approved after the user gave up on it: end the session nobody is waiting for.
        if (abandoned) void this.endSession(sdk);
      },
      () => undefined,
    );
    let answer: T;
    try {
      answer = await Promise.race([pairing.catch((error: unknown) => Promise.reject(normaliseConnectError(error))), stopped]);
    } catch (error) {
      abandoned = true;
      if (this.pending === pending) {
        this.pending = undefined;
        void this.forgetPairing(sdk, pending);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (this.pending === pending) this.pending = undefined;
    return answer;
  }

  private async forgetPairing(sdk: WalletConnectSdkProvider, pending: PendingPairing): Promise<void> {
    const forgetting = pending.topic ? disconnectPairing(sdk, pending.topic) : undefined;
    if (forgetting) await withTimeout(forgetting, this.disconnectTimeoutMs);
  }

  private async endSession(sdk: WalletConnectSdkProvider): Promise<void> {
    if (!sdk.session) return;
    await withTimeout(
      sdk.disconnect().catch(() => undefined),
      this.disconnectTimeoutMs,
    );
  }

  /** Ends the session with the wallet, or tears a pending pairing down so the next connect shows a fresh QR code. */
  async disconnect(): Promise<void> {
    const pending = this.pending;
    this.pending = undefined;
    pending?.abort(new WalletdeckError('AbortError', 'The connection attempt was cancelled'));
    const sdk = this.ready ?? (this.sdk ? await this.sdk.catch(() => undefined) : undefined);
    if (!sdk) return;
    await Promise.all([pending ? this.forgetPairing(sdk, pending) : undefined, this.endSession(sdk)]);
  }
}
