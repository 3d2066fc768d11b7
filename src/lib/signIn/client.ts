// The sign-in backend's HTTP contract (server/siwe/README.md), as the page asks it: four requests, each
// with the browser's cookie (`credentials: 'include'`), bounded in time and in the size of its answer,
// and every answer read as hostile (docs/behaviour.md §13.6). What fails is plain data: "unreachable"
// (no answer, out of bounds, garbage, a 503: try again) or "refused" (the backend's own named refusal).
// In the `signin` chunk with the sign-in workflow (docs/architecture.md).
import { displayText } from '../displayText';
import { walletError, type WalletError } from '../errors';
import { isObject } from '../guards';
import { formatSeconds, readBodyWithin, type FetchFn } from '../rpc/transport';
import { checksumAddress, validateChainId } from '../validation';

/** docs/behaviour.md §9: one request to the sign-in backend, its answer's size. */
export const SIGN_IN_REQUEST_MS = 10_000;
export const SIGN_IN_MAX_ANSWER_BYTES = 64 * 1024;

export const SIGN_IN_ERROR_NAMES = {
  unreachable: 'SignInUnreachableError',
  sessionNotKept: 'SessionNotKeptError',
} as const;

export const SIGN_IN_MESSAGES = {
  unreachable: (problem: string) => `The sign-in backend could not be reached: ${problem}`,
  sessionNotKept:
    'The sign-in backend verified the signature, but this browser did not keep the session: the app and the backend must be the same site, and the browser must accept its cookie',
} as const;

/** A live sign-in of one address, as the backend answers it. */
export interface SessionAnswer {
  address: string;
  chainId: number;
  /** ISO 8601, in the future when it was read. */
  expiresAt: string;
}

export interface NonceAnswer {
  nonce: string;
  chainIds: number[];
  /** The deployer's statement, which the message must carry (one line). */
  statement?: string;
}

/** Why a request did not give what it should: the backend could not be used, or it said no. */
export class SignInFailure extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly error: WalletError,
  ) {
    super(error.message);
  }
}

export interface SignInClient {
  /** The live session of `address` in this browser, or undefined (401 `NotSignedIn`). */
  session(address: string): Promise<SessionAnswer | undefined>;
  nonce(): Promise<NonceAnswer>;
  /** Posts the signed message; the answer's address must be `address`. */
  verify(address: string, message: string, signature: string): Promise<SessionAnswer>;
  /** Signs `address` out in this browser (not an error when it had no session). */
  signOut(address: string): Promise<void>;
}

export interface SignInClientOptions {
  /** The backend's base URL (src/lib/signIn/settings.ts signInBaseUrl). */
  baseUrl: string;
  fetch: FetchFn;
  /** Milliseconds since the epoch: a session that ends before now is none. */
  now: () => number;
  timeoutMs?: number;
  maxAnswerBytes?: number;
}

const unreachable = (problem: string) => new SignInFailure('unreachable', walletError(SIGN_IN_ERROR_NAMES.unreachable, SIGN_IN_MESSAGES.unreachable(problem)));
const malformed = (route: string, what: string) => unreachable(`it answered ${route} with something the contract does not allow (${what})`);

const NONCE = /^[A-Za-z0-9]{8,128}$/;
const MAX_STATEMENT = 500;
const MAX_CHAIN_IDS = 100;
const NAME = /^[A-Za-z][A-Za-z0-9]{0,59}$/;

function isoTime(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.length <= 40 && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw) && Number.isFinite(Date.parse(raw)) ? raw : undefined;
}

function chainIdOf(raw: unknown): number | undefined {
  const checked = validateChainId(raw);
  return typeof raw === 'number' && checked.ok ? checked.value : undefined;
}

/** `{ address, chainId, expiresAt }` for `address`, or why not. */
function readSession(route: string, body: unknown, address: string): SessionAnswer {
  if (!isObject(body)) throw malformed(route, 'not an object');
  const answered = checksumAddress(body['address']);
  if (answered === undefined) throw malformed(route, 'no address');
  if (answered !== address) throw malformed(route, `the session of ${answered}, not of ${address}`);
  const chainId = chainIdOf(body['chainId']);
  if (chainId === undefined) throw malformed(route, 'no chain id');
  const expiresAt = isoTime(body['expiresAt']);
  if (expiresAt === undefined) throw malformed(route, 'no expiry time');
  return { address, chainId, expiresAt };
}

