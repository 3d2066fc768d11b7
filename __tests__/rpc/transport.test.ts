// One JSON-RPC POST: what counts as "this endpoint is broken" (try another) and what is an answer.
import { postJsonRpc, type FetchFn } from '../../src/lib/rpc/transport';
import { EndpointFailure } from '../../src/lib/rpc/errors';
import { startAnvil, type Anvil } from '../support/anvil';
import { closeAll, deadUrl, startServer, type TestServer } from './servers';

const realFetch: FetchFn = (url, init) => fetch(url, init);
const chainId = { method: 'eth_chainId', params: [] };

let anvil: Anvil;
const servers: TestServer[] = [];
async function server(...args: Parameters<typeof startServer>) {
  const s = await startServer(...args);
  servers.push(s);
  return s;
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
afterAll(() => closeAll([anvil, ...servers]));

async function failure(url: string, timeoutMs = 2_000, calls = [chainId]): Promise<string> {
  try {
    await postJsonRpc(realFetch, url, calls, { timeoutMs });
  } catch (error) {
    if (error instanceof EndpointFailure) return error.problem;
    throw error;
  }
  throw new Error('expected an endpoint failure');
}

describe('answers', () => {
  it('a single call is sent as one object and returns its result', async () => {
    const s = await server({ kind: 'forward', to: anvil.url });
    expect(await postJsonRpc(realFetch, s.url, [chainId], { timeoutMs: 2_000 })).toEqual([{ ok: true, result: '0x7a69' }]);
    expect(Array.isArray(s.requests[0])).toBe(false);
  });

  it('several calls go as one batch and each gets its own outcome, JSON-RPC errors included', async () => {
    const s = await server({ kind: 'forward', to: anvil.url });
    const outcomes = await postJsonRpc(realFetch, s.url, [chainId, { method: 'eth_noSuchMethod', params: [] }, { method: 'eth_blockNumber', params: [] }], { timeoutMs: 2_000 });
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
    const [outcome] = await postJsonRpc(realFetch, s.url, [chainId], { timeoutMs: 2_000 });
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
    expect(await failure(s.url, 2_000, [chainId, chainId])).toBe('does not accept batch requests');
    s.behave({ kind: 'json', body: [] });
    expect(await failure(s.url, 2_000, [chainId, chainId])).toBe('answered something that is not JSON-RPC');
  });

  it('other HTTP errors without a JSON-RPC body (e.g. 403 for a bad key)', async () => {
    const s = await server({ kind: 'status', status: 403, body: 'forbidden' });
    expect(await failure(s.url)).toBe('HTTP 403');
  });

  it('no answer within the timeout', async () => {
    const s = await server({ kind: 'hang' });
    const started = Date.now();
    expect(await failure(s.url, 300)).toBe('timed out after 0.3 s');
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
