// One JSON-RPC POST over fetch (single call or batch), with a timeout and a byte bound, sorting
// every outcome into "the endpoint is broken" (EndpointFailure: try another) or per-call results
// and JSON-RPC errors. An endpoint is untrusted: an answer too large, a batch whose ids do not
// match the request one to one, or a result of the wrong shape is a broken endpoint.
import { toWalletError, type WalletError } from '../errors';
import { EndpointFailure } from './errors';
import { isResultOf, type ResultKind } from './quantity';
import { isRecord } from '../guards';

export interface JsonRpcCall {
  method: string;
  params: readonly unknown[];
  /** What the result must be; any other result makes the endpoint fail over. */
  expect?: ResultKind;
}

/** `revertData`: a reverted eth_call's data (hex), kept for EIP-3668 name lookups (src/lib/names). */
export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: WalletError; revertData?: string };

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/** Largest answer read from an endpoint (bytes); a batch of 100 balances is about 10 kB. */
export const DEFAULT_MAX_ANSWER_BYTES = 512 * 1024;

export interface PostOptions {
  timeoutMs: number;
  maxAnswerBytes?: number;
}

let lastId = 0;


function describeNetworkError(error: unknown): string {
  const cause = isRecord(error) && isRecord(error['cause']) ? error['cause'] : undefined;
  const code = cause && typeof cause['code'] === 'string' ? cause['code'] : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return `unreachable (${code ?? message})`;
}

/** One response object as a call outcome, or undefined when it is not a JSON-RPC response. */
function toOutcome(item: Record<string, unknown>): CallOutcome | undefined {
  if ('error' in item && isRecord(item['error'])) {
    const e = item['error'];
    const error = toWalletError({ code: e['code'], message: e['message'], data: e['data'] });
    const data = e['data'];
    return typeof data === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(data) ? { ok: false, error, revertData: data } : { ok: false, error };
  }
  if ('result' in item) return { ok: true, result: item['result'] };
  return undefined;
}

const NOT_JSON_RPC = 'answered something that is not JSON-RPC';

/** One outcome per call, or the reason the answer cannot be trusted. */
function matchResponses(calls: readonly JsonRpcCall[], firstId: number, body: unknown): CallOutcome[] | string {
  if (calls.length === 1 && isRecord(body)) {
    const outcome = toOutcome(body);
    return outcome && (body['id'] === firstId || (body['id'] === null && 'error' in body)) ? [outcome] : NOT_JSON_RPC;
  }
  if (!Array.isArray(body)) return calls.length > 1 && isRecord(body) ? 'does not accept batch requests' : NOT_JSON_RPC;
  if (body.length === 0) return NOT_JSON_RPC;
  // Exactly one answer per id asked: a duplicate (even an identical one), an unknown id or a
  // missing one means the answers cannot be matched to the calls with confidence.
  const byId = new Map<number, Record<string, unknown>>();
  for (const item of body) {
    if (!isRecord(item)) return NOT_JSON_RPC;
    const id = item['id'];
    if (typeof id !== 'number' || id < firstId || id >= firstId + calls.length || !Number.isInteger(id)) {
      return `answered a malformed batch (an answer with id ${typeof id === 'number' ? id : JSON.stringify(id ?? null)?.slice(0, 20)} that was not asked)`;
    }
    if (byId.has(id)) return `answered a malformed batch (id ${id} answered twice)`;
    byId.set(id, item);
  }
  const outcomes: CallOutcome[] = [];
  for (let i = 0; i < calls.length; i++) {
    const item = byId.get(firstId + i);
    if (!item) return `answered a malformed batch (no answer for id ${firstId + i})`;
    const outcome = toOutcome(item);
    if (!outcome) return NOT_JSON_RPC;
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * A response's body as text, or undefined as soon as it passes `limit` bytes (the download is
 * abandoned there, so a hostile server's endless answer costs `limit` bytes). Shared by the RPC
 * transport and the name gateways (src/lib/names/ccip.ts). Rejects when `signal` aborts the read.
 */
export async function readBodyWithin(response: Response, limit: number, signal?: AbortSignal): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal?.aborted) throw new Error('aborted');
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The body as text; an answer past `limit` bytes is the endpoint's failure. */
async function readBounded(response: Response, limit: number): Promise<string> {
  const text = await readBodyWithin(response, limit);
  if (text === undefined) throw new EndpointFailure(`answered more than ${formatBytes(limit)}`);
  return text;
}

/**
 * Posts the calls (one object for one call, an array otherwise) and returns one outcome per call.
 * Throws EndpointFailure when the endpoint cannot be trusted with them.
 */
export async function postJsonRpc(fetchFn: FetchFn, url: string, calls: readonly JsonRpcCall[], options: PostOptions): Promise<CallOutcome[]> {
  const { timeoutMs, maxAnswerBytes = DEFAULT_MAX_ANSWER_BYTES } = options;
  const firstId = lastId + 1;
  lastId += calls.length;
  const payload = calls.map((c, i) => ({ jsonrpc: '2.0', id: firstId + i, method: c.method, params: c.params }));
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.length === 1 ? payload[0] : payload),
        signal: controller.signal,
      });
      if (response.status === 429) throw new EndpointFailure('rate limited (HTTP 429)');
      if (response.status >= 500) throw new EndpointFailure(`server error (HTTP ${response.status})`);
      text = await readBounded(response, maxAnswerBytes);
    } catch (error) {
      if (error instanceof EndpointFailure) {
        controller.abort();
        throw error;
      }
      throw new EndpointFailure(timedOut ? `timed out after ${formatSeconds(timeoutMs)}` : describeNetworkError(error));
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EndpointFailure(response.ok ? 'answered malformed JSON' : `HTTP ${response.status}`);
    }
    const outcomes = matchResponses(calls, firstId, body);
    if (typeof outcomes === 'string') throw new EndpointFailure(response.ok || outcomes !== NOT_JSON_RPC ? outcomes : `HTTP ${response.status}`);
    calls.forEach((call, i) => {
      const outcome = outcomes[i];
      if (call.expect && outcome?.ok && !isResultOf(call.expect, outcome.result)) {
        throw new EndpointFailure(`answered a malformed result for ${call.method}`);
      }
    });
    return outcomes;
  } finally {
    clearTimeout(timer);
  }
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}
