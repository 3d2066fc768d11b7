// Read-only JSON-RPC for every chain of the table: calls made close together (one render's worth
// of balances plus the block number) travel as one batch to the endpoint the pool has chosen.
import type { ChainInfo, ChainTable } from '../chains';
import { EndpointPool, type NetworkStatus } from './endpoints';
import { EndpointFailure, RPC_ERROR_NAMES, RPC_MESSAGES, RpcError, rpcError, toRpcError } from './errors';
import type { NameSettings } from '../names/settings';
import type { NameMemory, NameStorage } from './nameMemory';
import type { ResultKind } from './quantity';
import type { FetchFn, JsonRpcCall } from './transport';

export const DEFAULT_TIMEOUT_MS = 3_000;
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/** Public endpoints cap batch sizes; larger batches are split. */
export const DEFAULT_MAX_BATCH = 100;

export interface RpcOptions {
  /** Per-URL timeout for probes and calls (default 3 s). */
  timeoutMs?: number;
  retryAfterMs?: number;
  maxBatchSize?: number;
  /** Largest answer read from an endpoint, in bytes (default 512 kB). */
  maxAnswerBytes?: number;
  fetch?: FetchFn;
  /** Where verified names are remembered (default: a memory over `nameStorage`, made with the lookup code). */
  nameMemory?: NameMemory;
  /** Where the default memory keeps verified names across reloads (default: for this page only). */
  nameStorage?: NameStorage;
  /** Gateways and image source for names (default: none of either, production rules). */
  nameSettings?: NameSettings;
}

interface Pending {
  call: JsonRpcCall;
  resolve(result: unknown): void;
  reject(error: RpcError): void;
}

export class ChainClient {
  private queue: Pending[] = [];
  private scheduled = false;
  /** Batches sent and not yet answered. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    readonly chain: ChainInfo,
    readonly pool: EndpointPool,
    private readonly maxBatchSize: number,
  ) {}

  /**
   * One call; rejects with RpcError (a JSON-RPC error, or no endpoint left). With `expect`, a
   * result of another shape is a malformed answer and the call moves on to the next endpoint.
   */
  request(method: string, params: readonly unknown[] = [], expect?: ResultKind): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ call: expect ? { method, params, expect } : { method, params }, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      }
    });
  }

  /** Sends the calls waiting for their batch now, instead of once this task's microtasks come to it. */
  sendWaiting(): void {
    if (this.queue.length > 0) this.flush();
  }

  status(): NetworkStatus {
    return this.pool.status();
  }

  private flush(): void {
    this.scheduled = false;
    const items = this.queue;
    this.queue = [];
    // The pool sends the first batch along with its eth_chainId probe, so it need not wait for one.
    for (let i = 0; i < items.length; i += this.maxBatchSize) {
      const sent = this.send(items.slice(i, i + this.maxBatchSize));
      this.sending.add(sent);
      void sent.finally(() => this.sending.delete(sent));
    }
  }

  /** Resolves once the calls waiting and the batches under way now have been answered (or failed). */
  settled(): Promise<void> {
    this.sendWaiting();
    return Promise.allSettled([...this.sending]).then(() => undefined);
  }

  private async send(items: Pending[]): Promise<void> {
    try {
      const outcomes = await this.pool.send(items.map((item) => item.call));
      items.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) item.resolve(outcome.result);
        else item.reject(new RpcError(outcome?.error ?? toRpcError(new EndpointFailure('sent no answer for a call')), outcome?.revertData));
      });
    } catch (error) {
      const rejection = error instanceof RpcError ? error : new RpcError(toRpcError(error));
      for (const item of items) item.reject(rejection);
    }
  }
}

export interface RpcRuntime {
  readonly chains: ChainTable;
  /**
   * The memory of verified names: the one given, or made once by `create` (the lookup code's
   * createNameMemory, src/lib/names: its chunk carries it, so the first visit does not).
   */
  nameMemory(create: (storage?: NameStorage) => NameMemory): NameMemory;
  readonly nameSettings: NameSettings;
  /** The client of a chain in the table; throws RpcError for any other chain. */
  client(chainId: number): ChainClient;
  /** Sends every batch still collecting calls now (the read-ahead, once it has started a store update's reads). */
  sendWaiting(): void;
  /** Resolves once every call waiting or under way now has been answered (or failed), on every chain. */
  settled(): Promise<void>;
}

export function createRpcRuntime(chains: ChainTable, options: RpcOptions = {}): RpcRuntime {
  const clients = new Map<number, ChainClient>();
  // Browsers require fetch to be called unbound from any other object.
  const fetchFn: FetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  const poolOptions = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryAfterMs: options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS,
    ...(options.maxAnswerBytes ? { maxAnswerBytes: options.maxAnswerBytes } : {}),
    fetch: fetchFn,
    now: () => Date.now(),
  };
  let names = options.nameMemory;
  return {
    chains,
    nameMemory: (create) => (names ??= create(options.nameStorage)),
    // No settings given: no gateway may be asked and no image source is used (the app always passes its build's).
    nameSettings: options.nameSettings ?? { gatewayOrigins: [], allowLocalHttp: false },
    client(chainId) {
      let client = clients.get(chainId);
      if (!client) {
        const chain = chains[chainId];
        if (!chain) throw rpcError(RPC_ERROR_NAMES.unknownChain, RPC_MESSAGES.unknownChain(chainId));
        client = new ChainClient(chain, new EndpointPool(chainId, chain.name, chain.rpcUrls, poolOptions), options.maxBatchSize ?? DEFAULT_MAX_BATCH);
        clients.set(chainId, client);
      }
      return client;
    },
    sendWaiting() {
      for (const client of clients.values()) client.sendWaiting();
    },
    settled() {
      return Promise.all([...clients.values()].map((client) => client.settled())).then(() => undefined);
    },
  };
}
