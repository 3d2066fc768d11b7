// Endpoint selection for one chain: probe every URL with eth_chainId in parallel, use the first
// that answers the right chain, fail over to the next good one when the endpoint in use breaks.
// The probe carries the calls waiting for it (eth_chainId first in the same batch), so the first
// read costs one round trip, not two; its results count only if the chain id is right.
import type { WalletError } from '../errors';
import { EndpointFailure, RPC_ERROR_NAMES, RPC_MESSAGES, RpcError, rpcError } from './errors';
import { postJsonRpc, type CallOutcome, type FetchFn, type JsonRpcCall } from './transport';

export type EndpointState = 'untested' | 'probing' | 'ok' | 'failed' | 'wrongChain';

/** What the Network panel shows about one URL (plain data). */
export interface EndpointStatus {
  url: string;
  state: EndpointState;
  /** Round trip of the last successful call, in ms. */
  latencyMs?: number;
  /** The chain id a wrong-chain endpoint answered. */
  answeredChainId?: number;
  /** Why it failed, in words. */
  problem?: string;
}

/** The endpoints of one chain (plain data, kept in the RTK Query cache). */
export interface NetworkStatus {
  chainId: number;
  /** The URL reads go to now. */
  inUse?: string;
  endpoints: EndpointStatus[];
  /** Set while no endpoint can be used. */
  error?: WalletError;
}

export interface PoolOptions {
  /** Per-URL timeout for probes and calls. */
  timeoutMs: number;
  /** Largest answer read from an endpoint, in bytes. */
  maxAnswerBytes?: number;
  /** A failed URL is probed again only after this long, unless nothing else works. */
  retryAfterMs: number;
  fetch: FetchFn;
  now: () => number;
}

interface Endpoint extends EndpointStatus {
  /** Order of the failure (a counter, not a clock: two failures in one millisecond stay ordered). */
  failure?: number;
  retryAt?: number;
  probe?: Promise<boolean>;
}

/** A probe that carried calls: the endpoint that won and its answers to them. */
interface Won {
  endpoint: Endpoint;
  outcomes?: CallOutcome[];
}

