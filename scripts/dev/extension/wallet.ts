// The development browser-extension wallet's "background": which sites may see an account, the
// account and network chosen, the networks it knows, and the answer to every request, asking the user
// where a real extension asks. Signing and sending are done by the local chain, which holds the test
// accounts unlocked. It remembers per origin for the browser session (sessionStorage, which a page
// reload keeps), as an extension remembers the sites connected to it.
import { getAddress } from 'viem';
import { isRecord } from '../../../src/lib/guards';
import type { PromptAnswer } from '../shared/prompt';
import {
  WalletError,
  hexChainId,
  hexOfUtf8,
  invalidParams,
  isSigningMethod,
  parseAddChain,
  parseSwitchChain,
  parseWalletConnect,
  rejected,
  rpc,
  sameAddress,
  signInMessage,
  signOnLocalChain,
  signingAccount,
  unauthorized,
  unknownChain,
  unsupported,
  walletConnectParams,
  type ChainNames,
  type SignInRequest,
} from '../shared/requests';

export interface DevWalletSettings {
  /** The local chain's RPC URL (anvil), which signs for its unlocked test accounts. */
  chainUrl: string;
  chainId: number;
  chainName: string;
  /** The local chain's test accounts (EIP-55), in order. */
  accounts: string[];
}

export interface KnownChain {
  id: number;
  name: string;
  /** Where reads on this network go; the local chain signs only on its own network. */
  rpcUrl: string;
}

export interface WalletRequest {
  method: string;
  params: unknown;
  /** Connect prompts: the accounts to choose from. */
  accounts?: { choices: readonly string[]; selected: string };
  /** A connected site's sign-in prompt (wallet_connect): the account that signs. */
  account?: string;
}

/** One account of ERC-7846's wallet_connect result. */
export interface ConnectedAccount {
  address: string;
  capabilities: { signInWithEthereum?: { message: string; signature: string } };
}

/** ERC-7846's wallet_connect result. */
export interface ConnectResult {
  accounts: ConnectedAccount[];
}

/** The window that asks the user (the in-page prompt; tests may answer directly). */
export interface WalletUi {
  ask(request: WalletRequest, names: ChainNames): Promise<PromptAnswer>;
}

export type WalletEvent = { type: 'accountsChanged'; accounts: string[] } | { type: 'chainChanged'; chainId: string };

interface Saved {
  connected: boolean;
  account?: string;
  chainId: number;
  chains: KnownChain[];
}

/** The part of Web Storage it uses; storage that throws leaves it with memory only. */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

export const STORAGE_KEY = 'walletdeck-dev-wallet';

export class DevExtensionWallet {
  private saved: Saved;
  private connecting = false;
  private readonly listeners = new Set<(event: WalletEvent) => void>();

  constructor(
    private readonly settings: DevWalletSettings,
    private readonly ui: WalletUi,
    private readonly store: SessionStore | undefined,
    readonly origin: string,
  ) {
    const local: KnownChain = { id: settings.chainId, name: settings.chainName, rpcUrl: settings.chainUrl };
    this.saved = this.load() ?? { connected: false, chainId: local.id, chains: [local] };
    // The local chain is always known, at the URL of this run.
    this.saved.chains = [local, ...this.saved.chains.filter((c) => c.id !== local.id)];
    if (!this.saved.chains.some((c) => c.id === this.saved.chainId)) this.saved.chainId = local.id;
  }

  private load(): Saved | undefined {
    try {
      const raw: unknown = JSON.parse(this.store?.getItem(STORAGE_KEY) ?? 'null');
      if (!isRecord(raw) || typeof raw['chainId'] !== 'number' || !Array.isArray(raw['chains'])) return undefined;
      const chains = raw['chains'].filter(
        (c): c is KnownChain => isRecord(c) && typeof c['id'] === 'number' && typeof c['name'] === 'string' && typeof c['rpcUrl'] === 'string',
      );
      // An account of another chain's run (another mnemonic) is forgotten.
      const account = typeof raw['account'] === 'string' ? this.settings.accounts.find((a) => sameAddress(a, raw['account'] as string)) : undefined;
      return { connected: raw['connected'] === true && account !== undefined, ...(account ? { account } : {}), chainId: raw['chainId'], chains };
    } catch {
      return undefined;
    }
  }

