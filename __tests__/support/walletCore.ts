// The one fake wallet: the "extension background" (accounts, chains, which sites are connected,
// prompts, lock state) shared by the in-process saga fake (fakeProvider.ts) and the browser fake
// (fakeWallet.ts). Both put the same in-page provider (inpageProvider.ts, modelled on MetaMask's
// BaseProvider) in front of it, so they cannot disagree with each other.
//
// What leaves the core is what MetaMask's background sends: answers `{ result }` or `{ error }` with
// a plain `{ code, message, data? }`, and notifications (`metamask_accountsChanged`,
// `metamask_chainChanged` with `isConnected`, `METAMASK_STREAM_FAILURE`).
import { isRecord } from '../../src/lib/guards';
import type { HostileKind, Misbehaviour, ProviderMessage, RpcErrorObject, WireAnswer } from './inpageProvider';

export type { HostileKind, Misbehaviour, ProviderMessage, RpcErrorObject, WireAnswer } from './inpageProvider';

export type ApprovalMode = 'approve' | 'reject' | 'manual';

/** What the user sees in the wallet window. */
export interface Prompt {
  origin: string;
  method: string;
  approve(): Promise<void>;
  reject(): void;
}

export interface LoggedRequest {
  method: string;
  params: unknown;
  origin: string;
}

/** A handler that replaces the answer to one method (the in-process API): a value, a throw, or HANG. */
export type Handler = (params: unknown) => unknown;

export const HANG = Symbol('hang');

/** Thrown inside the core; leaves it as a plain object. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** MetaMask's refusal message. */
export const USER_REJECTED = 'User rejected the request.';

export interface WalletCoreOptions {
  /** Account addresses, in order (the first is the selected one). */
  accounts: readonly string[];
  chainId: number;
  /** Chains the wallet knows: chain id -> RPC URL for reads (undefined: answers but cannot forward). */
  knownChains: ReadonlyMap<number, string | undefined>;
  approval?: ApprovalMode;
  /** Origins already connected, as if approved in an earlier session. */
  connectedOrigins?: readonly string[];
  /** Mobile-wallet style: 4902 nested in -32603 as `data.originalError`. */
  nestUnknownChainError?: boolean;
  /** Older wallets lack `wallet_revokePermissions` (answered -32601). */
  supportsRevoke?: boolean;
  /** The refusal message (default MetaMask's "User rejected the request."). */
  rejectMessage?: string;
  /**
   * ERC-7846 `wallet_connect` (4200 without it): one prompt connects and, with `signInWithEthereum`,
   * signs the EIP-4361 message written from the request's fields with this signature maker.
   */
  signInAtConnect?: (message: string, account: string) => Promise<string>;
  /** Signing and sending, for wallets that hold keys (the browser fake). */
  signer?: (origin: string, method: string, params: unknown[], prompt: (run: () => Promise<void>) => Promise<void>) => Promise<unknown>;
}

/**
 * EIP-5792 in the fake: what `wallet_getCapabilities` says of `atomic`, and where the receipts of the
 * transactions that carried a batch are read (default: the node of the chain the wallet is on).
 * The fake runs a batch's calls as consecutive transactions (an account's key cannot do more) and
 * reports their receipts as they are: 100 while one is not mined, then 200, 500 or 600.
 */
export interface CallsSupport {
  atomic: 'supported' | 'ready' | 'unsupported';
  /** `atomic` under the "0x0" key (every chain) instead of the chain's own. */
  everyChain?: boolean;
  readReceipt?: (hash: string) => Promise<unknown>;
}

interface SentBatch {
  chainId: number;
  hashes: string[];
}

/**
 * Where notifications go: every provider (page or in-process) attached to this wallet. `make` builds
 * the message for one origin (undefined: not for that origin).
 */
export type Broadcast = (make: (origin: string) => ProviderMessage | undefined) => Promise<void>;

/** Internal methods MetaMask's provider sends on its own, not the app's requests. */
export const INTERNAL_METHODS = new Set(['metamask_getProviderState', 'metamask_sendDomainMetadata', 'metamask_logWeb3ShimUsage']);