function parseChainId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^0x[0-9a-f]+$/i.test(raw)) return undefined;
  const id = parseInt(raw, 16);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export class EndpointPool {
  private readonly endpoints: Endpoint[];
  private selected: Endpoint | undefined;
  private error: WalletError | undefined;
  private snapshot: NetworkStatus | undefined;
  private readonly listeners = new Set<() => void>();
  private failures = 0;

  constructor(
    readonly chainId: number,
    private readonly chainLabel: string,
    urls: readonly string[],
    private readonly options: PoolOptions,
  ) {
    this.endpoints = [...new Set(urls)].map((url) => ({ url, state: 'untested' }));
  }

  /** Resolves once an endpoint is in use, probing when needed; rejects when none can be. */
  async ready(): Promise<void> {
    await this.choose(new Set(), this.failures, []);
  }

  /** Sends the calls to the endpoint in use, moving on to the next good one while endpoints fail. */
  async send(calls: readonly JsonRpcCall[]): Promise<CallOutcome[]> {
    const tried = new Set<Endpoint>();
    const since = this.failures;
    for (;;) {
      // The endpoint in use is known at once: no await before it is asked, so a batch flushed inside a
      // store update leaves before what that update scheduled (React's render) runs.
      const won = this.inUse(tried) ?? (await this.choose(tried, since, calls));
      if (won.outcomes) return won.outcomes;
      const endpoint = won.endpoint;
      const started = this.options.now();
      try {
        const outcomes = await this.post(endpoint.url, calls);
        this.succeeded(endpoint, this.options.now() - started);
        return outcomes;
      } catch (error) {
        if (!(error instanceof EndpointFailure)) throw error;
        this.failed(endpoint, error.problem);
        tried.add(endpoint);
      }
    }
  }

  private inUse(tried: ReadonlySet<Endpoint>): Won | undefined {
    const selected = this.selected;
    return selected && selected.state === 'ok' && !tried.has(selected) ? { endpoint: selected } : undefined;
  }

  private post(url: string, calls: readonly JsonRpcCall[]): Promise<CallOutcome[]> {
    const options = { timeoutMs: this.options.timeoutMs, ...(this.options.maxAnswerBytes ? { maxAnswerBytes: this.options.maxAnswerBytes } : {}) };
    return postJsonRpc(this.options.fetch, url, calls, options);
  }

  status(): NetworkStatus {
    if (!this.snapshot) {
      const snapshot: NetworkStatus = { chainId: this.chainId, endpoints: this.endpoints.map(statusOf) };
      if (this.selected?.state === 'ok') snapshot.inUse = this.selected.url;
      if (this.error) snapshot.error = this.error;
      this.snapshot = snapshot;
    }
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * An endpoint to use; endpoints whose failure came after `since` are not probed again. When none
   * is in use yet, the probes carry `calls`, and the winner's answers to them come back too.
   */
  private async choose(tried: ReadonlySet<Endpoint>, since: number, calls: readonly JsonRpcCall[]): Promise<Won> {
    if (this.endpoints.length === 0) throw this.unusable(rpcError(RPC_ERROR_NAMES.noUrls, RPC_MESSAGES.noUrls(this.chainLabel)));
    const selected = this.selected;
    if (selected && selected.state === 'ok' && !tried.has(selected)) return { endpoint: selected };
    const fastest = this.endpoints
      .filter((e) => e.state === 'ok' && !tried.has(e))
      .sort((a, b) => (a.latencyMs ?? Infinity) - (b.latencyMs ?? Infinity))[0];
    if (fastest) {
      this.use(fastest);
      return { endpoint: fastest };
    }
    const untried = this.endpoints.filter(
      (e) => e.state !== 'wrongChain' && e.state !== 'ok' && !tried.has(e) && !(e.state === 'failed' && (e.failure ?? 0) > since),
    );
    // Endpoints that failed a while ago are probed only when no fresher candidate is left.
    const now = this.options.now();
    const rested = untried.filter((e) => e.state !== 'failed' || (e.retryAt ?? 0) <= now);
    const winner = await this.race(rested.length > 0 ? rested : untried, calls);
    if (!winner) {
      const problems = this.endpoints.map((e) => `${e.url}: ${e.problem ?? 'not tried'}`);
      throw this.unusable(rpcError(RPC_ERROR_NAMES.endpointsUnavailable, RPC_MESSAGES.endpointsUnavailable(this.chainLabel, problems)));
    }
    return winner;
  }

  /** The first candidate to answer the right chain id, or undefined when none does. */
  private race(candidates: readonly Endpoint[], calls: readonly JsonRpcCall[]): Promise<Won | undefined> {
    if (candidates.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      let pending = candidates.length;
      for (const endpoint of candidates) {
        // Calls do not queue behind a probe already under way (another batch's): they leave at
        // once with a chain-id check of their own, so a returning user's balances need not wait a
        // round trip for the block number's probe. Without calls there is nothing to carry: join it.
        const running = calls.length === 0 ? endpoint.probe : undefined;
        const outcome: Promise<Won | undefined> = running
          ? running.then((ok) => (ok ? { endpoint } : undefined))
          : this.probe(endpoint, calls).then((outcomes) => (outcomes ? { endpoint, ...(calls.length > 0 ? { outcomes } : {}) } : undefined));
        void outcome.then((won) => {
          if (won) resolve(won);
          else if (--pending === 0) resolve(undefined);
        });
      }
    });
  }

  /** eth_chainId (plus `calls`, in the same batch); the answers to `calls` when the chain is right. */
  private probe(endpoint: Endpoint, calls: readonly JsonRpcCall[]): Promise<CallOutcome[] | undefined> {
    endpoint.state = 'probing';
    this.changed();
    const probe = this.askChainId(endpoint, calls);
    const settled = probe.then((outcomes) => outcomes !== undefined);
    endpoint.probe = settled;
    // Another probe of this endpoint may have started since; that one is still running.
    void settled.then(() => {
      if (endpoint.probe === settled) delete endpoint.probe;
    });
    return probe;
  }

  private async askChainId(endpoint: Endpoint, calls: readonly JsonRpcCall[]): Promise<CallOutcome[] | undefined> {
    const started = this.options.now();
    try {
      const [outcome, ...outcomes] = await this.post(endpoint.url, [{ method: 'eth_chainId', params: [] }, ...calls]);
      if (!outcome || !outcome.ok) {
        this.failed(endpoint, `eth_chainId failed: ${outcome?.ok === false ? (outcome.error.walletMessage ?? outcome.error.message) : 'no answer'}`);
        return undefined;
      }
      const answered = parseChainId(outcome.result);
      if (answered === undefined) {
        this.failed(endpoint, 'answered an invalid chain id');
        return undefined;
      }
      if (answered !== this.chainId) {
        // A misconfigured URL: reads from it would be about another chain, so it is never used.
        endpoint.state = 'wrongChain';
        endpoint.answeredChainId = answered;
        endpoint.problem = `answered chain id ${answered} instead of ${this.chainId}`;
        delete endpoint.latencyMs;
        this.changed();
        return undefined;
      }
      this.succeeded(endpoint, this.options.now() - started);
      return outcomes;
    } catch (error) {
      this.failed(endpoint, error instanceof EndpointFailure ? error.problem : String(error));
      return undefined;
    }
  }

  private use(endpoint: Endpoint): void {
    if (this.selected === endpoint) return;
    this.selected = endpoint;
    this.changed();
  }

  private succeeded(endpoint: Endpoint, latencyMs: number): void {
    endpoint.state = 'ok';
    endpoint.latencyMs = latencyMs;
    delete endpoint.problem;
    delete endpoint.retryAt;
    delete endpoint.failure;
    this.error = undefined;
    if (this.selected?.state !== 'ok') this.selected = endpoint;
    this.changed();
  }

  private failed(endpoint: Endpoint, problem: string): void {
    endpoint.state = 'failed';
    endpoint.problem = problem;
    endpoint.failure = ++this.failures;
    endpoint.retryAt = this.options.now() + this.options.retryAfterMs;
    delete endpoint.latencyMs;
    if (this.selected === endpoint) this.selected = undefined;
    this.changed();
  }

  private unusable(error: RpcError): RpcError {
    this.error = error.error;
    this.changed();
    return error;
  }

  private changed(): void {
    this.snapshot = undefined;
    for (const listener of this.listeners) listener();
  }
}

function statusOf(e: Endpoint): EndpointStatus {
  const status: EndpointStatus = { url: e.url, state: e.state };
  if (e.latencyMs !== undefined) status.latencyMs = e.latencyMs;
  if (e.answeredChainId !== undefined) status.answeredChainId = e.answeredChainId;
  if (e.problem !== undefined) status.problem = e.problem;
  return status;
}
