// The in-process face of the one fake wallet (walletCore.ts + inpageProvider.ts), for saga, DOM and
// unit tests: the same wallet and the same MetaMask-like provider as the browser fake, called directly.
// It answers like the extension (plain `{ code, message }` errors, `connect` at injection, duplicate
// events dropped, accountsChanged from request results, 1013/1011) and can be told to misbehave.
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider, RequestArguments } from '../../src/lib/connectors/types';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { InjectedConnector, type InjectedHost } from '../../src/lib/connectors/injected';
import { createInpageProvider, type HostileKind, type InpageHandle, type Misbehaviour, type ProviderMessage } from './inpageProvider';
import { HANG, WalletCore, type ApprovalMode, type Handler } from './walletCore';

export { HANG };
export type { HostileKind, Misbehaviour, ProviderMessage };

type Listener = (...args: unknown[]) => void;

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

/** What a handler may answer: a value, a thrown RPC error, or HANG (a promise that never settles). */
export type Answer = unknown;
export type { Handler };

/** An error to throw from a handler; the wallet hands it to the app as a plain `{ code, message, data? }`. */
export function rpcError(code: number, message: string, data?: unknown): RpcErrorShape & Error {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

/** The page this in-process wallet is "open" in. */
export const IN_PROCESS_ORIGIN = 'http://127.0.0.1:3000';

export interface FakeProviderOptions {
  accounts?: string[];
  chainId?: number;
  /** Whether this dapp is authorised (eth_accounts answers [] until it is). */
  authorized?: boolean;
  /** Chains the wallet knows; switching to another gives 4902. */
  knownChains?: number[];
  approval?: ApprovalMode;
  /** Mobile-wallet style: 4902 nested in -32603 as `data.originalError`. */
  nestUnknownChainError?: boolean;
  /** Older wallets lack `wallet_revokePermissions` (answered -32601). */
  supportsRevoke?: boolean;
  /** The wallet's refusal message (default MetaMask's "User rejected the request."). */
  rejectMessage?: string;
  /** ERC-7846 `wallet_connect` with `signInWithEthereum`, signing with this (walletCore.ts). */
  signInAtConnect?: (message: string, account: string) => Promise<string>;
  /**
   * Wallet notifications (accountsChanged, chainChanged, 1013, 1011) arrive in a later task, as over
   * the extension's stream ('task', the default), or synchronously inside the call that caused them.
   */
  notifications?: 'task' | 'sync';
}

/** `knownChains` as a live Set: adding or deleting changes what the wallet knows. */
class KnownChains extends Set<number> {
  constructor(private readonly core: WalletCore | undefined) {
    super(core ? [...core.known.keys()] : []);
  }
  override add(id: number): this {
    if (this.core && !this.core.known.has(id)) this.core.known.set(id, undefined);
    return super.add(id);
  }
  override delete(id: number): boolean {
    this.core?.known.delete(id);
    return super.delete(id);
  }
  override clear(): void {
    this.core?.known.clear();
    super.clear();
  }
}

export class FakeEip1193Provider implements Eip1193Provider {
  /** The wallet behind the provider (shared model with the browser fake). */
  readonly core: WalletCore;
  /** Every request the app made, in order (the provider's own start-up requests excluded). */
  readonly requests: RequestArguments[] = [];
  private readonly shell: InpageHandle;
  /** Errors thrown by the app's listeners (the provider swallows them, as MetaMask's does). */
  readonly listenerErrors: unknown[] = [];

  constructor(options: FakeProviderOptions = {}) {
    const chainId = options.chainId ?? 1;
    this.core = new WalletCore(
      {
        accounts: options.accounts ?? ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
        chainId,
        knownChains: new Map((options.knownChains ?? [1, chainId]).map((id) => [id, undefined])),
        connectedOrigins: options.authorized ? [IN_PROCESS_ORIGIN] : [],
        approval: options.approval,
        nestUnknownChainError: options.nestUnknownChainError,
        supportsRevoke: options.supportsRevoke,
        rejectMessage: options.rejectMessage,
        ...(options.signInAtConnect ? { signInAtConnect: options.signInAtConnect } : {}),
      },
      (make) => {
        const message = make(IN_PROCESS_ORIGIN);
        if (!message) return Promise.resolve();
        // Test controls (faults) act at once; wallet notifications per the option.
        if (options.notifications === 'sync' || message.kind === 'fault') {
          this.shell.deliver(message);
          return Promise.resolve();
        }
        // As in a page, a notification is its own message on the extension's stream: a later task
        // (the wallet does not wait for the page to read it).
        setTimeout(() => this.shell.deliver(message), 0);
        return Promise.resolve();
      },
    );
    this.shell = createInpageProvider(
      {
        send: (method, params, internal) => {
          if (!internal) this.requests.push(params === undefined ? { method } : { method, params: params as object });
          return this.core.answer(IN_PROCESS_ORIGIN, method, params, internal);
        },
      },
      { flags: {}, initialState: this.core.providerState(IN_PROCESS_ORIGIN), onListenerError: (error) => this.listenerErrors.push(error) },
    );
  }

  get accounts(): string[] {
    return this.core.accounts;
  }
  set accounts(accounts: string[]) {
    this.core.accounts = accounts;
  }

  get chainId(): number {
    return this.core.chainId;
  }
  set chainId(chainId: number) {
    this.core.chainId = chainId;
  }

  get authorized(): boolean {
    return this.core.connected.has(IN_PROCESS_ORIGIN);
  }
  set authorized(value: boolean) {
    if (value) this.core.connected.add(IN_PROCESS_ORIGIN);
    else this.core.connected.delete(IN_PROCESS_ORIGIN);
  }

  get knownChains(): Set<number> {
    return new KnownChains(this.core);
  }
  set knownChains(ids: Set<number>) {
    this.core.known.clear();
    for (const id of ids) this.core.known.set(id, undefined);
  }

  /** 'approve' answers at once; 'reject' with 4001; 'manual' waits for approve()/reject(). */
  get approval(): ApprovalMode {
    return this.core.approval;
  }
  set approval(mode: ApprovalMode) {
    this.core.approval = mode;
  }

  /** Replace the answer to one method (to misbehave): a value, a thrown error, or HANG. */
  answer(method: string, handler: Handler): this {
    this.core.setHandler(method, handler);
    return this;
  }

  /** A named misbehaviour, the same kinds as the browser fake's (hang, hostile values, sync throw, ...). */
  misbehave(method: string, behaviour: Misbehaviour | undefined): this {
    void this.core.misbehave(method, behaviour);
    return this;
  }

  count(method: string): number {
    return this.requests.filter((r) => r.method === method).length;
  }

  request(args: RequestArguments): Promise<unknown> {
    return this.shell.provider.request(args);
  }

  isConnected(): boolean {
    return this.shell.provider.isConnected();
  }

  /** The provider's own view (accounts and chain it last saw, connected, dead after 1011). */
  providerState(): ReturnType<InpageHandle['state']> {
    return this.shell.state();
  }

  /** The user approves the pending connection request in the wallet (or, with none pending, connects this site). */
  approve(): void {
    const index = this.core.prompts.findIndex((p) => p.method === 'wallet_requestPermissions');
    if (index < 0) {
      void this.core.authorize(IN_PROCESS_ORIGIN);
      return;
    }
    const [prompt] = this.core.prompts.splice(index, 1);
    void prompt!.approve();
  }

  /** The user rejects the pending connection request. */
  reject(): void {
    const index = this.core.prompts.findIndex((p) => p.method === 'wallet_requestPermissions');
    if (index >= 0) this.core.prompts.splice(index, 1)[0]!.reject();
  }

  /** The user approves or rejects the oldest prompt of any kind (connect, switch, add chain). */
  approvePending(): Promise<void> {
    return this.core.approvePending();
  }
  rejectPending(): void {
    this.core.rejectPending();
  }
  get pendingPrompts(): number {
    return this.core.prompts.length;
  }

  /** A request left pending by an earlier page load: the next eth_requestAccounts gets -32002. */
  leavePendingFromEarlierPage(): void {
    this.core.leavePending(IN_PROCESS_ORIGIN);
  }

  /** The user switches network in the wallet: chainChanged (hex), dropped when it is the same chain. */
  setChain(chainId: number): void {
    void this.core.switchChain(chainId);
  }

  /** The user selects another account in the wallet. */
  selectAccount(address: string): Promise<void> {
    return this.core.selectAccount(address);
  }

  /** MetaMask locks: accountsChanged([]); unlock: accountsChanged([account]). */
  lock(): void {
    void this.core.lock();
  }
  unlock(): void {
    void this.core.unlock();
  }

  /** The chain's node drops (disconnect 1013) and comes back (`connect`). */
  loseChain(): void {
    void this.core.loseChain();
  }
  regainChain(): void {
    void this.core.regainChain();
  }

  /** The extension's background goes away: disconnect 1011, every later request never settles. */
  breakLink(): void {
    void this.core.breakLink();
  }

  /** An event storm: the messages delivered `times` over in one go. */
  storm(messages: ProviderMessage[], times: number): void {
    void this.core.storm(messages, times);
  }

  /** An event whose value is not JSON (null prototype, throwing toString, Proxy, ...). */
  emitHostile(event: string, kind: HostileKind, wrapInArray = false): void {
    void this.core.emitHostile(event, kind, wrapInArray);
  }

  on(event: string, listener: Listener): this {
    this.shell.provider.on(event, listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.shell.provider.removeListener(event, listener);
    return this;
  }

  listenerCount(event: string): number {
    return this.shell.provider.listenerCount(event);
  }

  /** An event straight to the listeners, as any wallet could send it (no dedupe, no checks). */
  emit(event: string, ...args: unknown[]): void {
    this.shell.deliver({ kind: 'raw', event, args });
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
