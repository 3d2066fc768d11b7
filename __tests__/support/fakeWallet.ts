// The browser face of the one fake wallet (walletCore.ts + inpageProvider.ts) for playwright tests.
// The page gets the MetaMask-like in-page provider (the same code as the in-process fake, sent into
// the page as source text); the wallet itself (keys, chains, which sites are connected, prompts, lock)
// lives in the test process behind a Playwright binding, signs with ethers and forwards reads to the
// local chain it is on.
import { getBytes, isHexString, JsonRpcProvider, Wallet, type TransactionRequest } from 'ethers';
import type { BrowserContext, Frame } from 'playwright-core';
import { isRecord } from '../../src/lib/guards';
import { TEST_ACCOUNTS } from './anvil';
import { createInpageProvider, type HostileKind, type Misbehaviour, type ProviderMessage, type RpcErrorObject, type WireAnswer } from './inpageProvider';
import { RpcFailure, WalletCore, type ApprovalMode, type LoggedRequest } from './walletCore';

export type { ApprovalMode, HostileKind, LoggedRequest, Misbehaviour, ProviderMessage, RpcErrorObject };

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
  /** Set the provider on `window[globalName]` (and fire `ethereum#initialized`); default true. */
  setGlobal?: boolean;
  /**
   * The extension appears this long after the page starts (a slow extension): the provider is made,
   * set on `window` with `ethereum#initialized`, and announced only then.
   */
  appearAfterMs?: number;
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
  /** The wallet's refusal message (default MetaMask's "User rejected the request."). */
  rejectMessage?: string;
  /** ERC-7846 `wallet_connect` with `signInWithEthereum`: connect and sign in with one approval (4200 otherwise). */
  signsInAtConnect?: boolean;
}

