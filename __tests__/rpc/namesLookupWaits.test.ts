// The names code (its own chunk in the app) is asked for only once the chain reads under way have
// answered: a connection's first name read starts beside its balance and block, and the chunk's
// loading and evaluation must not come before that answer is handled (docs/behaviour.md §5.5).
import type { ChainTable } from '../../src/lib/chains';
import { createRpcRuntime } from '../../src/lib/rpc';
import { namesLookup } from '../../store/namesLookup';

const chains: ChainTable = {
  1: { id: 1, name: 'Ethereum', rpcUrls: ['https://rpc.test/1'], icon: '', ensUniversalResolver: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe' },
};

/** One turn of Node's event loop: every promise that can settle by itself has settled. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

it('waits for the batch under way before it loads the names code, and loads it once that batch is answered', async () => {
  let answer: (() => void) | undefined;
  const runtime = createRpcRuntime(chains, {
    // The endpoint holds the batch until the test lets it go (then it fails: an answer all the same).
    fetch: () =>
      new Promise<Response>((_resolve, reject) => {
        answer = () => reject(new TypeError('offline'));
      }),
  });
  const balance = runtime.client(1).request('eth_getBalance', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latest']).catch(() => 'failed');
  let loaded = false;
  const lookup = namesLookup(runtime, { names: { load: () => import('../../src/lib/names') } }, 1).then((found) => {
    loaded = true;
    return found;
  });
  await turn();
  await turn();
  expect(answer).toBeDefined();
  expect(loaded).toBe(false);
  answer?.();
  expect(await balance).toBe('failed');
  const found = await lookup;
  expect(loaded).toBe(true);
  expect(found?.namesChainId).toBe(1);
});
