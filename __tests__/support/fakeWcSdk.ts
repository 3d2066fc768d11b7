// A faithful stand-in for @walletconnect/ethereum-provider at the connector's seam: the same events
// (display_uri, accountsChanged with addresses, chainChanged in hex, session_delete followed by a 6000
// "disconnect"), a connect that waits for the "phone", and requests answered from the session.
import type { WalletConnectAuthenticateParams } from '../../src/lib/connectors/walletconnect/shared';
import type {
  WalletConnectInitOptions,
  WalletConnectSdkLoader,
  WalletConnectSdkProvider,
} from '../../src/lib/connectors/walletconnect/session';

type Listener = (...args: never[]) => void;

export interface FakeSession {
  topic: string;
  accounts: string[];
  chainId: number;
  /** The wallet's side of the session, as the SDK keeps it (`session.peer.metadata`); anything, for hostile tests. */
  peer?: unknown;
}

let counter = 0;
const hex64 = () => (++counter).toString(16).padStart(64, '0');

export class FakeWcSdk implements WalletConnectSdkProvider {
  session: FakeSession | undefined;
  readonly initOptions: WalletConnectInitOptions;
  readonly connectCalls: { optionalChains?: number[]; rpcMap?: Record<string, string> }[] = [];
  readonly requests: { method: string; params?: unknown }[] = [];
  readonly pairingsDisconnected: string[] = [];
  disconnectCalls = 0;
  /** Set to keep the relay silent: connect() never shows a URI. */
  relayDown = false;
  /** Set to make disconnect() hang (an unreachable relay). */
  disconnectHangs = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly expireListeners = new Set<(event: { topic: string }) => void>();
  private pendingConnect: { resolve(): void; reject(error: unknown): void; uri: string } | undefined;
  private pendingAuth: { resolve(answer: unknown): void; reject(error: unknown): void; params: WalletConnectAuthenticateParams } | undefined;
  readonly authenticateCalls: WalletConnectAuthenticateParams[] = [];

  readonly signer = {
    client: {
      on: (_event: 'session_expire', listener: (event: { topic: string }) => void) => this.expireListeners.add(listener),
      core: {
        pairing: {
          disconnect: async ({ topic }: { topic: string }) => {
            this.pairingsDisconnected.push(topic);
          },
        },
      },
    },
  };

  constructor(options: WalletConnectInitOptions, session?: FakeSession) {
    this.initOptions = options;
    this.session = session;
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }

  /** The URI of the pairing now shown, if any. */
  get uri(): string | undefined {
    return this.pendingConnect?.uri;
  }

  connect(options?: { optionalChains?: number[]; rpcMap?: Record<string, string> }): Promise<void> {
    this.connectCalls.push(options ?? {});
    return new Promise<void>((resolve, reject) => {
      const uri = `wc:${hex64()}@2?relay-protocol=irn&symKey=${hex64()}&expiryTimestamp=${Math.floor(Date.now() / 1000) + 300}`;
      this.pendingConnect = { resolve, reject, uri };
      if (!this.relayDown) queueMicrotask(() => this.emit('display_uri', uri));
    });
  }

  /** One-click auth: pairs as connect() does, and waits for the phone's one approval (approveAuthenticate). */
  authenticate?: (params: WalletConnectAuthenticateParams) => Promise<unknown> = (params) => {
    this.authenticateCalls.push(params);
    return new Promise((resolve, reject) => {
      const uri = `wc:${hex64()}@2?relay-protocol=irn&symKey=${hex64()}&expiryTimestamp=${Math.floor(Date.now() / 1000) + 300}`;
      this.pendingAuth = { resolve, reject, params };
      this.pendingConnect = { resolve: () => undefined, reject, uri };
      if (!this.relayDown) queueMicrotask(() => this.emit('display_uri', uri));
    });
  };

