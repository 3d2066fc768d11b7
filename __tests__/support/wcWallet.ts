// A WalletConnect wallet simulated in the test process with the real @walletconnect/sign-client:
// it pairs from a `wc:` URI through the local relay, approves or rejects the proposal, answers
// requests (signing with anvil's test keys, reads forwarded to anvil), and can end the session or
// change chain/accounts from the "phone" side.
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes, SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import { Wallet, getBytes, isHexString } from 'ethers';
import { TEST_ACCOUNTS } from './anvil';

type Proposal = SignClientTypes.EventArguments['session_proposal'];
type SessionRequest = SignClientTypes.EventArguments['session_request'];
type AuthRequest = SignClientTypes.EventArguments['session_authenticate'];

/** The SDK's storage contract, in memory: nothing is written to disk by tests. */
export class MemoryKeyValueStorage {
  private readonly data = new Map<string, unknown>();
  async getKeys(): Promise<string[]> {
    return [...this.data.keys()];
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.data.entries()] as [string, T][];
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.data.get(key) as T | undefined;
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    // Stored as a copy, like a real storage that serialises.
    this.data.set(key, JSON.parse(JSON.stringify(value)) as unknown);
  }
  async removeItem(key: string): Promise<void> {
    this.data.delete(key);
  }
}

const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
];
const EVENTS = ['chainChanged', 'accountsChanged'];

export interface RpcError {
  code: number;
  message: string;
}

export interface SimulatedWalletOptions {
  relayUrl: string;
  /** Chains the wallet supports (it approves those the dapp offers). */
  chains: number[];
  /** Private keys of the wallet's accounts (default: anvil's first test account). */
  privateKeys?: string[];
  /** Where reads are forwarded, per chain id. */
  rpcUrls?: Record<number, string>;
  /** Who the wallet says it is in its sessions (default: "Simulated wallet", no icon). */
  metadata?: { name: string; icons: string[] };
  /**
   * The wallet does one-click auth (`wc_sessionAuthenticate`): a dapp's authenticate reaches it as
   * one request (`pairAuthenticate`), not as a proposal.
   */
  oneClickAuth?: boolean;
}

export interface SimulatedWallet {
  readonly accounts: string[];
  /** Scans the QR code: pairs with the dapp and resolves with its proposal. */
  pair(uri: string): Promise<Proposal>;
  approve(proposal: Proposal, options?: { chains?: number[] }): Promise<SessionTypes.Struct>;
  reject(proposal: Proposal): Promise<void>;
  /** With `oneClickAuth`: scans the QR code and resolves with the dapp's sign-in request. */
  pairAuthenticate(uri: string): Promise<AuthRequest>;
  /** Approves it with one approval: the session, and the first account's signature of the message the SDK writes. */
  approveAuthenticate(request: AuthRequest): Promise<{ message: string }>;
  rejectAuthenticate(request: AuthRequest): Promise<void>;
  /** The current session (there is at most one per test wallet). */
  session(): SessionTypes.Struct | undefined;
  /** Ends the session from the phone. */
  disconnect(): Promise<void>;
  emitChainChanged(chainId: number): Promise<void>;
  emitAccountsChanged(accounts: string[]): Promise<void>;
  /** Every request the dapp sent, in order. */
  readonly requests: SessionRequest[];
  /** Overrides the answer to one method (a result, or an RpcError to reject with). */
  answer(method: string, handler: (params: unknown, chainId: number) => unknown | Promise<unknown>): void;
  close(): Promise<void>;
}

function caip(chainId: number): string {
  return `eip155:${chainId}`;
}

let walletCount = 0;

/** What releaseCore reads of the SDK core's relayer beyond its public API (its own connect attempt). */
interface RelayerInternals {
  transportClose(): Promise<void>;
  /** The attempt transportOpen is waiting for: up to five connects with 1-5 s pauses between them. */
  connectPromise?: Promise<void>;
}

/**
 * Stops an SDK core's timers and socket, so that a test process can exit. A connect attempt already
 * under way when the socket is closed carries on (its next try opens a new socket, its pause is a
 * timer of its own): it is awaited, and the transport closed again after it.
 */