const hex = (n: number) => `0x${n.toString(16)}`;
const isUrl = (v: unknown) => typeof v === 'string' && /^(https?|wss?):\/\/[^\s]+$/.test(v);
const invalidParams = (why: string) => new RpcFailure(-32602, `Invalid parameters: ${why}`);

function hexChainId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^0x[1-9a-f][0-9a-f]*$/i.test(raw)) throw invalidParams(`chainId must be a 0x-prefixed hex string without leading zeros, got ${JSON.stringify(raw)}`);
  return parseInt(raw, 16);
}

/** MetaMask's checks on `wallet_addEthereumChain` parameters (EIP-3085). */
function validateAddChain(raw: unknown): number {
  if (!isRecord(raw)) throw invalidParams('expected one object');
  const allowed = ['chainId', 'chainName', 'nativeCurrency', 'rpcUrls', 'blockExplorerUrls', 'iconUrls'];
  const extra = Object.keys(raw).filter((k) => !allowed.includes(k));
  if (extra.length > 0) throw invalidParams(`unexpected keys ${extra.join(', ')}`);
  const chainId = hexChainId(raw['chainId']);
  if (typeof raw['chainName'] !== 'string' || raw['chainName'].trim() === '') throw invalidParams('chainName must be a non-empty string');
  const currency = raw['nativeCurrency'];
  if (!isRecord(currency) || typeof currency['name'] !== 'string' || typeof currency['symbol'] !== 'string' || currency['decimals'] !== 18) {
    throw invalidParams('nativeCurrency must be { name, symbol, decimals: 18 }');
  }
  if (currency['symbol'].length < 2 || currency['symbol'].length > 6) throw invalidParams('nativeCurrency.symbol must be 2-6 characters');
  const urls = raw['rpcUrls'];
  if (!Array.isArray(urls) || urls.length === 0 || !urls.every(isUrl)) throw invalidParams('rpcUrls must be a non-empty list of URLs');
  const explorers = raw['blockExplorerUrls'];
  if (explorers !== undefined && explorers !== null && (!Array.isArray(explorers) || !explorers.every(isUrl))) {
    throw invalidParams('blockExplorerUrls must be a list of URLs or null');
  }
  return chainId;
}

/** Whether a thrown value is an RPC error (numeric code, string message); never throws itself. */
function isRpcError(error: unknown): boolean {
  if (error instanceof RpcFailure) return true;
  try {
    return isRecord(error) && typeof error['code'] === 'number' && typeof error['message'] === 'string';
  } catch {
    return false;
  }
}

