// A faithful in-process EIP-1193 wallet for saga tests: it answers like a real extension (codes,
// events, pending requests) and can be told to misbehave (reject, hang, answer garbage).
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider, RequestArguments } from '../../src/lib/connectors/types';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { InjectedConnector, type InjectedHost } from '../../src/lib/connectors/injected';

type Listener = (...args: unknown[]) => void;

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

/** What a handler may answer: a value, a thrown RPC error, or a promise that never settles. */
export type Answer = unknown;
export type Handler = (params: unknown) => Answer | Promise<Answer>;

export const HANG = Symbol('hang');

export function rpcError(code: number, message: string, data?: unknown): RpcErrorShape & Error {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

export class FakeEip1193Provider implements Eip1193Provider {
  accounts: string[];
  chainId: number;
  /** Whether this dapp is authorised (eth_accounts answers [] until it is). */
  authorized: boolean;
  /** Chains the wallet knows; switching to another gives 4902. */
  knownChains: Set<number>;
  readonly requests: RequestArguments[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly overrides = new Map<string, Handler>();
  private pendingApproval: { resolve(v: unknown): void; reject(e: unknown): void } | undefined;
  /** 'approve' answers at once; 'reject' with 4001; 'manual' waits for approve()/reject(). */
  approval: 'approve' | 'reject' | 'manual' = 'approve';

  constructor(options: { accounts?: string[]; chainId?: number; authorized?: boolean; knownChains?: number[] } = {}) {
    this.accounts = options.accounts ?? ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'];
    this.chainId = options.chainId ?? 1;
    this.authorized = options.authorized ?? false;
    this.knownChains = new Set(options.knownChains ?? [1, this.chainId]);
  }

  /** Replace the answer to one method (to misbehave). */
  answer(method: string, handler: Handler): this {
    this.overrides.set(method, handler);
    return this;
  }

  count(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  async request(args: RequestArguments): Promise<unknown> {
    this.requests.push(args);
    const override = this.overrides.get(args.method);
    if (override) {
      const value = await override(args.params);
      if (value === HANG) return new Promise(() => undefined);
      return value;
    }
    const hex = `0x${this.chainId.toString(16)}`;
    switch (args.method) {
      case 'eth_chainId':
        return hex;
      case 'eth_accounts':
        return this.authorized ? [...this.accounts] : [];
      case 'eth_requestAccounts':
        if (this.pendingApproval) throw rpcError(-32002, "Request of type 'wallet_requestPermissions' already pending");
        if (this.approval === 'reject') throw rpcError(4001, 'MetaMask Tx Signature: User denied transaction signature.');
        if (this.approval === 'manual') {
          return new Promise((resolve, reject) => {
            this.pendingApproval = { resolve, reject };
          });
        }
        this.authorized = true;
        return [...this.accounts];
      case 'wallet_switchEthereumChain': {
        const target = Number.parseInt((args.params as [{ chainId: string }])[0].chainId, 16);
        if (!this.knownChains.has(target)) throw rpcError(4902, `Unrecognized chain ID "${(args.params as [{ chainId: string }])[0].chainId}".`);
        this.setChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const [params] = args.params as [{ chainId: string }];
        const added = Number.parseInt(params.chainId, 16);
        this.knownChains.add(added);
        this.setChain(added);
        return null;
      }
      case 'wallet_revokePermissions':
        this.authorized = false;
        return null;
      default:
        throw rpcError(4200, `The method ${args.method} is not supported.`);
    }
  }

  /** The user approves the pending connection request in the wallet. */
  approve(): void {
    const pending = this.pendingApproval;
    this.pendingApproval = undefined;
    this.authorized = true;
    pending?.resolve([...this.accounts]);
    this.emit('accountsChanged', [...this.accounts]);
  }

  /** The user rejects the pending connection request. */
  reject(): void {
    const pending = this.pendingApproval;
    this.pendingApproval = undefined;
    pending?.reject(rpcError(4001, 'User rejected the request.'));
  }

  /** A request left pending by an earlier page load: the next eth_requestAccounts gets -32002. */
  leavePendingFromEarlierPage(): void {
    this.pendingApproval = {
      resolve: () => undefined,
      reject: () => undefined,
    };
  }

  setChain(chainId: number): void {
    this.chainId = chainId;
    this.emit('chainChanged', `0x${chainId.toString(16)}`);
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** A host (the part of `window` the injected connector uses) with a fake extension in it. */
export function fakeHost(ethereum?: unknown): InjectedHost & { announce(detail: unknown): void } {
  const target = new EventTarget();
  return {
    ethereum,
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    dispatchEvent: (event) => target.dispatchEvent(event),
    announce: (detail) => target.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail })),
  };
}

export function injectedWith(provider: FakeEip1193Provider | undefined): InjectedConnector {
  return new InjectedConnector(fakeHost(provider));
}

/** A generic connector around a fake provider, for the kinds whose SDK is not under test. */
export class FakeConnector implements Connector {
  readonly name: string;
  supportsRevoke = false;
  storedSession: boolean;
  disconnects = 0;
  private readonly listeners = new Set<ConnectorListener>();

  constructor(
    readonly id: ConnectionId,
    readonly provider: FakeEip1193Provider,
    options: { storedSession?: boolean } = {},
  ) {
    this.name = id;
    this.storedSession = options.storedSession ?? false;
  }

  isAvailable(): boolean {
    return true;
  }

  hasStoredSession(): boolean {
    return this.storedSession;
  }

  async getProvider(): Promise<Eip1193Provider> {
    return this.provider;
  }

  async disconnect(): Promise<void> {
    this.disconnects += 1;
  }

  subscribe(listener: ConnectorListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ConnectorEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  get subscribers(): number {
    return this.listeners.size;
  }
}