const invalidParams = (why: string) => new RpcFailure(-32602, `Invalid parameters: ${why}`);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
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
  readonly core: WalletCore;
  private readonly keys = new Map<string, Wallet>();
  private readonly deliverName: string;

  constructor(
    private readonly context: BrowserContext,
    options: FakeWalletOptions,
  ) {
    const wallets = (options.privateKeys ?? [TEST_ACCOUNTS[0].privateKey]).map((key) => new Wallet(key));
    for (const w of wallets) this.keys.set(w.address.toLowerCase(), w);
    const chainId = options.chainId ?? 31337;
    const known = new Map<number, string | undefined>((options.knownChainIds ?? [31337]).map((id) => [id, options.rpcUrls[id]]));
    known.set(chainId, options.rpcUrls[chainId]);
    this.deliverName = `__fakeWalletDeliver_${options.globalName ?? 'ethereum'}`;
    this.core = new WalletCore(
      {
        accounts: wallets.map((w) => w.address),
        chainId,
        knownChains: new Map([...Object.entries(options.rpcUrls).map(([id, url]) => [Number(id), url] as const)]),
        approval: options.approval,
        connectedOrigins: options.connectedOrigins,
        nestUnknownChainError: options.nestUnknownChainError,
        supportsRevoke: options.supportsRevoke,
        rejectMessage: options.rejectMessage,
        signer: (origin, method, params, prompt) => this.sign(method, params, prompt),
        ...(options.signsInAtConnect
          ? {
              signInAtConnect: async (message: string, account: string) => {
                const key = this.keys.get(account.toLowerCase());
                if (!key) throw new RpcFailure(4100, `Unknown account ${account}`);
                return key.signMessage(message);
              },
            }
          : {}),
      },
      (make) => this.broadcast(make),
    );
    // knownChains above is where added chains find their local stand-in; what the wallet knows at start:
    this.core.known.clear();
    for (const [id, url] of known) this.core.known.set(id, url);
  }

  /** Every request any page made, in order. */
  get log(): LoggedRequest[] {
    return this.core.log;
  }

  get approval(): ApprovalMode {
    return this.core.approval;
  }
  set approval(mode: ApprovalMode) {
    this.core.approval = mode;
  }

  get nestUnknownChainError(): boolean {
    return this.core.nestUnknownChainError;
  }
  set nestUnknownChainError(value: boolean) {
    this.core.nestUnknownChainError = value;
  }

  get chainId(): number {
    return this.core.chainId;
  }

  /** The wallet's accounts, checksummed (answers to pages are lowercase, as MetaMask sends them). */
  get accounts(): string[] {
    return [...this.core.accounts];
  }

  /** The requests made with one method, e.g. to assert "no second eth_requestAccounts". */
  requests(method: string): LoggedRequest[] {
    return this.core.requests(method);
  }

  isConnected(origin: string): boolean {
    return this.core.connected.has(origin);
  }

  knowsChain(chainId: number): boolean {
    return this.core.known.has(chainId);
  }

  get pendingPrompts(): number {
    return this.core.prompts.length;
  }

  /** The user approves the oldest open prompt in the wallet window. */
  approvePending(): Promise<void> {
    return this.core.approvePending();
  }

  rejectPending(): void {
    this.core.rejectPending();
  }

  /**
   * Makes one method misbehave (undefined restores normal answers). The synchronous kinds
   * (`throwSync`, `returnValue`) act in the page's provider: open pages are told at once, and pages
   * opened or reloaded later get them at start.
   */
  async misbehave(method: string, behaviour: Misbehaviour | undefined): Promise<void> {
    const inPage = behaviour && ('throwSync' in behaviour || 'returnValue' in behaviour) ? behaviour : undefined;
    const wasInPage = this.core.misbehaviour(method);
    await this.core.misbehave(method, behaviour);
    if (inPage || (wasInPage && ('throwSync' in wasInPage || 'returnValue' in wasInPage))) {
      await this.context.addInitScript(
        ({ name, message }) => {
          (window as unknown as Record<string, ((m: unknown) => void) | undefined>)[name]?.(message);
        },
        { name: this.deliverName, message: { kind: 'fault', method, fault: inPage } as ProviderMessage },
      );
    }
  }

  /** The user switches network inside the wallet (chainChanged, dropped by the provider when the same). */
  async switchChain(chainId: number): Promise<void> {
    if (!this.core.known.has(chainId)) throw new Error(`the fake wallet does not know chain ${chainId}`);
    if (chainId === this.core.chainId) return;
    await this.core.switchChain(chainId);
  }

  /** The user selects another account: it comes first, connected sites are told. */
  selectAccount(address: string): Promise<void> {
    return this.core.selectAccount(address);
  }

  /** MetaMask locks: connected sites see accountsChanged([]); unlock: accountsChanged([account]). */
  lock(): Promise<void> {
    return this.core.lock();
  }
  unlock(): Promise<void> {
    return this.core.unlock();
  }

  /** The chain's node drops: the provider emits disconnect 1013; back: it emits `connect`. */
  loseChain(): Promise<void> {
    return this.core.loseChain();
  }
  regainChain(): Promise<void> {
    return this.core.regainChain();
  }

  /** The extension's background goes away: disconnect 1011, and requests never settle in open pages. */
  breakLink(): Promise<void> {
    return this.core.breakLink();
  }

  /** An event storm in every open page: the messages delivered `times` over in one go. */
  storm(messages: ProviderMessage[], times: number): Promise<void> {
    return this.core.storm(messages, times);
  }

  /** An event whose value is not JSON, built in the page. */
  emitHostile(event: string, kind: HostileKind, wrapInArray = false): Promise<void> {
    return this.core.emitHostile(event, kind, wrapInArray);
  }

  /** Sends a provider event straight to the app's listeners in every open page (no dedupe, no checks). */
  emit(event: string, args: unknown[], toOrigin: (origin: string) => boolean = () => true): Promise<void> {
    return this.core.emitRaw(event, args, toOrigin);
  }

  /** Answers one request from a page; errors become plain `{ code, message, data }` objects. */
  answer(frame: Frame, method: unknown, params: unknown, internal = false): Promise<WireAnswer> {
    return this.core.answer(originOf(frame.url()), method, params, internal === true);
  }

  private async broadcast(make: (origin: string) => ProviderMessage | undefined): Promise<void> {
    await Promise.all(
      this.context.pages().map(async (page) => {
        const message = make(originOf(page.url()));
        if (!message) return;
        try {
          await page.evaluate(([name, m]) => (window as unknown as Record<string, ((m: unknown) => void) | undefined>)[name]?.(m), [this.deliverName, message] as const);
        } catch {
          // The page is navigating or closed: like a real extension, the event is lost for it.
        }
      }),
    );
  }

  private async sign(method: string, params: unknown[], prompt: (run: () => Promise<void>) => Promise<void>): Promise<unknown> {
    const from = method === 'personal_sign' ? params[1] : method === 'eth_sendTransaction' ? (params[0] as { from?: unknown } | undefined)?.from : params[0];
    const signer = typeof from === 'string' ? this.keys.get(from.toLowerCase()) : undefined;
    if (!signer) throw new RpcFailure(4100, `Unknown account ${String(from)}`);
    let result: unknown;
    await prompt(async () => {
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
        const url = this.core.known.get(this.core.chainId);
        if (!url) throw new RpcFailure(-32603, `No RPC URL for chain ${this.core.chainId}`);
        const provider = new JsonRpcProvider(url, this.core.chainId, { staticNetwork: true });
        try {
          result = (await signer.connect(provider).sendTransaction(toTransaction(params[0] as Record<string, unknown>))).hash;
        } finally {
          provider.destroy();
        }
      }
    });
    return result;
  }
}

