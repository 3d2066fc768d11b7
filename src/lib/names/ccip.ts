// EIP-3668 (CCIP-read) for name lookups, hostile by default: a gateway is an untrusted outside server.
// Only gateways whose origin the deployment allows are asked (https; http only to 127.0.0.1 in
// development builds); at most `maxLookups` gateway lookups per request; every answer is bounded in
// size and time and must be the hex the protocol asks for; the lookup's `sender` must be the contract
// that was called. ENSIP-21 batch lookups (`x-batch-gateway:true`) are answered here, one request at
// a time through the same rules. Every failure is a NameError: it costs the name, nothing else.
import { AbiCoder, concat, dataSlice } from 'ethers';
import { isObject } from '../guards';
import { readBodyWithin } from '../rpc/transport';
import { NAME_ERROR_NAMES, NAME_MESSAGES, NameError, nameError } from './errors';

/** An eth_call's outcome: the returned data, or the revert data ('0x' for a bare revert). */
export type CallResult = { ok: true; data: string } | { ok: false; revert: string };
/** eth_call to a contract; rejects only when the chain could not be asked (an RpcError). */
export type EthCall = (to: string, data: string) => Promise<CallResult>;

export interface GatewayPolicy {
  /** Origins that may be asked (`https://host[:port]`); anything else is refused. */
  origins: readonly string[];
  /** Development builds: `http://127.0.0.1:<port>` origins in `origins` may be asked too. */
  allowLocalHttp: boolean;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Per gateway request, answer included. */
  timeoutMs: number;
  /** All gateway requests of one name together (however many URLs and rounds). */
  totalMs: number;
  /** Largest answer read from a gateway, in bytes. */
  maxBytes: number;
  /** Gateway lookups allowed for one name request (each request of a batch counts). */
  maxLookups: number;
  /** Where a refused gateway is reported (the console by default). */
  warn(message: string): void;
}

export const GATEWAY_TIMEOUT_MS = 5_000;
export const NAME_GATEWAYS_TOTAL_MS = 15_000;
export const MAX_GATEWAY_BYTES = 256 * 1024;
export const MAX_LOOKUPS = 4;

const OFFCHAIN_LOOKUP = '0x556f1830'; // OffchainLookup(address,string[],bytes,bytes4,bytes)
const BATCH_QUERY = '0xa780bab6'; // query((address,string[],bytes)[]) (ENSIP-21)
const BATCH_GATEWAY_URL = 'x-batch-gateway:true';
const ERROR_STRING = '0x08c379a0'; // Error(string)
const HTTP_ERROR = '0x01800152'; // HttpError(uint16,string)
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const coder = AbiCoder.defaultAbiCoder();

interface Lookup {
  sender: string;
  urls: string[];
  callData: string;
  callback: string;
  extraData: string;
}

/** The OffchainLookup in revert data, undefined for any other revert; a malformed one is an error. */
export function readOffchainLookup(revert: string): Lookup | undefined {
  if (!revert.toLowerCase().startsWith(OFFCHAIN_LOOKUP)) return undefined;
  try {
    const [sender, urls, callData, callback, extraData] = coder.decode(['address', 'string[]', 'bytes', 'bytes4', 'bytes'], dataSlice(revert, 4));
    return { sender: String(sender), urls: [...(urls as string[])].map(String), callData: String(callData), callback: String(callback), extraData: String(extraData) };
  } catch {
    throw nameError(NAME_ERROR_NAMES.lookup, NAME_MESSAGES.malformedLookup);
  }
}

