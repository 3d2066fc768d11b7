// The reads a page shows start from the store, not from React: the block number at start, a
// wallet's balances in the same task as its answer. Components that show them later join the same
// cache entries and send nothing more. (Real anvil behind a counting server; no React here.)
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { rpcApi } from '../../store/rpcApi';
import { startReadsInView } from '../../store/readAhead';
import { setupStore } from '../../store/setupStore';
import { walletActions } from '../../store/walletSlice';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, startAll, tearDown, WAIT_MS } from '../support/lifecycle';
import { until } from '../support/wait';
import { closeAll, startServer, type TestServer } from './servers';
import { everyKind } from '../support/slice';

const [alice] = TEST_ACCOUNTS;
const ALLOWED = everyKind([31337, 10]);

let anvil: Anvil;
let optimism: Anvil;
const open: TestServer[] = [];
const cleanups: Array<() => void> = [];

setUp(async () => {
  [anvil, optimism] = await startAll([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 10 })]);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await closeAll(open.splice(0));
});
tearDown(() => [anvil, optimism]);

async function counted(to: string): Promise<TestServer> {
  const server = await startServer({ kind: 'forward', to });
  open.push(server);
  return server;
}

async function setup() {
  const local = await counted(anvil.url);
  const op = await counted(optimism.url);
  const chains: ChainTable = {
    31337: { id: 31337, name: 'Local', rpcUrls: [local.url], icon: '' },
    10: { id: 10, name: 'Optimism', rpcUrls: [op.url], icon: '' },
  };
  const store = setupStore(undefined, { allowedChainIds: ALLOWED, rpc: createRpcRuntime(chains, { timeoutMs: WAIT_MS }), chunks: { names: { load: () => import('../../src/lib/names') } } });
  const stop = startReadsInView(store, chains);
  cleanups.push(() => {
    stop();
    store.dispatch(rpcApi.util.resetApiState());
  });
  const connect = (chainId: number) => {
    store.dispatch(walletActions.activationStarted({ id: 'injected', eager: true }));
    const attempt = store.getState().wallet.activity.injected.attempt;
    store.dispatch(walletActions.activationSucceeded({ id: 'injected', attempt, chainId: `0x${chainId.toString(16)}`, accounts: [alice?.address] }));
  };
  const status = (read: ReturnType<typeof chainApi.endpoints.getBalance.select>) => read(store.getState()).status;
  return { store, local, op, connect, status };
}

