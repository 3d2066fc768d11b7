// Read-only JSON-RPC for every chain of the table: calls made close together (one render's worth
// of balances plus the block number) travel as one batch to the endpoint the pool has chosen.
import type { ChainInfo, ChainTable } from '../chains';
import { EndpointPool, type NetworkStatus } from './endpoints';
import { EndpointFailure, RPC_ERROR_NAMES, RPC_MESSAGES, RpcError, rpcError, toRpcError } from './errors';
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
  fetch?: FetchFn;
}

interface Pending {
  call: JsonRpcCall;
  resolve(result: unknown): void;
  reject(error: RpcError): void;
}

export class ChainClient {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    readonly chain: ChainInfo,
    readonly pool: EndpointPool,
    private readonly maxBatchSize: number,
  ) {}

  /** One call; rejects with RpcError (a JSON-RPC error, or no endpoint left). */
  request(method: string, params: readonly unknown[] = []): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ call: { method, params }, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => void this.flush(), 0);
      }
    });
  }

  status(): NetworkStatus {
    return this.pool.status();
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    // Calls made while the endpoint is being chosen join this batch instead of making their own.
    let unusable: RpcError | undefined;
    try {
      await this.pool.ready();
    } catch (error) {
      unusable = error instanceof RpcError ? error : new RpcError(toRpcError(error));
    }
    const items = this.queue;
    this.queue = [];
    if (unusable) {
      for (const item of items) item.reject(unusable);
      return;
    }
    for (let i = 0; i < items.length; i += this.maxBatchSize) void this.send(items.slice(i, i + this.maxBatchSize));
  }

  private async send(items: Pending[]): Promise<void> {
    try {
      const outcomes = await this.pool.send(items.map((item) => item.call));
      items.forEach((item, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) item.resolve(outcome.result);
        else item.reject(new RpcError(outcome?.error ?? toRpcError(new EndpointFailure('sent no answer for a call'))));
      });
    } catch (error) {
      const rejection = error instanceof RpcError ? error : new RpcError(toRpcError(error));
      for (const item of items) item.reject(rejection);
    }
  }
}

export interface RpcRuntime {
  readonly chains: ChainTable;
  /** The client of a chain in the table; throws RpcError for any other chain. */
  client(chainId: number): ChainClient;
}

export function createRpcRuntime(chains: ChainTable, options: RpcOptions = {}): RpcRuntime {
  const clients = new Map<number, ChainClient>();
  // Browsers require fetch to be called unbound from any other object.
  const fetchFn: FetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  const poolOptions = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryAfterMs: options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS,
    fetch: fetchFn,
    now: () => Date.now(),
  };
  return {
    chains,
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
  };
}
