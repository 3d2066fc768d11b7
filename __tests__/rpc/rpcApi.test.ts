// The RTK Query layer: one createApi whose base query never throws, endpoints keyed by chain and
// account, balances refreshed by new blocks, and as few HTTP requests as a first paint allows.
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime, type RpcOptions } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { networkStatusApi } from '../../store/networkStatusApi';
import { rpcApi } from '../../store/rpcApi';
import type { AppStore } from '../../store/types';
import { setupStore } from '../../store/setupStore';
import { rpc, startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { closeAll, deadUrl, startServer, type Behaviour, type TestServer } from './servers';
import { setUp, startAll, tearDown, WAIT_MS } from '../support/lifecycle';
import { until } from '../support/wait';

const [alice, bob] = TEST_ACCOUNTS;
const TEN_THOUSAND_ETH = (10_000n * 10n ** 18n).toString();

let anvil: Anvil;
let chain5: Anvil;
const open: TestServer[] = [];
const stores: AppStore[] = [];

setUp(async () => {
  [anvil, chain5] = await startAll([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 5 })]);
});
afterEach(async () => {
  // Clears RTK Query's cache timers, so nothing outlives the test.
  for (const store of stores.splice(0)) store.dispatch(rpcApi.util.resetApiState());
  await closeAll(open.splice(0));
});
tearDown(() => [anvil, chain5]);

async function server(behaviour: Behaviour): Promise<TestServer> {
  const s = await startServer(behaviour);
  open.push(s);
  return s;
}

function table(urls: string[], urls5: string[] = [chain5.url]): ChainTable {
  return {
    31337: { id: 31337, name: 'Local', rpcUrls: urls, icon: '' },
    5: { id: 5, name: 'Goerli', rpcUrls: urls5, icon: '' },
    1: { id: 1, name: 'Mainnet', rpcUrls: [], icon: '' },
  };
}

function storeWith(chains: ChainTable, options: RpcOptions = {}) {
  // No test here is about the timeout: it is only a hang guard.
  const store = setupStore(undefined, { rpc: createRpcRuntime(chains, { timeoutMs: WAIT_MS, ...options }) });
  stores.push(store);
  return store;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const address = (i: number) => `0x${(0xa11ce000 + i).toString(16).padStart(40, '0')}`;


describe('first paint', () => {
  it.each([1, 10, 50])('the block number and %i balances take one HTTP request (the probe carries the batch)', async (n) => {
    const endpoint = await server({ kind: 'forward', to: anvil.url });
    const store = storeWith(table([endpoint.url]));
    const addresses = [alice.address, ...Array.from({ length: n - 1 }, (_, i) => address(i))];
    const block = store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    const balances = addresses.map((a) => store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: a })));
    const results = await Promise.all([block, ...balances]);
    expect(results.every((r) => r.isSuccess)).toBe(true);
    expect(results[1]?.data).toBe(TEN_THOUSAND_ETH);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.methods().filter((m) => m === 'eth_getBalance')).toHaveLength(n);
  });
});

describe('the base query never throws; errors are plain { name, code?, message }', () => {
  it('a JSON-RPC error from the endpoint', async () => {
    const endpoint = await server({
      kind: 'script',
      answer: (method) => (method === 'eth_chainId' ? { result: '0x7a69' } : { error: { code: -32005, message: 'daily limit reached' } }),
    });
    const store = storeWith(table([endpoint.url]));
    const result = await store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice.address }));
    const expected = { name: 'LimitExceededError', code: -32005, message: 'Request limit exceeded.', walletMessage: 'daily limit reached' };
    expect(result.error).toEqual(expected);
    const state = store.getState();
    expect(plain(state.rpc)).toEqual(state.rpc);
  });

  it('an endpoint answering nonsense for a block number is a broken endpoint', async () => {
    const endpoint = await server({ kind: 'script', answer: (method) => ({ result: method === 'eth_chainId' ? '0x7a69' : 'banana' }) });
    const store = storeWith(table([endpoint.url]));
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(result.error).toEqual({
      name: 'EndpointsUnavailableError',
      message: `No RPC endpoint of Local is answering (${endpoint.url}: answered a malformed result for eth_blockNumber)`,
    });
  });

  it('no endpoint answering', async () => {
    const store = storeWith(table([await deadUrl()]));
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(result.error).toMatchObject({ name: 'EndpointsUnavailableError', message: expect.stringContaining('No RPC endpoint of Local is answering') });
  });

  it('a chain without URLs', async () => {
    const store = storeWith(table([]));
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(1));
    expect(result.error).toEqual({ name: 'NoUrlsError', message: 'Mainnet has no RPC endpoint configured' });
  });

  it('a store built without the RPC runtime', async () => {
    const store = setupStore(undefined, {});
    stores.push(store);
    const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(result.error).toEqual({ name: 'ConfigurationError', message: 'Read-only chain data needs an RPC runtime: pass `rpc` to setupStore' });
  });
});