interface PageSetup {
  globalName: string;
  bindingName: string;
  deliverName: string;
  flags: Record<string, boolean>;
  announce: Eip6963Info | null;
  setGlobal: boolean;
  appearAfterMs: number | null;
}

/**
 * Runs in every page before its scripts, with `createInpageProvider` passed in as source: the
 * extension's content script, which makes the provider, sets it on `window`, announces it.
 */
function pageInstall(create: typeof createInpageProvider, setup: PageSetup): void {
  const scope = window as unknown as Record<string, unknown>;
  const ask = scope[setup.bindingName] as (method: unknown, params: unknown, internal: boolean) => Promise<WireAnswer>;
  const queued: ProviderMessage[] = [];
  let deliver: ((m: ProviderMessage) => void) | undefined;
  scope[setup.deliverName] = (message: ProviderMessage) => (deliver ? deliver(message) : queued.push(message));
  const appear = () => {
    const handle = create(
      { send: (method, params, internal) => ask(method, params, internal) },
      {
        flags: setup.flags,
        onListenerError: (error) =>
          setTimeout(() => {
            throw error;
          }),
        log: (...args) => console.error(...args),
      },
    );
    deliver = handle.deliver;
    // Messages that came before the extension appeared (faults set before the page loaded).
    for (const message of queued.splice(0)) deliver(message);
    const provider = handle.provider;
    if (setup.setGlobal) {
      scope[setup.globalName] = provider;
      if (setup.globalName === 'ethereum') window.dispatchEvent(new Event('ethereum#initialized'));
    }
    const info = setup.announce;
    if (info) {
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    }
  };
  if (setup.appearAfterMs === null) appear();
  else setTimeout(appear, setup.appearAfterMs);
}

/** Installs the fake wallet in every page of `context` (call before opening pages). */
export async function installFakeWallet(context: BrowserContext, options: FakeWalletOptions): Promise<FakeWallet> {
  const wallet = new FakeWallet(context, options);
  const globalName = options.globalName ?? 'ethereum';
  const bindingName = `__fakeWalletRequest_${globalName}`;
  await context.exposeBinding(bindingName, (source: { frame: Frame }, method: unknown, params: unknown, internal: unknown) =>
    wallet.answer(source.frame, method, params, internal === true),
  );
  const setup: PageSetup = {
    globalName,
    bindingName,
    deliverName: `__fakeWalletDeliver_${globalName}`,
    flags: { isMetaMask: options.isMetaMask ?? globalName === 'ethereum', ...options.flags },
    announce: options.announce ?? null,
    setGlobal: options.setGlobal ?? true,
    appearAfterMs: options.appearAfterMs ?? null,
  };
  await context.addInitScript({ content: `(${pageInstall.toString()})(${createInpageProvider.toString()}, ${JSON.stringify(setup)});` });
  return wallet;
}