function readNonce(body: unknown): NonceAnswer {
  const route = 'GET /nonce';
  if (!isObject(body)) throw malformed(route, 'not an object');
  const nonce = body['nonce'];
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) throw malformed(route, 'no nonce of 8 to 128 letters and digits');
  const list = body['chainIds'];
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CHAIN_IDS) throw malformed(route, 'no list of chain ids');
  const chainIds = list.map(chainIdOf);
  if (chainIds.some((id) => id === undefined)) throw malformed(route, 'a chain id that is not one');
  const statement = body['statement'];
  if (statement === undefined || statement === null) return { nonce, chainIds: chainIds as number[] };
  // EIP-4361: one line; and it is shown in the wallet, so nothing that could make it read otherwise.
  if (typeof statement !== 'string' || statement.length > MAX_STATEMENT || displayText(statement, MAX_STATEMENT) !== statement) {
    throw malformed(route, 'a statement that is not one line of text');
  }
  return { nonce, chainIds: chainIds as number[], ...(statement !== '' ? { statement } : {}) };
}

/** A backend's refusal `{ name, message }` with its status, as plain data; a 503 is "try again". */
function refusal(route: string, status: number, body: unknown): SignInFailure {
  if (!isObject(body) || typeof body['name'] !== 'string' || !NAME.test(body['name']) || typeof body['message'] !== 'string') {
    return unreachable(`it answered ${route} with HTTP ${status}`);
  }
  const error = walletError(body['name'], displayText(body['message'], 300), status);
  return new SignInFailure(status === 503 ? 'unreachable' : 'refused', error);
}

function networkProblem(error: unknown): string {
  const message = isObject(error) && typeof error['message'] === 'string' ? displayText(error['message'], 120) : '';
  return message === '' ? 'no connection' : `no connection (${message})`;
}

export function createSignInClient(options: SignInClientOptions): SignInClient {
  const { baseUrl, now } = options;
  const timeoutMs = options.timeoutMs ?? SIGN_IN_REQUEST_MS;
  const maxBytes = options.maxAnswerBytes ?? SIGN_IN_MAX_ANSWER_BYTES;

  /** One request: its status and JSON body (undefined for 204), or a SignInFailure. */
  async function ask(method: 'GET' | 'POST', path: string, json?: unknown): Promise<{ status: number; body: unknown }> {
    const route = `${method} ${path.replace(/\?.*$/, '')}`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      let response: Response;
      let text: string | undefined;
      try {
        response = await options.fetch(`${baseUrl}${path}`, {
          method,
          credentials: 'include',
          ...(json !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) } : {}),
          signal: controller.signal,
        });
        text = await readBodyWithin(response, maxBytes, controller.signal);
      } catch (error) {
        throw unreachable(timedOut ? `no answer within ${formatSeconds(timeoutMs)}` : networkProblem(error));
      }
      if (text === undefined) {
        controller.abort();
        throw unreachable(`it answered ${route} with more than ${Math.round(maxBytes / 1024)} kB`);
      }
      if (response.status === 204 && text === '') return { status: 204, body: undefined };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw unreachable(`it answered ${route} with something that is not JSON (HTTP ${response.status})`);
      }
      if (response.status !== 200) throw refusal(route, response.status, body);
      return { status: 200, body };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A session that has already ended is none, whatever the backend says. */
  const live = (session: SessionAnswer): SessionAnswer | undefined => (Date.parse(session.expiresAt) > now() ? session : undefined);

  return {
    async session(address) {
      try {
        const { body } = await ask('GET', `/session?address=${encodeURIComponent(address)}`);
        return live(readSession('GET /session', body, address));
      } catch (error) {
        if (error instanceof SignInFailure && error.kind === 'refused' && error.error.name === 'NotSignedIn') return undefined;
        throw error;
      }
    },
    async nonce() {
      return readNonce((await ask('GET', '/nonce')).body);
    },
    async verify(address, message, signature) {
      const session = readSession('POST /verify', (await ask('POST', '/verify', { message, signature })).body, address);
      const kept = live(session);
      if (!kept) throw malformed('POST /verify', 'a session that has already ended');
      return kept;
    },
    async signOut(address) {
      await ask('POST', '/signout', { address });
    },
  };
}
