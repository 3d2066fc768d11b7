// Untrusted endpoint answers (docs/behaviour.md §5.3): an answer too large, a batch whose ids do not match
// the request, a block number or balance that cannot be shown exactly is a malformed answer. The
// endpoint fails over to the next; nothing wrong reaches the store; nothing freezes. Real anvil
// nodes and misbehaving local HTTP servers, no fetch mocks.
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime, isResultOf, parseQuantity, parseSafeInteger, type RpcOptions } from '../../src/lib/rpc';
import { EndpointFailure } from '../../src/lib/rpc/errors';
import { postJsonRpc, type FetchFn } from '../../src/lib/rpc/transport';
import { chainApi } from '../../store/chainApi';
import { rpcApi } from '../../store/rpcApi';
import type { AppStore } from '../../store/types';
import { setupStore } from '../../store/setupStore';
import { rpc, startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, tearDown, WAIT_MS } from '../support/lifecycle';
import { closeAll, startServer, type Behaviour, type TestServer } from './servers';

const [alice] = TEST_ACCOUNTS;
const realFetch: FetchFn = (url, init) => fetch(url, init);

let anvil: Anvil;
const open: TestServer[] = [];
const stores: AppStore[] = [];

setUp(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.dispatch(rpcApi.util.resetApiState());
  await closeAll(open.splice(0));
});
tearDown(() => [anvil]);

async function server(behaviour: Behaviour): Promise<TestServer> {
  const s = await startServer(behaviour);
  open.push(s);
  return s;
}

/**
 * A hostile endpoint listed first, then a healthy one that holds its answers until the hostile one
 * has been judged broken: the hostile answer is always the one judged first, however slow it is.
 */
async function hostileThenHealthy(hostile: Behaviour, options: RpcOptions = {}) {
  const bad = await server(hostile);
  const good = await server({ kind: 'forward', to: anvil.url });
  good.hold();
  const chains: ChainTable = { 31337: { id: 31337, name: 'Local', rpcUrls: [bad.url, good.url], icon: '' } };
  // The timeout is not the subject here: only a hang guard.
  const runtime = createRpcRuntime(chains, { timeoutMs: WAIT_MS, ...options });
  const store = setupStore(undefined, { rpc: runtime });
  stores.push(store);
  const problem = () => runtime.client(31337).status().endpoints[0]?.problem;
  runtime.client(31337).pool.subscribe(() => {
    if (problem() !== undefined) good.release();
  });
  return { bad, good, store, runtime, problem };
}

/** Answers eth_chainId truthfully and `result` to everything else. */
const answering = (result: unknown): Behaviour => ({ kind: 'script', answer: (method) => ({ result: method === 'eth_chainId' ? '0x7a69' : result }) });

async function failure(url: string, calls = [{ method: 'eth_chainId', params: [] as unknown[] }]): Promise<string> {
  try {
    await postJsonRpc(realFetch, url, calls, { timeoutMs: WAIT_MS });
  } catch (error) {
    if (error instanceof EndpointFailure) return error.problem;
    throw error;
  }
  throw new Error('expected an endpoint failure');
}

describe('an answer larger than the bound is abandoned, and the endpoint fails over', () => {
  it('a 50 MB block number is not read to the end', async () => {
    const { bad, store, problem } = await hostileThenHealthy({
      kind: 'stream',
      prefix: '[{"jsonrpc":"2.0","id":1,"result":"0x7a69"},{"jsonrpc":"2.0","id":2,"result":"0x',
      fill: 'a',
      totalBytes: 50_000_000,
    });
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(result.data).toBe(Number(BigInt(await rpc<string>(anvil.url, 'eth_blockNumber'))));
    expect(problem()).toBe('answered more than 512 kB');
    // The download stopped near the bound (socket buffers aside), far from 50 MB.
    expect(bad.streamedBytes()).toBeLessThan(10_000_000);
  });

  it('the bound is configurable', async () => {
    const big = await server({ kind: 'forward', to: anvil.url });
    const calls = Array.from({ length: 40 }, () => ({ method: 'eth_getBalance', params: [alice.address, 'latest'] }));
    await expect(postJsonRpc(realFetch, big.url, calls, { timeoutMs: WAIT_MS, maxAnswerBytes: 1_000 })).rejects.toThrow('answered more than 1 kB');
    expect(await postJsonRpc(realFetch, big.url, calls, { timeoutMs: WAIT_MS })).toHaveLength(40);
  });
});

