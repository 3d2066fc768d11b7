// A faithful fake browser-extension wallet (EIP-1193 + EIP-6963) for playwright tests. The page gets
// a thin provider; the wallet itself (keys, chains, which sites are connected, prompts) lives in the
// test process, signs with ethers and forwards reads to the local chain it is on.
import { getBytes, isHexString, JsonRpcProvider, Wallet, type TransactionRequest } from 'ethers';
import type { BrowserContext, Frame } from 'playwright-core';
import { TEST_ACCOUNTS } from './anvil';

export type ApprovalMode = 'approve' | 'reject' | 'manual';

export interface Eip6963Info {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface FakeWalletOptions {
  /** Where the provider is installed on `window` (e.g. 'coinbaseWalletExtension'). */
  globalName?: string;
  isMetaMask?: boolean;
  /** Further boolean markers on the provider, e.g. `{ isCoinbaseWallet: true }`. */
  flags?: Record<string, boolean>;
  /** EIP-6963 announcement; re-sent on every `eip6963:requestProvider`. */
  announce?: Eip6963Info;
  /** Private keys of the wallet's accounts (default: anvil's first test account, funded). */
  privateKeys?: readonly string[];
  /** Local chain stand-ins: chain id -> RPC URL the wallet forwards reads to on that chain. */
  rpcUrls: Readonly<Record<number, string>>;
  /** Chains the wallet knows at start (default 31337); others answer 4902 until added. */
  knownChainIds?: readonly number[];
  chainId?: number;
  /** How the user answers prompts (connect, switch, add chain, sign). */
  approval?: ApprovalMode;
  /** Origins already connected, as if approved in an earlier session. */
  connectedOrigins?: readonly string[];
  /** Mobile-wallet style: 4902 nested in -32603 as `data.originalError`. */
  nestUnknownChainError?: boolean;
  /** Older wallets lack `wallet_revokePermissions` (answered -32601). */
  supportsRevoke?: boolean;
}

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface LoggedRequest {
  method: string;
  params: unknown;
  origin: string;
}

/** A misbehaviour for one method: never answer, answer this value, or fail with this error. */
export type Misbehaviour = { hang: true } | { result: unknown } | { error: RpcErrorObject };

type BridgeAnswer = { result: unknown } | { error: RpcErrorObject };

interface Prompt {
  origin: string;
  method: string;
  approve(): Promise<void>;
  reject(): void;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const userRejected = () => new RpcError(4001, 'User rejected the request.');
const invalidParams = (why: string) => new RpcError(-32602, `Invalid parameters: ${why}`);
const hex = (n: number) => `0x${n.toString(16)}`;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUrl = (v: unknown) => typeof v === 'string' && /^(https?|wss?):\/\/[^\s]+$/.test(v);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

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

/** JSON-RPC transaction fields (hex quantities) as ethers wants them. */
function toTransaction(raw: Record<string, unknown>): TransactionRequest {
  const tx: TransactionRequest = {};
  const big = (k: string) => (typeof raw[k] === 'string' ? BigInt(raw[k]) : undefined);
  if (typeof raw['to'] === 'string') tx.to = raw['to'];
  if (typeof raw['data'] === 'string') tx.data = raw['data'];
  tx.value = big('value');
  tx.gasLimit = big('gas');
  tx.gasPrice = big('gasPrice');
  tx.maxFeePerGas = big('maxFeePerGas');
  tx.maxPriorityFeePerGas = big('maxPriorityFeePerGas');
  tx.nonce = raw['nonce'] === undefined ? undefined : Number(big('nonce'));
  return tx;
}

export class FakeWallet {
  /** Every request any page made, in order. */
  readonly log: LoggedRequest[] = [];
  approval: ApprovalMode;
  nestUnknownChainError: boolean;
  chainId: number;
  private wallets: Wallet[];
  private readonly connected: Set<string>;
  private readonly known: Map<number, string | undefined>;
  private readonly prompts: Prompt[] = [];
  private readonly misbehaviours = new Map<string, Misbehaviour>();
  private readonly emitName: string;