describe('reads in view start from the store', () => {
  it('the latest block of the chain in view is asked for at start, with no wallet and no component', async () => {
    const { store, local } = await setup();
    expect(chainApi.endpoints.getBlockNumber.select(31337)(store.getState()).status).toBe('pending');
    await until(() => chainApi.endpoints.getBlockNumber.select(31337)(store.getState()).status === 'fulfilled');
    expect(local.methods()).toEqual(['eth_chainId', 'eth_blockNumber']);
  });

  it("a wallet's balance is asked for in the same task as its answer, and a component showing it later sends nothing more", async () => {
    const { store, local, connect, status } = await setup();
    const balance = chainApi.endpoints.getBalance.select({ chainId: 31337, address: alice?.address ?? '' });
    connect(31337);
    // Synchronously: before any render could have happened.
    expect(status(balance)).toBe('pending');
    await until(() => status(balance) === 'fulfilled');
    expect(balance(store.getState()).data).toBe((10_000n * 10n ** 18n).toString());
    const before = local.requests.length;
    const shown = store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: alice?.address ?? '' }));
    await shown;
    shown.unsubscribe();
    expect(local.requests.length).toBe(before);
    // The block number's probe and the balance (with its own chain-id check): two requests in all.
    expect(local.requests.length).toBeLessThanOrEqual(2);
  });

  it("a wallet's block and balance request leaves inside the store update, before what a later subscriber (React) queued for it runs", async () => {
    const local = await counted(anvil.url);
    const chains: ChainTable = { 31337: { id: 31337, name: 'Local', rpcUrls: [local.url], icon: '' } };
    let fetches = 0;
    const runtime = createRpcRuntime(chains, {
      timeoutMs: WAIT_MS,
      fetch: (url, init) => {
        fetches += 1;
        return fetch(url, init);
      },
    });
    const store = setupStore(undefined, { allowedChainIds: ALLOWED, rpc: runtime, chunks: { names: { load: () => import('../../src/lib/names') } } });
    const stop = startReadsInView(store, chains);
    cleanups.push(() => {
      stop();
      store.dispatch(rpcApi.util.resetApiState());
    });
    const account = { chainId: 31337, address: alice?.address ?? '' };
    // As react-redux does: subscribed after the read-ahead, it queues its render in a microtask when the
    // state it shows changes (here, the wallet), and notes how many requests had left by then.
    const seenAtRender: number[] = [];
    let rendered = store.getState().wallet;
    let queued = false;
    store.subscribe(() => {
      if (store.getState().wallet === rendered || queued) return;
      queued = true;
      const before = fetches;
      queueMicrotask(() => {
        queued = false;
        rendered = store.getState().wallet;
        seenAtRender.push(fetches - before);
      });
    });
    const connectOn = () => {
      store.dispatch(walletActions.activationStarted({ id: 'injected', eager: true }));
      const attempt = store.getState().wallet.activity.injected.attempt;
      store.dispatch(walletActions.activationSucceeded({ id: 'injected', attempt, chainId: '0x7a69', accounts: [account.address] }));
    };
    // The endpoint in use is known (the start's block read chose it), as when a click connects.
    await until(() => chainApi.endpoints.getBlockNumber.select(31337)(store.getState()).status === 'fulfilled');
    await Promise.resolve();
    seenAtRender.length = 0;
    connectOn();
    await until(() => chainApi.endpoints.getBalance.select(account)(store.getState()).status === 'fulfilled');
    expect(seenAtRender.at(-1)).toBe(1);
  });

  it('a wallet on another chain: that chain’s block and the balance are read there, blocks first, each once', async () => {
    const { store, op, connect, status } = await setup();
    connect(10);
    const balance = chainApi.endpoints.getBalance.select({ chainId: 10, address: alice?.address ?? '' });
    expect(status(balance)).toBe('pending');
    expect(chainApi.endpoints.getBlockNumber.select(10)(store.getState()).status).toBe('pending');
    await until(() => status(balance) === 'fulfilled' && chainApi.endpoints.getBlockNumber.select(10)(store.getState()).status === 'fulfilled');
    const methods = op.methods().filter((m) => m !== 'eth_chainId');
    expect(methods.sort()).toEqual(['eth_blockNumber', 'eth_getBalance']);
  });

  it("on a chain with names, the wallet's name is asked for with its balance (once the names code has loaded), and nothing more when components show them", async () => {
    const local = await counted(anvil.url);
    // No Universal Resolver contract there: the lookup's one call answers nothing, a verified "no name".
    const chains: ChainTable = { 31337: { id: 31337, name: 'Local', rpcUrls: [local.url], icon: '', ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' } };
    const store = setupStore(undefined, { allowedChainIds: ALLOWED, rpc: createRpcRuntime(chains), chunks: { names: { load: () => import('../../src/lib/names') } } });
    const stop = startReadsInView(store, chains);
    cleanups.push(() => {
      stop();
      store.dispatch(rpcApi.util.resetApiState());
    });
    await until(() => chainApi.endpoints.getBlockNumber.select(31337)(store.getState()).status === 'fulfilled');
    const account = { chainId: 31337, address: alice?.address ?? '' };
    store.dispatch(walletActions.activationStarted({ id: 'injected', eager: true }));
    const attempt = store.getState().wallet.activity.injected.attempt;
    store.dispatch(walletActions.activationSucceeded({ id: 'injected', attempt, chainId: '0x7a69', accounts: [account.address] }));
    expect(chainApi.endpoints.getName.select(account)(store.getState()).status).toBe('pending');
    await until(() => chainApi.endpoints.getName.select(account)(store.getState()).status === 'fulfilled' && chainApi.endpoints.getBalance.select(account)(store.getState()).status === 'fulfilled');
    expect(chainApi.endpoints.getName.select(account)(store.getState()).data).toBeNull();
    // The name's eth_call leaves once the names chunk is in (after the first paint), not with the balance.
    const methods = local.requests.flatMap((r) => (Array.isArray(r) ? r : [r])).map((c) => (c as { method?: string }).method);
    expect(methods.filter((m) => m === 'eth_getBalance')).toHaveLength(1);
    expect(methods.filter((m) => m === 'eth_call')).toHaveLength(1);
    const before = local.requests.length;
    const shown = [store.dispatch(chainApi.endpoints.getName.initiate(account)), store.dispatch(chainApi.endpoints.getBalance.initiate(account))];
    await Promise.all(shown);
    for (const read of shown) read.unsubscribe();
    expect(local.requests.length).toBe(before);
  });

  it('after the unsubscribe, changes start nothing', async () => {
    const { store, local, connect } = await setup();
    await until(() => local.requests.length === 1);
    for (const cleanup of cleanups.splice(0)) cleanup();
    connect(31337);
    expect(chainApi.endpoints.getBalance.select({ chainId: 31337, address: alice?.address ?? '' })(store.getState()).status).toBe('uninitialized');
  });
});
