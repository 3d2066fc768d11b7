// One JSON-RPC POST over fetch (single call or batch), with a timeout, sorting every outcome into
// "the endpoint is broken" (EndpointFailure: try another) or per-call results and JSON-RPC errors.
import { toWalletError, type WalletError } from '../errors';
import { EndpointFailure } from './errors';

export interface JsonRpcCall {
  method: string;
  params: readonly unknown[];
}

export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: WalletError };

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

let lastId = 0;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
    return { ok: false, error: toWalletError({ code: e['code'], message: e['message'], data: e['data'] }) };
  }
  if ('result' in item) return { ok: true, result: item['result'] };
  return undefined;
}

function matchResponses(calls: readonly JsonRpcCall[], firstId: number, body: unknown): CallOutcome[] | undefined {
  if (calls.length === 1 && isRecord(body)) {
    const outcome = toOutcome(body);
    return outcome && (body['id'] === firstId || body['id'] === null || 'error' in body) ? [outcome] : undefined;
  }
  if (!Array.isArray(body)) return undefined;
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const item of body) if (isRecord(item)) byId.set(item['id'], item);
  const outcomes: CallOutcome[] = [];
  for (let i = 0; i < calls.length; i++) {
    const item = byId.get(firstId + i);
    const outcome = item && toOutcome(item);
    if (!outcome) return undefined;
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Posts the calls (one object for one call, an array otherwise) and returns one outcome per call.
 * Throws EndpointFailure when the endpoint cannot be trusted with them.
 */
export async function postJsonRpc(fetchFn: FetchFn, url: string, calls: readonly JsonRpcCall[], timeoutMs: number): Promise<CallOutcome[]> {
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
      text = await response.text();
    } catch (error) {
      throw new EndpointFailure(timedOut ? `timed out after ${formatSeconds(timeoutMs)}` : describeNetworkError(error));
    }
    if (response.status === 429) throw new EndpointFailure('rate limited (HTTP 429)');
    if (response.status >= 500) throw new EndpointFailure(`server error (HTTP ${response.status})`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EndpointFailure(response.ok ? 'answered malformed JSON' : `HTTP ${response.status}`);
    }
    const outcomes = matchResponses(calls, firstId, body);
    if (!outcomes) {
      if (!response.ok) throw new EndpointFailure(`HTTP ${response.status}`);
      throw new EndpointFailure(calls.length > 1 && isRecord(body) ? 'does not accept batch requests' : 'answered something that is not JSON-RPC');
    }
    return outcomes;
  } finally {
    clearTimeout(timer);
  }
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