  constructor(
    private readonly context: BrowserContext,
    private readonly options: FakeWalletOptions,
  ) {
    this.wallets = (options.privateKeys ?? [TEST_ACCOUNTS[0].privateKey]).map((key) => new Wallet(key));
    this.chainId = options.chainId ?? 31337;
    this.approval = options.approval ?? 'approve';
    this.nestUnknownChainError = options.nestUnknownChainError ?? false;
    this.connected = new Set(options.connectedOrigins ?? []);
    this.known = new Map((options.knownChainIds ?? [31337]).map((id) => [id, options.rpcUrls[id]]));
    this.known.set(this.chainId, options.rpcUrls[this.chainId]);
    this.emitName = `__fakeWalletEmit_${options.globalName ?? 'ethereum'}`;
  }

  /** The wallet's accounts, checksummed (answers to pages are lowercase, as MetaMask sends them). */
  get accounts(): string[] {
    return this.wallets.map((w) => w.address);
  }

  private get answeredAccounts(): string[] {
    return this.accounts.map((a) => a.toLowerCase());
  }

  /** The requests made with one method, e.g. to assert "no second eth_requestAccounts". */
  requests(method: string): LoggedRequest[] {
    return this.log.filter((r) => r.method === method);
  }

  isConnected(origin: string): boolean {
    return this.connected.has(origin);
  }

  knowsChain(chainId: number): boolean {
    return this.known.has(chainId);
  }

  get pendingPrompts(): number {
    return this.prompts.length;
  }

  /** The user approves the oldest open prompt in the wallet window. */
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

  /** Makes one method misbehave (undefined restores normal answers). */
  misbehave(method: string, behaviour: Misbehaviour | undefined): void {
    if (behaviour) this.misbehaviours.set(method, behaviour);
    else this.misbehaviours.delete(method);
  }

  /** The user switches network inside the wallet. */
  async switchChain(chainId: number): Promise<void> {
    if (!this.known.has(chainId)) throw new Error(`the fake wallet does not know chain ${chainId}`);
    if (chainId === this.chainId) return;
    this.chainId = chainId;
    await this.emit('chainChanged', [hex(chainId)]);
  }

  /** The user selects another account: it comes first, connected sites are told. */
  async selectAccount(address: string): Promise<void> {
    const index = this.wallets.findIndex((w) => w.address.toLowerCase() === address.toLowerCase());
    if (index < 0) throw new Error(`the fake wallet has no account ${address}`);
    this.wallets = [this.wallets[index]!, ...this.wallets.filter((_, i) => i !== index)];
    await this.emit('accountsChanged', [this.answeredAccounts], (origin) => this.connected.has(origin));
  }

  /** Sends a provider event to every open page (e.g. `disconnect` with `{ code: 1013, message }`). */
  async emit(event: string, args: unknown[], toOrigin: (origin: string) => boolean = () => true): Promise<void> {
    await Promise.all(
      this.context.pages().map(async (page) => {
        if (!toOrigin(originOf(page.url()))) return;
        try {
          await page.evaluate(
            ([name, e, a]) => (window as unknown as Record<string, (e: string, a: unknown[]) => void>)[name]?.(e, a),
            [this.emitName, event, args] as const,
          );
        } catch {
          // The page is navigating or closed: like a real extension, the event is lost for it.
        }
      }),
    );
  }

  /** Answers one request from a page; errors become plain `{ code, message, data }` objects. */
  async answer(frame: Frame, method: unknown, params: unknown): Promise<BridgeAnswer> {
    const origin = originOf(frame.url());
    this.log.push({ method: String(method), params, origin });
    try {
      if (typeof method !== 'string' || method === '') throw new RpcError(-32600, 'Expected a non-empty string method');
      return { result: await this.handle(origin, method, Array.isArray(params) ? params : params === undefined ? [] : [params]) };
    } catch (error) {
      if (error instanceof RpcError) return { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
      return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } };
    }
  }