describe('cache', () => {
  it('every block read refreshes the balances in the same HTTP request', async () => {
    const endpoint = await server({ kind: 'forward', to: anvil.url });
    const store = storeWith(table([endpoint.url]));
    const key = { chainId: 31337, address: bob.address };
    const balance = () => chainApi.endpoints.getBalance.select(key)(store.getState()).data;
    const subscriptions = [store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337)), store.dispatch(chainApi.endpoints.getBalance.initiate(key))];
    await Promise.all(subscriptions);
    expect(balance()).toBe(TEN_THOUSAND_ETH);

    await rpc(anvil.url, 'anvil_setBalance', [bob.address, '0x2a']);
    await rpc(anvil.url, 'anvil_mine', ['0x1']);
    const before = endpoint.requests.length;
    // What a poll does: the block read, and the balances with it, in one batch.
    await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337, { subscribe: false, forceRefetch: true }));
    await until(() => (balance() === '42' ? true : undefined));
    expect(endpoint.requests.length - before).toBe(1);
    expect(endpoint.methods().slice(-2).sort()).toEqual(['eth_blockNumber', 'eth_getBalance']);
    subscriptions.forEach((s) => s.unsubscribe());
    await rpc(anvil.url, 'anvil_setBalance', [bob.address, `0x${BigInt(TEN_THOUSAND_ETH).toString(16)}`]);
  });

  it('results are kept per chain and per account', async () => {
    await rpc(chain5.url, 'anvil_setBalance', [alice.address, '0x7']);
    const store = storeWith(table([anvil.url]));
    const [local, goerli, other] = await Promise.all([
      store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice.address })),
      store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 5, address: alice.address })),
      store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 5, address: address(3) })),
    ]);
    expect([local.data, goerli.data, other.data]).toEqual([TEN_THOUSAND_ETH, '7', '0']);
  });
});

describe('network status', () => {
  it('shows the endpoint in use with its latency, and follows failover live', async () => {
    const dead = await deadUrl();
    const wrong = await server({ kind: 'forward', to: chain5.url });
    const first = await server({ kind: 'forward', to: anvil.url, delayMs: 20 });
    // The second answers only once the first is in use (order by an event, not by a delay).
    const second = await server({ kind: 'forward', to: anvil.url });
    second.hold();
    const store = storeWith(table([dead, wrong.url, first.url, second.url]));
    const subscription = store.dispatch(networkStatusApi.endpoints.getNetworkStatus.initiate(31337));
    const status = () => networkStatusApi.endpoints.getNetworkStatus.select(31337)(store.getState()).data;
    await until(() => status()?.inUse === first.url, { what: 'the first endpoint in use' });
    second.release();
    const settled = await until(() => {
      const s = status();
      return s?.inUse && s.endpoints.every((e) => e.state !== 'probing' && e.state !== 'untested') ? s : undefined;
    });
    expect(settled.inUse).toBe(first.url);
    expect(settled.endpoints.map((e) => e.state)).toEqual(['failed', 'wrongChain', 'ok', 'ok']);
    expect(settled.endpoints[2]?.latencyMs).toBeGreaterThanOrEqual(20);
    expect(settled.endpoints[1]?.answeredChainId).toBe(5);

    first.behave({ kind: 'status', status: 500 });
    const block = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
    expect(block.isSuccess).toBe(true);
    const after = await until(() => (status()?.inUse === second.url ? status() : undefined));
    expect(after.endpoints[2]).toMatchObject({ state: 'failed', problem: 'server error (HTTP 500)' });
    expect(plain(after)).toEqual(after);
    subscription.unsubscribe();
  });
});
