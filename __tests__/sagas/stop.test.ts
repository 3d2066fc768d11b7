// Stopping a Walletdeck (the saga harness, a hot reload) leaves nothing running behind it: no saga and
// no timer, including the read layer's removal timers (a minute each) for reads nobody shows any more.
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { selectConnectionStatus } from '../../store/selectors';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { advanceUntil, useFakeClock } from '../support/wait';
import { startWalletApp } from '../support/walletHarness';

afterEach(() => jest.useRealTimers());

it('a connected app whose reads have landed leaves no timer behind when stopped', async () => {
  // The clock is fake from the start, so that every timer the app sets is counted; promises run as usual.
  useFakeClock();
  const chains = buildChainTable({}, 'http://127.0.0.1:8545');
  const node = new FakeNode(chains);
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337] });
  const app = startWalletApp({ chains, connectors: { injected: injectedWith(wallet) }, rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }) });
  const landed = () =>
    Object.entries(app.store.getState().rpc?.queries ?? {}).filter(([key, query]) => /^get(Balance|BlockNumber)\(/.test(key) && query?.status === 'fulfilled').length >= 2;
  await advanceUntil(() => selectConnectionStatus(app.store.getState(), 'injected') === 'Connected' && landed(), { ms: 5_000, what: 'connected, with the balance and block read' });
  app.stop();
  // What was already on its way (the store's 10 ms batched notification) ends by itself within a second.
  await jest.advanceTimersByTimeAsync(1_000);
  expect(jest.getTimerCount()).toBe(0);
});