/** The origin of a gateway URL template when the policy allows asking it, else undefined. */
export function allowedOrigin(template: string, policy: Pick<GatewayPolicy, 'origins' | 'allowLocalHttp'>): string | undefined {
  let url: URL;
  try {
    // The placeholders are not valid in a host; fill them with something harmless to parse.
    url = new URL(template.replace(/\{sender\}|\{data\}/g, '0x'));
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  const secure = url.protocol === 'https:';
  const local = policy.allowLocalHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  return (secure || local) && policy.origins.includes(url.origin) ? url.origin : undefined;
}

class Budget {
  used = 0;
  private readonly deadline: number;
  constructor(
    private readonly max: number,
    totalMs: number,
  ) {
    this.deadline = Date.now() + totalMs;
  }
  take(): void {
    this.used += 1;
    if (this.used > this.max) throw nameError(NAME_ERROR_NAMES.lookup, NAME_MESSAGES.tooManyLookups(this.max));
  }
  /** Time left for gateways, in ms (0: none). */
  left(): number {
    return Math.max(0, this.deadline - Date.now());
  }
}

/**
 * `data` called on `to`, following OffchainLookups through allowed gateways (EIP-3668): the final
 * call's outcome (a plain revert stays a revert). Throws NameError for a refused or failed lookup.
 */
export async function callWithLookups(call: EthCall, to: string, data: string, policy: GatewayPolicy): Promise<CallResult> {
  const budget = new Budget(policy.maxLookups, policy.totalMs);
  let payload = data;
  for (;;) {
    const result = await call(to, payload);
    if (result.ok) return result;
    const lookup = readOffchainLookup(result.revert);
    if (!lookup) return result;
    if (lookup.sender.toLowerCase() !== to.toLowerCase()) throw nameError(NAME_ERROR_NAMES.lookup, NAME_MESSAGES.wrongSender(lookup.sender, to));
    let response: string;
    if (lookup.urls.includes(BATCH_GATEWAY_URL) && lookup.callData.toLowerCase().startsWith(BATCH_QUERY)) {
      response = await localBatchGateway(lookup.callData, policy, budget);
    } else {
      budget.take();
      response = await askGateway(lookup.sender, lookup.urls, lookup.callData, policy, budget);
    }
    payload = concat([lookup.callback, coder.encode(['bytes', 'bytes'], [response, lookup.extraData])]);
  }
}

/** ENSIP-21: each request asked in turn (same rules), answered as (bool[] failures, bytes[] responses). */
async function localBatchGateway(callData: string, policy: GatewayPolicy, budget: Budget): Promise<string> {
  let requests: Array<[string, string[], string]>;
  try {
    const [decoded] = coder.decode(['(address,string[],bytes)[]'], dataSlice(callData, 4));
    requests = [...(decoded as Array<[string, string[], string]>)].map(([sender, urls, data]) => [String(sender), [...urls].map(String), String(data)]);
  } catch {
    throw nameError(NAME_ERROR_NAMES.lookup, NAME_MESSAGES.malformedLookup);
  }
  const failures: boolean[] = [];
  const responses: string[] = [];
  for (const [sender, urls, data] of requests) {
    budget.take();
    try {
      responses.push(await askGateway(sender, urls, data, policy, budget));
      failures.push(false);
    } catch (error) {
      failures.push(true);
      const status = error instanceof GatewayHttpError ? error.status : undefined;
      const message = error instanceof Error ? error.message : 'lookup failed';
      responses.push(
        status !== undefined
          ? concat([HTTP_ERROR, coder.encode(['uint16', 'string'], [status, message])])
          : concat([ERROR_STRING, coder.encode(['string'], [message])]),
      );
    }
  }
  return coder.encode(['bool[]', 'bytes[]'], [failures, responses]);
}

class GatewayHttpError extends NameError {
  constructor(
    readonly status: number,
    origin: string,
  ) {
    super(nameError(NAME_ERROR_NAMES.gateway, NAME_MESSAGES.gateway(origin, `HTTP ${status}`)).error);
  }
}

/**
 * One lookup: the allowed URLs in order (a 5xx or a failure moves on to the next; a 4xx ends it, as
 * EIP-3668 says). Refused URLs are reported, never asked.
 */
async function askGateway(sender: string, urls: readonly string[], callData: string, policy: GatewayPolicy, budget: Budget): Promise<string> {
  let last: NameError | undefined;
  for (const template of urls.slice(0, 8)) {
    const origin = allowedOrigin(template, policy);
    if (!origin) {
      const shown = template.length > 200 ? `${template.slice(0, 200)}…` : template;
      policy.warn(`Walletdeck: a name was not shown: ${NAME_MESSAGES.gatewayNotAllowed(shown)} (see "Names" in README.md)`);
      last ??= nameError(NAME_ERROR_NAMES.gatewayNotAllowed, NAME_MESSAGES.gatewayNotAllowed(shown));
      continue;
    }
    const senderHex = sender.toLowerCase();
    const url = template.replace(/\{sender\}/g, senderHex).replace(/\{data\}/g, callData.toLowerCase());
    const init: RequestInit = template.includes('{data}')
      ? { method: 'GET', credentials: 'omit', redirect: 'error', referrerPolicy: 'no-referrer' }
      : {
          method: 'POST',
          credentials: 'omit',
          redirect: 'error',
          referrerPolicy: 'no-referrer',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: callData.toLowerCase(), sender: senderHex }),
        };
    const timeoutMs = Math.min(policy.timeoutMs, budget.left());
    if (timeoutMs === 0) throw nameError(NAME_ERROR_NAMES.gateway, NAME_MESSAGES.gateway(origin, `no time left of the ${policy.totalMs / 1000} s a name may take`));
    try {
      return await fetchAnswer(url, origin, init, { ...policy, timeoutMs });
    } catch (error) {
      if (error instanceof GatewayHttpError && error.status >= 400 && error.status < 500) throw error;
      last = error instanceof NameError ? error : nameError(NAME_ERROR_NAMES.gateway, NAME_MESSAGES.gateway(origin, 'unreachable'));
    }
  }
  throw last ?? nameError(NAME_ERROR_NAMES.gatewayNotAllowed, NAME_MESSAGES.gatewayNotAllowed('(none given)'));
}

async function fetchAnswer(url: string, origin: string, init: RequestInit, policy: GatewayPolicy): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.timeoutMs);
  const fail = (problem: string) => nameError(NAME_ERROR_NAMES.gateway, NAME_MESSAGES.gateway(origin, problem));
  try {
    let res: Response;
    try {
      res = await policy.fetch(url, { ...init, signal: controller.signal });
    } catch {
      throw fail(controller.signal.aborted ? `no answer within ${policy.timeoutMs / 1000} s` : 'unreachable');
    }
    if (!res.ok) {
      void res.body?.cancel().catch(() => undefined);
      throw new GatewayHttpError(res.status, origin);
    }
    const text = await readBodyWithin(res, policy.maxBytes, controller.signal).catch((error: unknown) => {
      throw error instanceof NameError ? error : fail(controller.signal.aborted ? `no answer within ${policy.timeoutMs / 1000} s` : 'the answer broke off');
    });
    if (text === undefined) throw fail(`answered more than ${Math.round(policy.maxBytes / 1024)} kB`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw fail('answered something that is not JSON');
    }
    const data = isObject(body) ? body['data'] : undefined;
    if (typeof data !== 'string' || !HEX.test(data)) throw fail('answered without hex data');
    return data;
  } finally {
    clearTimeout(timer);
  }
}