  private save(): void {
    try {
      this.store?.setItem(STORAGE_KEY, JSON.stringify(this.saved));
    } catch {
      // Storage refused: the wallet forgets on reload, as a private window would.
    }
  }

  subscribe(listener: (event: WalletEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: WalletEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  // ---- what the wallet's own window shows and changes ----

  get chainId(): number {
    return this.saved.chainId;
  }

  get chains(): readonly KnownChain[] {
    return this.saved.chains;
  }

  get connected(): boolean {
    return this.saved.connected;
  }

  /** The account shown to connected sites (undefined before the first connect). */
  get account(): string | undefined {
    return this.saved.account;
  }

  chainNames(): ChainNames {
    return Object.fromEntries(this.saved.chains.map((c) => [c.id, c.name]));
  }

  /** The local chain's test accounts. */
  get accounts(): readonly string[] {
    return this.settings.accounts;
  }

  /** The user picks another account in the wallet: a connected site sees it at once. */
  selectAccount(address: string): void {
    if (this.saved.account !== undefined && sameAddress(this.saved.account, address)) return;
    this.saved.account = address;
    this.save();
    if (this.saved.connected) this.emit({ type: 'accountsChanged', accounts: [address] });
  }

  /** The user disconnects this site in the wallet. */
  disconnectSite(): void {
    if (!this.saved.connected) return;
    this.saved.connected = false;
    this.save();
    this.emit({ type: 'accountsChanged', accounts: [] });
  }

  private setChain(chainId: number): void {
    if (chainId === this.saved.chainId) return;
    this.saved.chainId = chainId;
    this.save();
    this.emit({ type: 'chainChanged', chainId: hexChainId(chainId) });
  }

  /** What eth_accounts answers: nothing until the site is approved. */
  visibleAccounts(): string[] {
    return this.saved.connected && this.saved.account ? [this.saved.account] : [];
  }

  private permissions(): unknown[] {
    return this.saved.connected ? [{ parentCapability: 'eth_accounts', invoker: this.origin, caveats: [{ type: 'restrictReturnedAccounts', value: this.visibleAccounts() }] }] : [];
  }

  // ---- requests from the site ----

  async request(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return hexChainId(this.saved.chainId);
      case 'net_version':
        return String(this.saved.chainId);
      case 'eth_accounts':
        return this.visibleAccounts();
      case 'eth_requestAccounts':
        await this.connect(method, params);
        return this.visibleAccounts();
      case 'wallet_requestPermissions':
        if (!Array.isArray(params) || !isRecord(params[0]) || !('eth_accounts' in params[0])) throw invalidParams('expected [{ eth_accounts: {} }]');
        await this.connect(method, params);
        return this.permissions();
      case 'wallet_connect':
        return this.walletConnect(params);
      case 'wallet_getPermissions':
        return this.permissions();
      case 'wallet_revokePermissions':
        if (!Array.isArray(params) || !isRecord(params[0]) || !('eth_accounts' in params[0])) throw invalidParams('expected [{ eth_accounts: {} }]');
        this.disconnectSite();
        return null;
      case 'wallet_switchEthereumChain': {
        const chainId = parseSwitchChain(params);
        if (!this.saved.chains.some((c) => c.id === chainId)) throw unknownChain(chainId);
        if (chainId !== this.saved.chainId) await this.confirm(method, params);
        this.setChain(chainId);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const chain = parseAddChain(params);
        const known = this.saved.chains.find((c) => c.id === chain.id);
        if (!known) {
          await this.confirm(method, params);
          this.saved.chains.push({ id: chain.id, name: chain.name, rpcUrl: chain.rpcUrl });
          this.save();
        } else if (chain.id !== this.saved.chainId) {
          await this.confirm('wallet_switchEthereumChain', [{ chainId: hexChainId(chain.id) }]);
        }
        this.setChain(chain.id);
        return null;
      }
      default:
        if (isSigningMethod(method)) {
          if (!this.saved.connected || !this.saved.account) throw unauthorized();
          if (!sameAddress(signingAccount(method, params), this.saved.account)) throw unauthorized();
          if (method === 'eth_sendTransaction' && this.saved.chainId !== this.settings.chainId) {
            throw new WalletError(4200, `The development wallet sends only on ${this.settings.chainName}: switch to it first.`);
          }
          await this.confirm(method, params);
          return signOnLocalChain(this.settings.chainUrl, method, params);
        }
        if (/^(wallet_|eth_sign|personal_)/.test(method)) throw unsupported(method);
        return this.read(method, params);
    }
  }

  /**
   * ERC-7846: a connect as eth_requestAccounts is, or with `signInWithEthereum` a connect and an
   * EIP-4361 sign-in in one prompt (a connected site is asked for the sign-in alone: a signature
   * always needs the user). The message is for the chain the site names; the wallet stays where it is.
   */
  private async walletConnect(params: unknown): Promise<ConnectResult> {
    const request = parseWalletConnect(params, { origin: this.origin });
    const { signIn } = request;
    if (signIn && !this.saved.chains.some((c) => c.id === signIn.chainId)) throw unknownChain(signIn.chainId);
    // The prompt is shown the request with the defaults in place: the message it shows is the one signed.
    const shown = walletConnectParams(request);
    if (!signIn) {
      await this.connect('wallet_connect', shown);
      return { accounts: this.visibleAccounts().map((address) => ({ address, capabilities: {} })) };
    }
    if (this.saved.connected && this.saved.account) {
      const account = this.saved.account;
      const answer = await this.ui.ask({ method: 'wallet_connect', params: shown, account }, this.chainNames());
      if (!answer.approved) throw rejected();
      return { accounts: [await this.signIn(signIn, account)] };
    }
    let signed: ConnectedAccount | undefined;
    await this.connect('wallet_connect', shown, async (account) => {
      signed = await this.signIn(signIn, account);
    });
    if (!signed) throw new WalletError(-32603, 'The sign-in was not signed.');
    return { accounts: [signed] };
  }

  /** The EIP-4361 message for this account, signed by the local chain as personal_sign signs. */
  private async signIn(request: SignInRequest, account: string): Promise<ConnectedAccount> {
    const address = getAddress(account);
    const message = signInMessage(request, address);
    const signature = await signOnLocalChain(this.settings.chainUrl, 'personal_sign', [hexOfUtf8(message), address]);
    if (typeof signature !== 'string') throw new WalletError(-32603, 'The local chain answered no signature.');
    return { address, capabilities: { signInWithEthereum: { message, signature } } };
  }

  /** Asks to connect the site (once); `beforeConnecting` runs with the approved account, and its failure leaves the site unconnected. */
  private async connect(method: string, params: unknown, beforeConnecting?: (account: string) => Promise<void>): Promise<void> {
    if (this.saved.connected) return;
    if (this.connecting) {
      throw new WalletError(-32002, `Request of type 'wallet_requestPermissions' already pending for origin ${this.origin}. Please wait.`);
    }
    this.connecting = true;
    try {
      const choices = this.settings.accounts;
      const first = choices[0];
      if (first === undefined) throw new WalletError(-32603, 'The local chain has no unlocked accounts.');
      const selected = this.saved.account && choices.some((a) => sameAddress(a, this.saved.account ?? '')) ? this.saved.account : first;
      const answer = await this.ui.ask({ method, params, accounts: { choices, selected } }, this.chainNames());
      if (!answer.approved) throw rejected();
      const account = answer.account ?? selected;
      if (beforeConnecting) await beforeConnecting(account);
      this.saved.account = account;
      this.saved.connected = true;
      this.save();
      this.emit({ type: 'accountsChanged', accounts: this.visibleAccounts() });
    } finally {
      this.connecting = false;
    }
  }

  private async confirm(method: string, params: unknown): Promise<void> {
    const answer = await this.ui.ask({ method, params }, this.chainNames());
    if (!answer.approved) throw rejected();
  }

  /** Reads go to the node of the network the wallet is on. */
  private read(method: string, params: unknown): Promise<unknown> {
    const chain = this.saved.chains.find((c) => c.id === this.saved.chainId);
    if (!chain) throw unsupported(method);
    return rpc(chain.rpcUrl, method, Array.isArray(params) ? params : params === undefined ? [] : [params]);
  }
}
