// Endpoint selection (docs/behaviour.md §5.2): probe every URL, use the first that answers the right chain,
// never a wrong-chain one, fail over without the user noticing, and keep JSON-RPC errors typed.
import type { ChainInfo, ChainTable } from '../../src/lib/chains';
import { createRpcRuntime, RpcError, type RpcOptions } from '../../src/lib/rpc';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { closeAll, deadUrl, startServer, type Behaviour, type TestServer } from './servers';
import { setUp, startAll, tearDown } from '../support/lifecycle';
import { isSettled, until, useFakeClock } from '../support/wait';

let anvil: Anvil; // the chain under test, 31337
let otherChain: Anvil; // a real node of another chain (5)
const open: TestServer[] = [];

setUp(async () => {
  [anvil, otherChain] = await startAll([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 5 })]);
});
// Timeouts fire only when a test moves the clock: a slow answer is never a timed-out one.
beforeEach(useFakeClock);
afterEach(async () => {
  jest.useRealTimers();
  await closeAll(open.splice(0));
});
tearDown(() => [anvil, otherChain]);

async function server(behaviour: Behaviour): Promise<TestServer> {
  const s = await startServer(behaviour);
  open.push(s);
  return s;
}
const healthy = () => server({ kind: 'forward', to: anvil.url });
/** A healthy endpoint that keeps its answers back until `release()`: the slow one, without a delay. */
async function held(behaviour: Behaviour = { kind: 'forward', to: anvil.url }): Promise<TestServer> {
  const s = await server(behaviour);
  s.hold();
  return s;
}

function runtimeFor(urls: string[], options: RpcOptions = {}) {
  const chain: ChainInfo = { id: 31337, name: 'Test chain', rpcUrls: urls, icon: '' };
  const chains: ChainTable = { 31337: chain, 1: { id: 1, name: 'No-URL chain', rpcUrls: [], icon: '' } };
  const runtime = createRpcRuntime(chains, options);
  return { runtime, client: runtime.client(31337) };
}

async function rejection(promise: Promise<unknown>): Promise<RpcError['error']> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcError) return error.error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const waitFor = (check: () => boolean) => until(check);
const stateOf = (client: ReturnType<typeof runtimeFor>['client'], url: string) => client.status().endpoints.find((e) => e.url === url)?.state;