export async function releaseCore(core: { heartbeat: { stop(): void }; relayer: { transportClose(): Promise<void> } }): Promise<void> {
  core.heartbeat.stop();
  const relayer = core.relayer as RelayerInternals;
  await relayer.transportClose().catch(() => undefined);
  for (let attempt = relayer.connectPromise; attempt; attempt = relayer.connectPromise) {
    await attempt.catch(() => undefined);
    await relayer.transportClose().catch(() => undefined);
  }
}

export async function startSimulatedWallet(options: SimulatedWalletOptions): Promise<SimulatedWallet> {
  const signers = (options.privateKeys ?? [TEST_ACCOUNTS[0].privateKey]).map((key) => new Wallet(key));
  const accounts = signers.map((s) => s.address);
  const chains = new Set(options.chains);
  const requests: SessionRequest[] = [];
  const overrides = new Map<string, (params: unknown, chainId: number) => unknown>();
  const proposals: Proposal[] = [];
  const proposalWaiters: ((proposal: Proposal) => void)[] = [];

  const client = await SignClient.init({
    projectId: 'walletdeck-test-wallet',
    // Its own core: the SDK otherwise shares one core per process between dapp and wallet.
    customStoragePrefix: `simulated-wallet-${++walletCount}`,
    relayUrl: options.relayUrl,
    logger: 'silent',
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    metadata: { name: 'Simulated wallet', description: 'A wallet for tests', url: 'https://wallet.test', icons: [], ...options.metadata },
  });

  client.on('session_proposal', (proposal) => {
    const waiter = proposalWaiters.shift();
    if (waiter) waiter(proposal);
    else proposals.push(proposal);
  });

  const authRequests: AuthRequest[] = [];
  const authWaiters: ((request: AuthRequest) => void)[] = [];
  if (options.oneClickAuth) {
    client.on('session_authenticate', (request) => {
      const waiter = authWaiters.shift();
      if (waiter) waiter(request);
      else authRequests.push(request);
    });
  }

  const currentSession = () => client.session.getAll().at(-1);

  const namespacesFor = (chainIds: number[]): SessionTypes.Namespaces => ({
    eip155: {
      chains: chainIds.map(caip),
      methods: METHODS,
      events: EVENTS,
      accounts: chainIds.flatMap((id) => accounts.map((a) => `${caip(id)}:${a}`)),
    },
  });

  const rpcRead = async (chainId: number, method: string, params: unknown): Promise<unknown> => {
    const url = options.rpcUrls?.[chainId];
    if (!url) throw { code: 4200, message: `The wallet cannot answer ${method} on chain ${chainId}` };
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    });
    const body = (await res.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw body.error;
    return body.result;
  };

  const signerFor = (address: unknown) => {
    const signer = signers.find((s) => typeof address === 'string' && s.address.toLowerCase() === address.toLowerCase());
    if (!signer) throw { code: 4100, message: `Unknown account ${String(address)}` };
    return signer;
  };

  const handle = async (method: string, params: unknown, chainId: number, topic: string): Promise<unknown> => {
    const override = overrides.get(method);
    if (override) return override(params, chainId);
    const list = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case 'personal_sign': {
        const [message, address] = list;
        const bytes = typeof message === 'string' && isHexString(message) ? getBytes(message) : String(message);
        return signerFor(address).signMessage(bytes);
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = list;
        const data = (typeof json === 'string' ? JSON.parse(json) : json) as {
          domain: Record<string, unknown>;
          types: Record<string, { name: string; type: string }[]>;
          message: Record<string, unknown>;
        };
        const types = Object.fromEntries(Object.entries(data.types).filter(([name]) => name !== 'EIP712Domain'));
        return signerFor(address).signTypedData(data.domain, types, data.message);
      }
      case 'wallet_switchEthereumChain': {
        const target = parseInt(String((list[0] as { chainId?: unknown } | undefined)?.chainId), 16);
        if (!chains.has(target)) throw { code: 4902, message: `Unrecognized chain ID "0x${target.toString(16)}".` };
        // A real wallet widens the session to the new chain, then announces it. update() resolves once
        // the relay has taken the update; the sign client already holds the wider session, so the event
        // below is valid, and it reaches the app after the update (one topic, in order; the app's sign
        // client handles incoming requests one at a time). A wallet need not wait for the app's
        // acknowledgement, and this one must not: sign-client 2.25's `acknowledged()` misses an
        // acknowledgement that came in before update() returned (a relay slow to confirm the publish,
        // e.g. on a loaded machine) and then waits 5 minutes, so the phone never answered the switch.
        const session = client.session.get(topic);
        const approved = session.namespaces.eip155?.chains ?? [];
        if (!approved.includes(caip(target))) {
          const ids = [...approved.map((c) => Number(c.split(':')[1])), target];
          await client.update({ topic, namespaces: namespacesFor(ids) });
        }
        await client.emit({ topic, chainId: caip(target), event: { name: 'chainChanged', data: target } });
        return null;
      }
      case 'wallet_addEthereumChain': {
        const id = parseInt(String((list[0] as { chainId?: unknown } | undefined)?.chainId), 16);
        chains.add(id);
        return null;
      }
      default:
        return rpcRead(chainId, method, params);
    }
  };

  client.on('session_request', async (event) => {
    requests.push(event);
    const { topic, id, params } = event;
    const chainId = Number(params.chainId.split(':')[1]);
    try {
      const result = await handle(params.request.method, params.request.params, chainId, topic);
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } });
    } catch (error) {
      const { code, message } = error as Partial<RpcError>;
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', error: { code: typeof code === 'number' ? code : -32603, message: String(message ?? error) } },
      });
    }
  });

  return {
    accounts,
    requests,
    pair(uri) {
      const next = proposals.shift();
      const proposal = next ? Promise.resolve(next) : new Promise<Proposal>((resolve) => proposalWaiters.push(resolve));
      return client.pair({ uri }).then(() => proposal);
    },
    async approve(proposal, approveOptions = {}) {
      const supported = approveOptions.chains ?? [...chains];
      const offered = namespacesFor(supported).eip155;
      const namespaces = buildApprovedNamespaces({
        proposal: proposal.params,
        supportedNamespaces: { eip155: { chains: offered?.chains ?? [], methods: METHODS, events: EVENTS, accounts: offered?.accounts ?? [] } },
      });
      const { acknowledged } = await client.approve({ id: proposal.id, namespaces });
      return acknowledged();
    },
    async reject(proposal) {
      await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') });
    },
    pairAuthenticate(uri) {
      const next = authRequests.shift();
      const request = next ? Promise.resolve(next) : new Promise<AuthRequest>((resolve) => authWaiters.push(resolve));
      return client.pair({ uri }).then(() => request);
    },
    async approveAuthenticate(request) {
      const payload = populateAuthPayload({ authPayload: request.params.authPayload, chains: [...chains].map(caip), methods: METHODS });
      const chain = payload.chains[0];
      const signer = signers[0];
      if (!chain || !signer) throw new Error('the wallet supports none of the requested chains');
      const iss = `did:pkh:${chain}:${signer.address}`;
      const message = client.formatAuthMessage({ request: payload, iss });
      const cacao = buildAuthObject(payload, { t: 'eip191', s: await signer.signMessage(message) }, iss);
      await client.approveSessionAuthenticate({ id: request.id, auths: [cacao] });
      return { message };
    },
    async rejectAuthenticate(request) {
      await client.rejectSessionAuthenticate({ id: request.id, reason: getSdkError('USER_REJECTED') });
    },
    session: currentSession,
    async disconnect() {
      const session = currentSession();
      if (session) await client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
    },
    async emitChainChanged(chainId) {
      const session = currentSession();
      if (!session) throw new Error('no session');
      await client.emit({ topic: session.topic, chainId: caip(chainId), event: { name: 'chainChanged', data: chainId } });
    },
    async emitAccountsChanged(list) {
      const session = currentSession();
      if (!session) throw new Error('no session');
      const chainId = session.namespaces.eip155?.chains?.[0] ?? caip(options.chains[0] ?? 1);
      await client.emit({ topic: session.topic, chainId, event: { name: 'accountsChanged', data: list } });
    },
    answer(method, handler) {
      overrides.set(method, handler);
    },
    async close() {
      await releaseCore(client.core);
    },
  };
}