  private async handle(origin: string, method: string, params: unknown[]): Promise<unknown> {
    const misbehaviour = this.misbehaviours.get(method);
    if (misbehaviour) {
      if ('hang' in misbehaviour) return new Promise(() => undefined);
      if ('error' in misbehaviour) throw new RpcError(misbehaviour.error.code, misbehaviour.error.message, misbehaviour.error.data);
      return misbehaviour.result;
    }
    const authorized = this.connected.has(origin);
    switch (method) {
      case 'eth_chainId':
        return hex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'eth_accounts':
        return authorized ? this.answeredAccounts : [];
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (this.prompts.some((p) => p.origin === origin && p.method === 'wallet_requestPermissions')) {
          throw new RpcError(-32002, `Request of type 'wallet_requestPermissions' already pending for origin ${origin}. Please wait.`);
        }
        if (!authorized) {
          await this.prompt(origin, 'wallet_requestPermissions', async () => {
            this.connected.add(origin);
            await this.emit('accountsChanged', [this.answeredAccounts], (o) => o === origin);
          });
        }
        return method === 'eth_requestAccounts' ? this.answeredAccounts : [{ parentCapability: 'eth_accounts', invoker: origin }];
      }
      case 'wallet_getPermissions':
        return authorized ? [{ parentCapability: 'eth_accounts', invoker: origin }] : [];
      case 'wallet_revokePermissions':
        if (this.options.supportsRevoke === false) throw new RpcError(-32601, `The method "${method}" does not exist / is not available.`);
        if (!isRecord(params[0]) || !('eth_accounts' in params[0])) throw invalidParams('expected [{ eth_accounts: {} }]');
        this.connected.delete(origin);
        await this.emit('accountsChanged', [[]], (o) => o === origin);
        return null;
      case 'wallet_switchEthereumChain': {
        if (!isRecord(params[0])) throw invalidParams('expected [{ chainId }]');
        const chainId = hexChainId(params[0]['chainId']);
        if (!this.known.has(chainId)) {
          const message = `Unrecognized chain ID "${hex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`;
          if (this.nestUnknownChainError) throw new RpcError(-32603, 'Internal JSON-RPC error.', { originalError: { code: 4902, message } });
          throw new RpcError(4902, message);
        }
        if (chainId !== this.chainId) await this.prompt(origin, method, () => this.switchChain(chainId));
        return null;
      }
      case 'wallet_addEthereumChain': {
        const chainId = validateAddChain(params[0]);
        const urls = (params[0] as { rpcUrls: string[] }).rpcUrls;
        await this.prompt(origin, method, async () => {
          // Reads go to the test's local stand-in when there is one, as the real wallet would use the URL given.
          this.known.set(chainId, this.options.rpcUrls[chainId] ?? urls[0]);
          await this.switchChain(chainId);
        });
        return null;
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
      case 'eth_sendTransaction':
        return this.sign(origin, method, params);
      default:
        if (/^(wallet_|eth_sign|personal_)/.test(method)) throw new RpcError(4200, `The method "${method}" is not supported by this wallet.`);
        return this.forward(method, params);
    }
  }

