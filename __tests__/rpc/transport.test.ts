// One JSON-RPC POST: what counts as "this endpoint is broken" (try another) and what is an answer.
import { postJsonRpc, type FetchFn } from '../../src/lib/rpc/transport';
import { EndpointFailure } from '../../src/lib/rpc/errors';
import { startAnvil, type Anvil } from '../support/anvil';
import { setUp, tearDown, WAIT_MS } from '../support/lifecycle';
import { isSettled, until, useFakeClock } from '../support/wait';
import { deadUrl, startServer, type TestServer } from './servers';

const realFetch: FetchFn = (url, init) => fetch(url, init);
const chainId = { method: 'eth_chainId', params: [] };
// Where the timeout is not the subject it is only a hang guard: a slow answer is still an answer.
const timeoutMs = WAIT_MS;

let anvil: Anvil;
const servers: TestServer[] = [];
async function server(...args: Parameters<typeof startServer>) {
  const s = await startServer(...args);
  servers.push(s);
  return s;
}

setUp(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
tearDown(() => [anvil, ...servers]);

async function failure(url: string, timeout = timeoutMs, calls = [chainId]): Promise<string> {
  try {
    await postJsonRpc(realFetch, url, calls, { timeoutMs: timeout });
  } catch (error) {
    if (error instanceof EndpointFailure) return error.problem;
    throw error;
  }
  throw new Error('expected an endpoint failure');
}

describe('answers', () => {
  it('a single call is sent as one object and returns its result', async () => {
    const s = await server({ kind: 'forward', to: anvil.url });
    expect(await postJsonRpc(realFetch, s.url, [chainId], { timeoutMs })).toEqual([{ ok: true, result: '0x7a69' }]);
    expect(Array.isArray(s.requests[0])).toBe(false);
  });

  it('several calls go as one batch and each gets its own outcome, JSON-RPC errors included', async () => {
    const s = await server({ kind: 'forward', to: anvil.url });
    const outcomes = await postJsonRpc(realFetch, s.url, [chainId, { method: 'eth_noSuchMethod', params: [] }, { method: 'eth_blockNumber', params: [] }], { timeoutMs });
    expect(s.requests).toHaveLength(1);
    expect(outcomes[0]).toEqual({ ok: true, result: '0x7a69' });
    expect(outcomes[1]).toEqual({
      ok: false,
      error: { name: 'MethodNotFoundError', code: -32601, message: 'The method does not exist / is not available.', walletMessage: 'Method not found' },
    });
    expect(outcomes[2]).toMatchObject({ ok: true, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
  });

  it('a JSON-RPC error sent with HTTP 400 is still an answer, not a broken endpoint', async () => {
    const s = await server({ kind: 'status', status: 400, body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'bad params' } }) });
    const [outcome] = await postJsonRpc(realFetch, s.url, [chainId], { timeoutMs });
    expect(outcome).toEqual({ ok: false, error: expect.objectContaining({ code: -32602, message: 'Invalid method parameter(s).' }) });
  });
});

describe('broken endpoints', () => {
  it('nothing listening', async () => {
    expect(await failure(await deadUrl())).toBe('unreachable (ECONNREFUSED)');
  });

  it('rate limited (429), even with a JSON-RPC body', async () => {
    const s = await server({ kind: 'status', status: 429, body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'slow down' } }) });
    expect(await failure(s.url)).toBe('rate limited (HTTP 429)');
  });

  it('server errors (5xx)', async () => {
    const s = await server({ kind: 'status', status: 500, body: 'oops' });
    expect(await failure(s.url)).toBe('server error (HTTP 500)');
    s.behave({ kind: 'status', status: 503 });
    expect(await failure(s.url)).toBe('server error (HTTP 503)');
  });

  it('malformed JSON', async () => {
    const s = await server({ kind: 'status', status: 200, body: '{"jsonrpc":"2.0","id":1,"resu' });
    expect(await failure(s.url)).toBe('answered malformed JSON');
  });

  it('JSON that is not a JSON-RPC answer, or an answer to another request', async () => {
    const s = await server({ kind: 'json', body: { hello: 'world' } });
    expect(await failure(s.url)).toBe('answered something that is not JSON-RPC');
    s.behave({ kind: 'json', body: { jsonrpc: '2.0', id: 999_999_999, result: '0x1' } });
    expect(await failure(s.url)).toBe('answered something that is not JSON-RPC');
  });

  it('a batch answered by a single object, or with answers missing', async () => {
    const s = await server({ kind: 'json', body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch not allowed' } } });
    expect(await failure(s.url, timeoutMs, [chainId, chainId])).toBe('does not accept batch requests');
    s.behave({ kind: 'json', body: [] });
    expect(await failure(s.url, timeoutMs, [chainId, chainId])).toBe('answered something that is not JSON-RPC');
  });

  it('other HTTP errors without a JSON-RPC body (e.g. 403 for a bad key)', async () => {
    const s = await server({ kind: 'status', status: 403, body: 'forbidden' });
    expect(await failure(s.url)).toBe('HTTP 403');
  });

  it('no answer within the timeout', async () => {
    const s = await server({ kind: 'hang' });
    // The clock moves only when the test says: the timeout fires at 300 ms, neither before nor never.
    useFakeClock();
    try {
      const failed = failure(s.url, 300);
      await until(() => s.requests.length === 1, { what: 'the request' });
      await jest.advanceTimersByTimeAsync(299);
      expect(await isSettled(failed)).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await failed).toBe('timed out after 0.3 s');
    } finally {
      jest.useRealTimers();
    }
  });
});