describe('numbers that cannot be shown exactly are malformed answers', () => {
  it.each([
    ['300 hex digits', `0x${'f'.repeat(300)}`],
    ['24 hex digits', `0x${'f'.repeat(24)}`],
    ['2^53', '0x20000000000000'],
    ['not hex', '0xzz'],
    ['a number, not a string', 12],
  ])('a block number of %s: the next endpoint is used', async (_case, answer) => {
    const { store, problem } = await hostileThenHealthy(answering(answer));
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(Number.isSafeInteger(result.data)).toBe(true);
    expect(result.data).toBe(Number(BigInt(await rpc<string>(anvil.url, 'eth_blockNumber'))));
    expect(problem()).toBe('answered a malformed result for eth_blockNumber');
  });

  it.each([
    ['2^256', `0x1${'0'.repeat(64)}`],
    ['65 hex digits of leading zeros and more', `0x${'0'.repeat(65)}1`],
  ])('a balance of %s: the next endpoint is used', async (_case, answer) => {
    const { store, problem } = await hostileThenHealthy(answering(answer));
    const result = await store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice.address }));
    expect(result.data).toBe(BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [alice.address, 'latest'])).toString());
    expect(problem()).toBe('answered a malformed result for eth_getBalance');
  });

  it('the largest values that fit are accepted', () => {
    expect(parseSafeInteger('0x1fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseSafeInteger('0x20000000000000')).toBeUndefined();
    expect(parseQuantity(`0x${'f'.repeat(64)}`)).toBe(2n ** 256n - 1n);
    expect(parseQuantity(`0x1${'0'.repeat(64)}`)).toBeUndefined();
    expect(isResultOf('data', '0x')).toBe(true);
    expect(isResultOf('data', '0xabc')).toBe(false);
  });

  it('an endpoint that turns hostile after being chosen is replaced for the next read', async () => {
    const { bad, store, problem } = await hostileThenHealthy({ kind: 'forward', to: anvil.url });
    await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337, { subscribe: false }));
    bad.behave(answering(`0x${'f'.repeat(300)}`));
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337, { subscribe: false, forceRefetch: true }));
    expect(Number.isSafeInteger(result.data)).toBe(true);
    expect(problem()).toBe('answered a malformed result for eth_blockNumber');
  });
});

describe('a batch answer must hold exactly one answer per id asked', () => {
  const two = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_blockNumber', params: [] },
  ];
  type Call = { id: number; method: string };
  const ok = (c: Call, result = '0x1') => ({ jsonrpc: '2.0', id: c.id, result });

  it.each<[string, (calls: Call[]) => unknown, RegExp]>([
    ['a duplicate (identical) answer', (calls) => [...calls.map((c) => ok(c)), ok(calls[0]!)], /^answered a malformed batch \(id \d+ answered twice\)$/],
    ['conflicting answers for one id', (calls) => [ok(calls[0]!, '0x1'), ok(calls[0]!, '0x2'), ok(calls[1]!)], /^answered a malformed batch \(id \d+ answered twice\)$/],
    ['a missing answer', (calls) => [ok(calls[0]!)], /^answered a malformed batch \(no answer for id \d+\)$/],
    ['an answer to an id never asked', (calls) => [ok(calls[0]!), ok({ ...calls[1]!, id: 999_999_999 })], /^answered a malformed batch \(an answer with id 999999999 that was not asked\)$/],
    ['a string id', (calls) => [ok(calls[0]!), { ...ok(calls[1]!), id: String(calls[1]!.id) }], /^answered a malformed batch \(an answer with id "\d+" that was not asked\)$/],
  ])('%s', async (_case, reply, problem) => {
    const s = await server({ kind: 'raw', reply });
    expect(await failure(s.url, two)).toMatch(problem);
  });

  it('conflicting ids make the endpoint fail over; the healthy one answers', async () => {
    const { store, problem } = await hostileThenHealthy({
      kind: 'raw',
      reply: (calls) => [...calls.map((c) => ok(c, c.method === 'eth_chainId' ? '0x7a69' : '0x5')), ...calls.map((c) => ok(c, '0x6'))],
    });
    const block = store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    const balance = store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice.address }));
    const [b, a] = await Promise.all([block, balance]);
    expect(b.data).toBe(Number(BigInt(await rpc<string>(anvil.url, 'eth_blockNumber'))));
    expect(a.data).toBe(BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [alice.address, 'latest'])).toString());
    expect(problem()).toMatch(/answered twice/);
  });
});