  private async sign(origin: string, method: string, params: unknown[]): Promise<unknown> {
    if (!this.connected.has(origin)) throw new RpcError(4100, 'The requested account and/or method has not been authorized by the user.');
    const from = method === 'personal_sign' ? params[1] : method === 'eth_sendTransaction' ? (params[0] as { from?: unknown } | undefined)?.from : params[0];
    const signer = this.wallets.find((w) => typeof from === 'string' && w.address.toLowerCase() === from.toLowerCase());
    if (!signer) throw new RpcError(4100, `Unknown account ${String(from)}`);
    let result: unknown;
    await this.prompt(origin, method, async () => {
      if (method === 'personal_sign') {
        const message = params[0];
        if (typeof message !== 'string') throw invalidParams('message must be a string');
        result = await signer.signMessage(isHexString(message) ? getBytes(message) : message);
      } else if (method === 'eth_signTypedData_v4') {
        const data = typeof params[1] === 'string' ? (JSON.parse(params[1]) as unknown) : params[1];
        if (!isRecord(data) || !isRecord(data['types']) || !isRecord(data['domain']) || !isRecord(data['message'])) throw invalidParams('typed data');
        const { EIP712Domain: _domainType, ...types } = data['types'] as Record<string, { name: string; type: string }[]>;
        result = await signer.signTypedData(data['domain'], types, data['message']);
      } else {
        const url = this.known.get(this.chainId);
        if (!url) throw new RpcError(-32603, `No RPC URL for chain ${this.chainId}`);
        const provider = new JsonRpcProvider(url, this.chainId, { staticNetwork: true });
        try {
          result = (await signer.connect(provider).sendTransaction(toTransaction(params[0] as Record<string, unknown>))).hash;
        } finally {
          provider.destroy();
        }
      }
    });
    return result;
  }

  /** Reads go to the node of the chain the wallet is on; its JSON-RPC errors pass through. */
  private async forward(method: string, params: unknown[]): Promise<unknown> {
    const url = this.known.get(this.chainId);
    if (!url) throw new RpcError(-32603, `No RPC URL for chain ${this.chainId}`);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcErrorObject };
    if (body.error) throw new RpcError(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  /** A question to the user, answered per the approval mode (or later, by the test, in 'manual'). */
  private prompt(origin: string, method: string, onApprove: () => Promise<void>): Promise<void> {
    if (this.approval === 'approve') return onApprove();
    if (this.approval === 'reject') return Promise.reject(userRejected());
    return new Promise((resolve, reject) =>
      this.prompts.push({ origin, method, approve: () => onApprove().then(resolve, reject), reject: () => reject(userRejected()) }),
    );
  }
}

interface PageSetup {
  globalName: string;
  bindingName: string;
  emitName: string;
  flags: Record<string, boolean>;
  announce: Eip6963Info | null;
}

/** Runs in every page before its scripts: a thin EIP-1193 provider that asks the test process. */
function pageProvider(setup: PageSetup): void {
  type Listener = (...args: unknown[]) => void;
  const scope = window as unknown as Record<string, unknown>;
  const ask = scope[setup.bindingName] as (method: unknown, params: unknown) => Promise<BridgeAnswer>;
  const listeners = new Map<string, Set<Listener>>();
  const provider = {
    ...setup.flags,
    async request(args: unknown) {
      if (typeof args !== 'object' || args === null) throw Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 });
      const { method, params } = args as { method?: unknown; params?: unknown };
      const answer = await ask(method, params);
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  Object.assign(provider, { off: provider.removeListener, addListener: provider.on });
  scope[setup.emitName] = (event: string, args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        console.error(error);
      }
    }
  };
  scope[setup.globalName] = provider;
  const info = setup.announce;
  if (info) {
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
}

/** Installs the fake wallet in every page of `context` (call before opening pages). */
export async function installFakeWallet(context: BrowserContext, options: FakeWalletOptions): Promise<FakeWallet> {
  const wallet = new FakeWallet(context, options);
  const globalName = options.globalName ?? 'ethereum';
  const bindingName = `__fakeWalletRequest_${globalName}`;
  await context.exposeBinding(bindingName, (source: { frame: Frame }, method: unknown, params: unknown) => wallet.answer(source.frame, method, params));
  const setup: PageSetup = {
    globalName,
    bindingName,
    emitName: `__fakeWalletEmit_${globalName}`,
    flags: { isMetaMask: options.isMetaMask ?? globalName === 'ethereum', ...options.flags },
    announce: options.announce ?? null,
  };
  await context.addInitScript(pageProvider, setup);
  return wallet;
}