describe('choosing an endpoint', () => {
  it('probes every URL in parallel and uses the first to answer the right chain id', async () => {
    const dead = await deadUrl();
    const slow = await held();
    const fast = await healthy();
    const { client } = runtimeFor([dead, slow.url, fast.url]);
    // Answered while the slow endpoint still holds its answer: it did not wait for it (speed itself
    // is measured by npm run bench:rpc).
    expect(await client.request('eth_chainId')).toBe('0x7a69');
    await waitFor(() => slow.requests.length === 1);
    expect(stateOf(client, slow.url)).toBe('probing');
    // The probe carried the call: one request, eth_chainId first in the batch.
    expect(fast.requests).toHaveLength(1);
    expect(fast.methods()).toEqual(['eth_chainId', 'eth_chainId']);
    const status = client.status();
    expect(status.inUse).toBe(fast.url);
    expect(status.endpoints.find((e) => e.url === dead)).toMatchObject({ state: 'failed', problem: 'unreachable (ECONNREFUSED)' });
    expect(status.endpoints.find((e) => e.url === fast.url)).toMatchObject({ state: 'ok', latencyMs: expect.any(Number) });
    // The slow one is kept as a good spare once it answers.
    slow.release();
    await waitFor(() => stateOf(client, slow.url) === 'ok');
    expect(slow.requests).toHaveLength(1);
  });

  it('never uses an endpoint that answers another chain id, even the fastest, and says so', async () => {
    const wrong = await server({ kind: 'forward', to: otherChain.url });
    const right = await held();
    const { client } = runtimeFor([wrong.url, right.url]);
    const balance = client.request('eth_getBalance', [TEST_ACCOUNTS[0].address, 'latest']);
    // The wrong chain answers first.
    await waitFor(() => stateOf(client, wrong.url) === 'wrongChain');
    right.release();
    expect(await balance).toMatch(/^0x/);
    expect(right.methods()).toEqual(['eth_chainId', 'eth_getBalance']);
    expect(right.requests).toHaveLength(1);
    expect(client.status().endpoints.find((e) => e.url === wrong.url)).toEqual({
      url: wrong.url,
      state: 'wrongChain',
      answeredChainId: 5,
      problem: 'answered chain id 5 instead of 31337',
    });
    // Even with the right endpoint gone, the wrong chain is not used.
    right.behave({ kind: 'status', status: 500 });
    const error = await rejection(client.request('eth_blockNumber'));
    expect(error.name).toBe('EndpointsUnavailableError');
    // Its one answer (to the probe and the call it carried) was discarded; it is never asked again.
    expect(wrong.requests).toHaveLength(1);
  });

  it('a probe waits at most the per-URL timeout (configurable; default 3 s)', async () => {
    const hung = await server({ kind: 'hang' });
    const fast = await healthy();
    const { client } = runtimeFor([hung.url, fast.url], { timeoutMs: 1000 });
    expect(await client.request('eth_chainId')).toBe('0x7a69');
    await waitFor(() => hung.requests.length === 1);
    await jest.advanceTimersByTimeAsync(999);
    expect(stateOf(client, hung.url)).toBe('probing');
    await jest.advanceTimersByTimeAsync(1);
    await waitFor(() => stateOf(client, hung.url) === 'failed');
    expect(client.status().endpoints[0]?.problem).toBe('timed out after 1 s');
  });

  it('by default gives up on a silent endpoint after 3 s', async () => {
    const hung = await server({ kind: 'hang' });
    const { client } = runtimeFor([hung.url]);
    const failure = rejection(client.request('eth_chainId'));
    await waitFor(() => hung.requests.length === 1);
    await jest.advanceTimersByTimeAsync(2_999);
    expect(await isSettled(failure)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect((await failure).message).toContain('timed out after 3 s');
  });

  it('a chain with no URLs gives a clear error and sends nothing', async () => {
    const { runtime } = runtimeFor([]);
    const error = await rejection(runtime.client(1).request('eth_blockNumber'));
    expect(error).toEqual({ name: 'NoUrlsError', message: 'No-URL chain has no RPC endpoint configured' });
    expect(runtime.client(1).status().error).toEqual(error);
  });

  it('a chain that is not in the table is an error, not a crash', () => {
    const { runtime } = runtimeFor([]);
    expect(() => runtime.client(999)).toThrow('Chain 999 is not in the chain table');
  });

  it('when no endpoint works the error names each one and what went wrong', async () => {
    const dead = await deadUrl();
    const failing = await server({ kind: 'status', status: 502 });
    const { client } = runtimeFor([dead, failing.url]);
    const error = await rejection(client.request('eth_blockNumber'));
    expect(error.name).toBe('EndpointsUnavailableError');
    expect(error.message).toBe(`No RPC endpoint of Test chain is answering (${dead}: unreachable (ECONNREFUSED); ${failing.url}: server error (HTTP 502))`);
    expect(client.status().error).toEqual(error);
    expect(client.status().inUse).toBeUndefined();
  });

  it('endpoints that failed are tried again later, and the status clears once one works', async () => {
    const flaky = await server({ kind: 'status', status: 500 });
    const { client } = runtimeFor([flaky.url], { retryAfterMs: 0 });
    expect((await rejection(client.request('eth_chainId'))).name).toBe('EndpointsUnavailableError');
    flaky.behave({ kind: 'forward', to: anvil.url });
    expect(await client.request('eth_chainId')).toBe('0x7a69');
    expect(client.status()).toMatchObject({ inUse: flaky.url });
    expect(client.status().error).toBeUndefined();
  });
});

describe('failover: the next good endpoint takes over without an error', () => {
  const breakages: Array<[string, Behaviour | 'closed', unknown]> = [
    ['HTTP 500', { kind: 'status', status: 500 }, 'server error (HTTP 500)'],
    ['HTTP 429', { kind: 'status', status: 429, body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"rate limited"}}' }, 'rate limited (HTTP 429)'],
    ['malformed JSON', { kind: 'status', status: 200, body: '<html>' }, 'answered malformed JSON'],
    ['a timeout', { kind: 'hang' }, 'timed out after 1.5 s'],
    // Refused, or the kept-alive socket found closed: both are the endpoint gone.
    ['a network error', 'closed', expect.stringMatching(/^unreachable \((ECONNREFUSED|UND_ERR_SOCKET)\)$/)],
  ];
  it.each(breakages)('after %s', async (_what, breakage, problem) => {
    const first = await healthy();
    const second = await held();
    const { client } = runtimeFor([first.url, second.url], { timeoutMs: 1500 });
    expect(await client.request('eth_chainId')).toBe('0x7a69');
    expect(client.status().inUse).toBe(first.url);
    second.release();
    await waitFor(() => client.status().endpoints[1]?.state === 'ok');

    if (breakage === 'closed') await first.close();
    else first.behave(breakage);
    const asked = client.request('eth_blockNumber');
    if (breakage !== 'closed' && breakage.kind === 'hang') {
      await waitFor(() => first.requests.length === 2);
      await jest.advanceTimersByTimeAsync(1500);
    }
    const block = await asked;
    expect(block).toMatch(/^0x[0-9a-f]+$/);
    expect(second.methods()).toContain('eth_blockNumber');
    const status = client.status();
    expect(status.inUse).toBe(second.url);
    expect(status.endpoints[0]).toMatchObject({ url: first.url, state: 'failed', problem });
  });

  it('probes again an endpoint that failed earlier when the one in use fails', async () => {
    const first = await healthy();
    const spare = await server({ kind: 'status', status: 500 });
    const { client } = runtimeFor([first.url, spare.url], { retryAfterMs: 0 });
    await client.request('eth_chainId');
    await waitFor(() => client.status().endpoints[1]?.state === 'failed');
    spare.behave({ kind: 'forward', to: anvil.url });
    first.behave({ kind: 'status', status: 503 });
    expect(await client.request('eth_blockNumber')).toMatch(/^0x/);
    expect(client.status().inUse).toBe(spare.url);
    // Probed again, with the waiting call in the same batch.
    expect(spare.requests[spare.requests.length - 1]).toMatchObject([{ method: 'eth_chainId' }, { method: 'eth_blockNumber' }]);
  });
});

describe('JSON-RPC errors from a healthy endpoint', () => {
  it('are typed errors for the caller and are not retried elsewhere', async () => {
    const first = await healthy();
    const second = await held();
    const { client } = runtimeFor([first.url, second.url]);
    await client.request('eth_chainId');
    second.release();
    await waitFor(() => client.status().endpoints[1]?.state === 'ok');
    const error = await rejection(client.request('eth_getBalance', ['not-an-address', 'latest']));
    expect(error).toMatchObject({ name: 'InvalidParamsError', code: -32602, message: 'Invalid method parameter(s).' });
    expect(second.methods()).not.toContain('eth_getBalance');
    expect(client.status().inUse).toBe(first.url);
    expect(client.status().endpoints[0]?.state).toBe('ok');
  });
});

describe('batching', () => {
  it('calls made together travel as one HTTP request, with the probe', async () => {
    const s = await healthy();
    const { client } = runtimeFor([s.url]);
    const results = await Promise.all([
      client.request('eth_blockNumber'),
      ...TEST_ACCOUNTS.map((a) => client.request('eth_getBalance', [a.address, 'latest'])),
    ]);
    expect(results).toHaveLength(4);
    expect(s.requests).toHaveLength(1);
    expect(s.methods()).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'eth_getBalance', 'eth_getBalance']);
  });

  it('a call made while the first probe is under way leaves at once, with its own chain-id check', async () => {
    // A returning user: the block number's probe is on its way when the wallet names the account.
    const s = await held();
    const { client } = runtimeFor([s.url]);
    let blockAnswered = false;
    const block = client.request('eth_blockNumber').then((b) => ((blockAnswered = true), b));
    await waitFor(() => s.requests.length === 1);
    const balance = client.request('eth_getBalance', [TEST_ACCOUNTS[0]?.address, 'latest']);
    // It did not queue behind the first round trip: it arrives while the first is held.
    await waitFor(() => s.requests.length === 2);
    expect(blockAnswered).toBe(false);
    s.release();
    expect(s.requests[1]).toEqual([expect.objectContaining({ method: 'eth_chainId' }), expect.objectContaining({ method: 'eth_getBalance' })]);
    expect(await Promise.all([block, balance])).toEqual([expect.stringMatching(/^0x/), '0x21e19e0c9bab2400000']);
    expect(client.status().inUse).toBe(s.url);
    // Once chosen, the endpoint is asked without a probe.
    await client.request('eth_blockNumber');
    expect(s.requests[2]).toMatchObject({ method: 'eth_blockNumber' });
  });

  it('a call that rode along with a probe of a wrong-chain endpoint is not answered from it', async () => {
    const wrong = await held({ kind: 'forward', to: otherChain.url });
    const right = await held();
    const { client } = runtimeFor([wrong.url, right.url]);
    const first = client.request('eth_blockNumber');
    await waitFor(() => wrong.requests.length === 1 && right.requests.length === 1);
    const second = client.request('eth_chainId');
    // The wrong chain answers first, the right one after it.
    wrong.release();
    await waitFor(() => stateOf(client, wrong.url) === 'wrongChain');
    right.release();
    expect(await Promise.all([first, second])).toEqual([expect.stringMatching(/^0x/), '0x7a69']);
    expect(client.status().endpoints.find((e) => e.url === wrong.url)).toMatchObject({ state: 'wrongChain', answeredChainId: 5 });
    expect(client.status().inUse).toBe(right.url);
  });

  it('a JSON-RPC error in a batch fails only its own call', async () => {
    const s = await healthy();
    const { client } = runtimeFor([s.url]);
    await client.request('eth_chainId');
    const before = s.requests.length;
    const [good, bad] = await Promise.allSettled([client.request('eth_blockNumber'), client.request('eth_noSuchMethod')]);
    expect(good.status).toBe('fulfilled');
    expect(bad.status === 'rejected' && bad.reason instanceof RpcError && bad.reason.error.code).toBe(-32601);
    expect(s.requests.length - before).toBe(1);
  });

  it('splits batches above the size limit', async () => {
    const s = await healthy();
    const { client } = runtimeFor([s.url], { maxBatchSize: 4 });
    await client.request('eth_chainId');
    const before = s.requests.length;
    await Promise.all(Array.from({ length: 10 }, () => client.request('eth_blockNumber')));
    expect(s.requests.slice(before).map((r) => (Array.isArray(r) ? r.length : 1))).toEqual([4, 4, 2]);
  });
});