  /**
   * The phone approves the one-click auth with `account` on `chainId`, signing the message as the SDK
   * writes it. As the real SDK does, the session's events (chain, accounts, connect) reach the page
   * before authenticate() resolves with `{ auths, session }`.
   */
  async approveAuthenticate(account: string, chainId: number, sign: (message: string) => Promise<string>, change: Record<string, string> = {}): Promise<string> {
    const pending = this.pendingAuth;
    if (!pending) throw new Error('no pending authenticate');
    this.pendingAuth = undefined;
    this.pendingConnect = undefined;
    const { params } = pending;
    const iss = `did:pkh:eip155:${chainId}:${account}`;
    // `change`: a phone that signs other fields than asked (a test of the page's check).
    const payload = { domain: params.domain, aud: params.uri, version: '1', nonce: params.nonce, iat: params.iat, exp: params.exp, iss, ...(params.statement !== undefined ? { statement: params.statement } : {}), ...change };
    // Loaded here: the SDK's utils need TextEncoder, which the DOM tests' environment lacks.
    const { formatMessage } = await import('@walletconnect/utils');
    const message = formatMessage(payload, iss);
    const signature = await sign(message);
    this.session = { topic: hex64(), accounts: [account], chainId };
    this.emit('chainChanged', `0x${chainId.toString(16)}`);
    this.emit('accountsChanged', [account]);
    this.emit('connect', { chainId: `0x${chainId.toString(16)}` });
    pending.resolve({ auths: [{ h: { t: 'caip122' }, p: payload, s: { t: 'eip191', s: signature } }], session: this.session });
    return message;
  }

  /** The phone approves the pending proposal; `peer` is its side of the session (its metadata). */
  approve(accounts: string[], chainId: number, peer?: unknown): void {
    const pending = this.pendingConnect;
    if (!pending) throw new Error('no pending connect');
    this.pendingConnect = undefined;
    this.session = { topic: hex64(), accounts, chainId, ...(peer === undefined ? {} : { peer }) };
    this.emit('chainChanged', `0x${chainId.toString(16)}`);
    this.emit('accountsChanged', accounts);
    this.emit('connect', { chainId: `0x${chainId.toString(16)}` });
    pending.resolve();
  }

  /** The phone refuses: the SDK hands on a bare Error with the wallet's words. */
  reject(message = 'User rejected.'): void {
    const pending = this.pendingConnect;
    this.pendingConnect = undefined;
    pending?.reject(new Error(message));
  }

  /** The phone deletes the session: the SDK emits session_delete, then a 6000 "disconnect". */
  deleteFromPhone(): void {
    const topic = this.session?.topic ?? '';
    this.session = undefined;
    this.emit('session_delete', { id: 1, topic });
    this.emit('disconnect', { code: 6000, message: 'User disconnected.', data: topic });
  }

  expire(): void {
    const topic = this.session?.topic ?? '';
    this.session = undefined;
    for (const listener of this.expireListeners) listener({ topic });
  }

  async request(args: { method: string; params?: unknown }): Promise<unknown> {
    this.requests.push(args);
    const session = this.session;
    if (!session) throw new Error('Please call connect() before request()');
    switch (args.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return session.accounts;
      case 'eth_chainId':
        return session.chainId;
      case 'wallet_switchEthereumChain': {
        const target = parseInt(String((args.params as { chainId: string }[])[0]?.chainId), 16);
        session.chainId = target;
        this.emit('chainChanged', `0x${target.toString(16)}`);
        return null;
      }
      default:
        throw Object.assign(new Error('Method not supported'), { code: 4200 });
    }
  }

  async disconnect(): Promise<void> {
    this.disconnectCalls += 1;
    if (this.disconnectHangs) return new Promise<void>(() => undefined);
    this.session = undefined;
  }
}

/** A loader that hands out FakeWcSdk instances and remembers them. */
export function fakeWcSdkLoader(session?: FakeSession, configure?: (sdk: FakeWcSdk) => void) {
  const instances: FakeWcSdk[] = [];
  let failNext: Error | undefined;
  const load: WalletConnectSdkLoader = async () => async (options) => {
    if (failNext) {
      const error = failNext;
      failNext = undefined;
      throw error;
    }
    const sdk = new FakeWcSdk(options, session && { ...session });
    configure?.(sdk);
    instances.push(sdk);
    return sdk;
  };
  return {
    load,
    instances,
    get sdk(): FakeWcSdk {
      const sdk = instances.at(-1);
      if (!sdk) throw new Error('SDK not loaded');
      return sdk;
    },
    failNextInit(error: Error) {
      failNext = error;
    },
  };
}