/** A plain JSON-RPC error object, as MetaMask's background serialises it (never an Error instance). */
export function toErrorObject(error: unknown): RpcErrorObject {
  if (error instanceof RpcFailure) return { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  if (isRecord(error) && typeof error['code'] === 'number' && typeof error['message'] === 'string') {
    return { code: error['code'], message: error['message'], ...(error['data'] === undefined ? {} : { data: error['data'] }) };
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
}

export class WalletCore {
  /** Every request the app made (internal provider requests excluded), in order. */
  readonly log: LoggedRequest[] = [];
  accounts: string[];
  chainId: number;
  approval: ApprovalMode;
  nestUnknownChainError: boolean;
  supportsRevoke: boolean;
  rejectMessage: string;
  /** Locked: eth_accounts answers [], connected sites saw accountsChanged([]). */
  locked = false;
  /** The chain link (1013 when false): notifications carry `isConnected: false`. */
  chainReachable = true;
  readonly connected: Set<string>;
  readonly known: Map<number, string | undefined>;
  readonly prompts: Prompt[] = [];
  private readonly misbehaviours = new Map<string, Misbehaviour>();
  private readonly handlers = new Map<string, Handler>();

  constructor(
    private readonly options: WalletCoreOptions,
    private readonly broadcast: Broadcast,
  ) {
    this.accounts = [...options.accounts];
    this.chainId = options.chainId;
    this.approval = options.approval ?? 'approve';
    this.nestUnknownChainError = options.nestUnknownChainError ?? false;
    this.supportsRevoke = options.supportsRevoke ?? true;
    this.rejectMessage = options.rejectMessage ?? USER_REJECTED;
    this.connected = new Set(options.connectedOrigins ?? []);
    this.known = new Map(options.knownChains);
    if (!this.known.has(this.chainId)) this.known.set(this.chainId, undefined);
  }

  /** Addresses as MetaMask answers them: lowercase. */
  answeredAccounts(origin: string): string[] {
    return this.connected.has(origin) && !this.locked ? this.accounts.map((a) => a.toLowerCase()) : [];
  }

  requests(method: string): LoggedRequest[] {
    return this.log.filter((r) => r.method === method);
  }

  /** Makes one method misbehave (undefined restores normal answers). */
  setMisbehaviour(method: string, behaviour: Misbehaviour | undefined): void {
    if (behaviour) this.misbehaviours.set(method, behaviour);
    else this.misbehaviours.delete(method);
  }

  /** Sets a misbehaviour and tells every provider (the synchronous kinds act in the provider itself). */
  async misbehave(method: string, behaviour: Misbehaviour | undefined): Promise<void> {
    this.setMisbehaviour(method, behaviour);
    const fault = behaviour && ('throwSync' in behaviour || 'returnValue' in behaviour) ? behaviour : undefined;
    await this.broadcast(() => ({ kind: 'fault', method, fault }));
  }

  /** An event straight to the apps' listeners, as any wallet could send it (no dedupe, no checks). */
  emitRaw(event: string, args: unknown[], toOrigin: (origin: string) => boolean = () => true): Promise<void> {
    return this.broadcast((origin) => (toOrigin(origin) ? { kind: 'raw', event, args } : undefined));
  }

  /** An event whose value is not JSON (built in the page: it could not cross the bridge). */
  emitHostile(event: string, hostile: HostileKind, wrapInArray = false): Promise<void> {
    return this.broadcast(() => ({ kind: 'rawHostile', event, hostile, wrapInArray }));
  }

  /** An event storm: `messages` delivered `times` over, synchronously, in one go. */
  storm(messages: ProviderMessage[], times: number): Promise<void> {
    return this.broadcast(() => ({ kind: 'batch', messages, times }));
  }

  misbehaviour(method: string): Misbehaviour | undefined {
    return this.misbehaviours.get(method);
  }

  setHandler(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }
  /** EIP-5792 support (none by default: the methods are unknown, 4200). */
  calls: CallsSupport | undefined;
  private readonly batches = new Map<string, SentBatch>();

  /** The wallet learns EIP-5792 (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus). */
  supportCalls(support: CallsSupport | undefined): void {
    this.calls = support;
  }

  private async sendCalls(origin: string, params: unknown[]): Promise<unknown> {
    const request = params[0];
    if (!isRecord(request) || request['version'] !== '2.0.0' || !Array.isArray(request['calls'])) throw invalidParams('expected [{ version: "2.0.0", calls }]');
    if (hexChainId(request['chainId']) !== this.chainId) throw new RpcFailure(5710, 'Unsupported chain id');
    const from = request['from'];
    if (typeof from !== 'string' || !this.accounts.some((a) => a.toLowerCase() === from.toLowerCase())) throw new RpcFailure(4100, `Unknown account ${String(from)}`);
    if (request['atomicRequired'] === true && this.calls?.atomic === 'unsupported') throw new RpcFailure(5760, 'Atomicity not supported');
    const calls = request['calls'] as unknown[];
    const hashes: string[] = [];
    await this.prompt(origin, 'wallet_sendCalls', async () => {
      for (const raw of calls) {
        if (!isRecord(raw)) throw invalidParams('a call is not an object');
        const tx = { from, to: raw['to'], value: raw['value'] ?? '0x0', ...(raw['data'] !== undefined ? { data: raw['data'] } : {}) };
        // A test's scripted eth_sendTransaction (in process), else the wallet's keys (browser).
        const scripted = this.handlers.get('eth_sendTransaction');
        const hash = scripted ? await scripted([tx]) : await this.options.signer?.(origin, 'eth_sendTransaction', [tx], (run) => run());
        if (typeof hash !== 'string') throw new RpcFailure(-32603, 'The wallet could not send a call');
        hashes.push(hash);
      }
    });
    const id = `0x${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
    this.batches.set(id, { chainId: this.chainId, hashes });
    return { id };
  }

  private async callsStatus(params: unknown[]): Promise<unknown> {
    const id = params[0];
    const batch = typeof id === 'string' ? this.batches.get(id) : undefined;
    if (!batch) throw new RpcFailure(5730, 'Unknown bundle id');
    const read = this.calls?.readReceipt ?? ((hash: string) => this.forward('eth_getTransactionReceipt', [hash]));
    const receipts = (await Promise.all(batch.hashes.map(read))) as Array<Record<string, unknown> | null>;
    const mined = receipts.filter((r): r is Record<string, unknown> => isRecord(r));
    const ok = mined.filter((r) => r['status'] === '0x1').length;
    const status = mined.length < receipts.length ? 100 : ok === mined.length ? 200 : ok === 0 ? 500 : 600;
    return { version: '2.0.0', id, chainId: hex(batch.chainId), status, atomic: true, ...(status === 100 ? {} : { receipts: mined }) };
  }


  providerState(origin: string) {
    return {
      accounts: this.answeredAccounts(origin),
      chainId: hex(this.chainId),
      isUnlocked: !this.locked,
      networkVersion: this.chainReachable ? String(this.chainId) : 'loading',
      isConnected: this.chainReachable,
    };
  }

  // ---- the user, in the wallet window ----

  async approvePending(): Promise<void> {
    const prompt = this.prompts.shift();
    if (!prompt) throw new Error('the fake wallet has no pending prompt');
    await prompt.approve();
  }

  rejectPending(): void {
    const prompt = this.prompts.shift();
    if (!prompt) throw new Error('the fake wallet has no pending prompt');
    prompt.reject();
  }

  /** A connect prompt left open by an earlier page load: the next eth_requestAccounts gets -32002. */
  leavePending(origin: string): void {
    this.prompts.push({
      origin,
      method: 'wallet_requestPermissions',
      approve: async () => this.authorize(origin),
      reject: () => undefined,
    });
  }

  async authorize(origin: string): Promise<void> {
    this.connected.add(origin);
    this.locked = false;
    await this.notifyAccounts((o) => o === origin);
  }

  async switchChain(chainId: number): Promise<void> {
    if (!this.known.has(chainId)) this.known.set(chainId, undefined);
    this.chainId = chainId;
    await this.notifyChain();
  }

  async selectAccount(address: string): Promise<void> {
    const index = this.accounts.findIndex((a) => a.toLowerCase() === address.toLowerCase());
    if (index < 0) throw new Error(`the fake wallet has no account ${address}`);
    this.accounts = [this.accounts[index]!, ...this.accounts.filter((_, i) => i !== index)];
    await this.notifyAccounts();
  }

  /** MetaMask locks: connected sites get accountsChanged([]) (provider 22 ignores unlockStateChanged). */
  async lock(): Promise<void> {
    this.locked = true;
    await this.notifyAccounts();
  }

  async unlock(): Promise<void> {
    this.locked = false;
    await this.notifyAccounts();
  }

  /** The chain's node is unreachable: `metamask_chainChanged` with isConnected false, the provider emits 1013. */
  async loseChain(): Promise<void> {
    this.chainReachable = false;
    await this.notifyChain();
  }

  /** The node answers again: the provider emits `connect` (not chainChanged when the chain is the same). */
  async regainChain(): Promise<void> {
    this.chainReachable = true;
    await this.notifyChain();
  }

  /** The extension's background goes away (update, crash): the provider emits 1011 and is dead. */
  async breakLink(): Promise<void> {
    await this.broadcast(() => ({ kind: 'notification', method: 'METAMASK_STREAM_FAILURE' }));
  }

  notifyAccounts(toOrigin: (origin: string) => boolean = (o) => this.connected.has(o)): Promise<void> {
    return this.broadcast((origin) =>
      toOrigin(origin) ? { kind: 'notification', method: 'metamask_accountsChanged', params: this.answeredAccounts(origin) } : undefined,
    );
  }

  notifyChain(): Promise<void> {
    const params = { chainId: hex(this.chainId), networkVersion: this.chainReachable ? String(this.chainId) : 'loading', isConnected: this.chainReachable };
    return this.broadcast(() => ({ kind: 'notification', method: 'metamask_chainChanged', params }));
  }

  // ---- requests ----

  /** Answers one request; `internal` requests (the provider's own) are not logged and never misbehave. */
  async answer(origin: string, method: unknown, params: unknown, internal = false): Promise<WireAnswer> {
    if (!internal) this.log.push({ method: String(method), params, origin });
    try {
      if (typeof method !== 'string' || method === '') throw new RpcFailure(-32600, 'Expected a non-empty string method');
      const list = Array.isArray(params) ? params : params === undefined ? [] : [params];
      if (!internal) {
        const handler = this.handlers.get(method);
        if (handler) {
          let value: unknown;
          try {
            value = await handler(params);
          } catch (error) {
            // An RPC error crosses as plain data, as from the extension; anything else a test scripted
            // (a bare Error, a trap of a Proxy being awaited) reaches the app as it was thrown.
            if (isRpcError(error)) return { error: toErrorObject(error) };
            return { rejectWith: error };
          }
          if (value === HANG) return await new Promise<never>(() => undefined);
          return { result: value, scripted: true };
        }
        const fault = this.misbehaviours.get(method);
        if (fault) {
          if ('hang' in fault) return await new Promise<never>(() => undefined);
          if ('error' in fault) return { error: fault.error };
          if ('result' in fault) return { result: fault.result };
          if ('resolveHostile' in fault) return { hostile: fault.resolveHostile, reject: false };
          if ('rejectHostile' in fault) return { hostile: fault.rejectHostile, reject: true };
          // throwSync / returnValue act in the page's provider before anything reaches us.
        }
      }
      return { result: await this.handle(origin, method, list, params) };
    } catch (error) {
      return { error: toErrorObject(error) };
    }
  }

  private async handle(origin: string, method: string, params: unknown[], raw: unknown): Promise<unknown> {
    const authorized = this.connected.has(origin);
    switch (method) {
      case 'metamask_getProviderState':
        return this.providerState(origin);
      case 'metamask_sendDomainMetadata':
      case 'metamask_logWeb3ShimUsage':
        return true;
      case 'eth_chainId':
        return hex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'eth_accounts':
        return this.answeredAccounts(origin);
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (this.prompts.some((p) => p.origin === origin && p.method === 'wallet_requestPermissions')) {
          throw new RpcFailure(-32002, `Request of type 'wallet_requestPermissions' already pending for origin ${origin}. Please wait.`);
        }
        if (!authorized || this.locked) await this.prompt(origin, 'wallet_requestPermissions', () => this.authorize(origin));
        return method === 'eth_requestAccounts' ? this.answeredAccounts(origin) : [{ parentCapability: 'eth_accounts', invoker: origin }];
      }
      case 'wallet_connect':
        return this.connectSignedIn(origin, params[0]);
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts', invoker: origin }] : [];
      case 'wallet_revokePermissions':
        if (!this.supportsRevoke) throw new RpcFailure(-32601, `The method "${method}" does not exist / is not available.`);
        if (!isRecord(params[0]) || !('eth_accounts' in params[0])) throw invalidParams('expected [{ eth_accounts: {} }]');
        this.connected.delete(origin);
        await this.notifyAccounts((o) => o === origin);
        return null;
      case 'wallet_switchEthereumChain': {
        if (!isRecord(params[0])) throw invalidParams('expected [{ chainId }]');
        const chainId = hexChainId(params[0]['chainId']);
        if (!this.known.has(chainId)) {
          const message = `Unrecognized chain ID "${hex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`;
          if (this.nestUnknownChainError) throw new RpcFailure(-32603, 'Internal JSON-RPC error.', { originalError: { code: 4902, message } });
          throw new RpcFailure(4902, message);
        }
        if (chainId !== this.chainId) await this.prompt(origin, method, () => this.switchChain(chainId));
        return null;
      }
      case 'wallet_addEthereumChain': {
        const chainId = validateAddChain(params[0]);
        const urls = (params[0] as { rpcUrls: string[] }).rpcUrls;
        await this.prompt(origin, method, async () => {
          // Reads go to the test's local stand-in when there is one, as the real wallet would use the URL given.
          this.known.set(chainId, this.options.knownChains.get(chainId) ?? urls[0]);
          await this.switchChain(chainId);
        });
        return null;
      }
      case 'wallet_getCapabilities':
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus': {
        if (!this.calls) throw new RpcFailure(4200, `The method "${method}" is not supported by this wallet.`);
        if (!authorized) throw new RpcFailure(4100, 'The requested account and/or method has not been authorized by the user.');
        if (method === 'wallet_sendCalls') return this.sendCalls(origin, params);
        if (method === 'wallet_getCallsStatus') return this.callsStatus(params);
        return { [this.calls.everyChain ? '0x0' : hex(this.chainId)]: { atomic: { status: this.calls.atomic } } };
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
      case 'eth_sendTransaction':
        if (!this.options.signer) throw new RpcFailure(4200, `The method "${method}" is not supported by this wallet.`);
        if (!authorized) throw new RpcFailure(4100, 'The requested account and/or method has not been authorized by the user.');
        return this.options.signer(origin, method, params, (run) => this.prompt(origin, method, run));
      default:
        if (/^(wallet_|eth_sign|personal_|metamask_)/.test(method)) throw new RpcFailure(4200, `The method "${method}" is not supported by this wallet.`);
        return this.forward(method, Array.isArray(raw) ? raw : params);
    }
  }

  /** ERC-7846 `wallet_connect`, with or without `signInWithEthereum`, in one prompt. */
  private async connectSignedIn(origin: string, raw: unknown): Promise<unknown> {
    const sign = this.options.signInAtConnect;
    if (!sign) throw new RpcFailure(4200, 'The method "wallet_connect" is not supported by this wallet.');
    if (!isRecord(raw) || raw['version'] !== '1') throw invalidParams('expected [{ version: "1", capabilities? }]');
    const capabilities = raw['capabilities'];
    const siwe = isRecord(capabilities) ? capabilities['signInWithEthereum'] : undefined;
    if (siwe !== undefined && (!isRecord(siwe) || typeof siwe['nonce'] !== 'string')) throw invalidParams('signInWithEthereum needs a nonce and a chainId');
    const fields = siwe as Record<string, unknown> | undefined;
    let signedIn: { message: string; signature: string } | undefined;
    await this.prompt(origin, 'wallet_connect', async () => {
      await this.authorize(origin);
      if (!fields) return;
      // Loaded here: viem needs TextEncoder, which the DOM tests' environment lacks.
      const { createSiweMessage } = await import('viem/siwe');
      const account = this.answeredAccounts(origin)[0]!;
      const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : undefined);
      const time = (name: string) => (text(name) === undefined ? undefined : new Date(text(name)!));
      const message = createSiweMessage({
        address: account as `0x${string}`,
        chainId: hexChainId(fields['chainId']),
        domain: text('domain') ?? new URL(origin).host,
        uri: text('uri') ?? origin,
        version: '1',
        nonce: fields['nonce'] as string,
        issuedAt: time('issuedAt') ?? new Date(),
        ...(text('scheme') !== undefined ? { scheme: text('scheme') } : {}),
        ...(text('statement') !== undefined ? { statement: text('statement') } : {}),
        ...(time('expirationTime') ? { expirationTime: time('expirationTime') } : {}),
      });
      signedIn = { message, signature: await sign(message, account) };
    });
    return { accounts: this.answeredAccounts(origin).map((address, i) => ({ address, capabilities: i === 0 && signedIn ? { signInWithEthereum: signedIn } : {} })) };
  }

  /** Reads go to the node of the chain the wallet is on; its JSON-RPC errors pass through. */
  private async forward(method: string, params: unknown[]): Promise<unknown> {
    const url = this.known.get(this.chainId);
    if (!url) throw new RpcFailure(4200, `The method "${method}" is not supported by this wallet.`);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcErrorObject };
    if (body.error) throw new RpcFailure(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  /** A question to the user, answered per the approval mode (or later, by the test, in 'manual'). */
  prompt(origin: string, method: string, onApprove: () => Promise<void>): Promise<void> {
    if (this.approval === 'approve') return onApprove();
    if (this.approval === 'reject') return Promise.reject(new RpcFailure(4001, this.rejectMessage));
    return new Promise((resolve, reject) =>
      this.prompts.push({
        origin,
        method,
        approve: () => onApprove().then(resolve, reject),
        reject: () => reject(new RpcFailure(4001, this.rejectMessage)),
      }),
    );
  }
}
