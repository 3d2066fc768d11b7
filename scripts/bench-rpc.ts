// `npm run bench:rpc`: read-only chain data against real local endpoints (anvil behind small
// delaying/counting HTTP proxies). Prints two tables and checks the goals:
//  1. time to the first successful read with three endpoints (dead, 800 ms, 50 ms) vs the 50 ms
//     endpoint alone: goal <= 1.2x;
//  2. HTTP requests for the first paint of the block number plus N balances: goal <= 2 for any N.
import type { ChainTable } from '../src/lib/chains';
import { createRpcRuntime } from '../src/lib/rpc';
import { chainApi } from '../store/chainApi';
import { rpcApi } from '../store/rpcApi';
import { setupStore } from '../store/setupStore';
import { startAnvil, TEST_ACCOUNTS } from '../__tests__/support/anvil';
import { deadUrl, startServer, type TestServer } from '../__tests__/rpc/servers';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CHAIN_ID = 31337;

function storeFor(urls: string[]) {
  const chains: ChainTable = { [CHAIN_ID]: { id: CHAIN_ID, name: 'Bench chain', rpcUrls: urls, icon: '' } };
  const store = setupStore(undefined, { rpc: createRpcRuntime(chains) });
  return store;
}

/** ms from a fresh page (new store, nothing probed) to the first block number on screen. */
async function firstRead(urls: string[]): Promise<number> {
  const store = storeFor(urls);
  const started = performance.now();
  const result = await store.dispatch(chainApi.endpoints.getBlockNumber.initiate(CHAIN_ID, { subscribe: false }));
  const elapsed = performance.now() - started;
  store.dispatch(rpcApi.util.resetApiState());
  if (!result.isSuccess) throw new Error(`read failed: ${JSON.stringify(result.error)}`);
  return elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  const servers: TestServer[] = [];
  const serve = async (delayMs: number) => {
    const s = await startServer({ kind: 'forward', to: anvil.url, delayMs });
    servers.push(s);
    return s;
  };
  try {
    const dead = await deadUrl();
    const silent = await startServer({ kind: 'hang' });
    servers.push(silent);
    const slow = await serve(800);
    const fast = await serve(50);

    const setups: Array<[string, string[]]> = [
      ['fast endpoint alone (50 ms)', [fast.url]],
      ['dead + slow (800 ms) + fast (50 ms)', [dead, slow.url, fast.url]],
      ['silent (never answers) + slow + fast', [silent.url, slow.url, fast.url]],
    ];
    const times = new Map<string, number[]>(setups.map(([name]) => [name, []]));
    await firstRead([fast.url]); // warm-up: module loading, JIT
    // Interleaved runs, so machine load affects every setup alike.
    for (let run = 0; run < RUNS; run++) for (const [name, urls] of setups) times.get(name)?.push(await firstRead(urls));
    const alone = median(times.get(setups[0]![0]) ?? []);
    console.log(`\nTime to first successful read (eth_blockNumber through the store; median of ${RUNS} fresh starts)`);
    console.table(
      setups.map(([name]) => {
        const t = times.get(name) ?? [];
        return { endpoints: name, 'median ms': Math.round(median(t)), 'min ms': Math.round(Math.min(...t)), 'max ms': Math.round(Math.max(...t)), 'vs alone': `${(median(t) / alone).toFixed(2)}x` };
      }),
    );
    const ratio = median(times.get(setups[1]![0]) ?? []) / alone;

    const counts: Array<{ N: number; 'HTTP requests': number; 'JSON-RPC calls': number; 'first paint ms': number }> = [];
    for (const n of [1, 10, 50]) {
      const counter = await serve(0);
      const store = storeFor([counter.url]);
      const addresses = Array.from({ length: n }, (_, i) => TEST_ACCOUNTS[i]?.address ?? `0x${(0xbe00 + i).toString(16).padStart(40, '0')}`);
      const started = performance.now();
      // What the page does on first paint: the block number and one balance per account, at once.
      const queries = [
        store.dispatch(chainApi.endpoints.getBlockNumber.initiate(CHAIN_ID)),
        ...addresses.map((address) => store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: CHAIN_ID, address }))),
      ];
      const results = await Promise.all(queries);
      const elapsed = performance.now() - started;
      if (!results.every((r) => r.isSuccess)) throw new Error('a first-paint read failed');
      counts.push({ N: n, 'HTTP requests': counter.requests.length, 'JSON-RPC calls': counter.methods().length, 'first paint ms': Math.round(elapsed) });
      queries.forEach((q) => q.unsubscribe());
      store.dispatch(rpcApi.util.resetApiState());
    }
    console.log('\nHTTP requests for the first paint of the block number plus N balances (one endpoint)');
    console.table(counts);

    const maxRequests = Math.max(...counts.map((c) => c['HTTP requests']));
    const goals = [
      [`first read with dead + slow + fast is ${ratio.toFixed(2)}x the fast endpoint alone (goal <= 1.2x)`, ratio <= 1.2],
      [`at most ${maxRequests} HTTP requests for any N (goal <= 2)`, maxRequests <= 2],
    ] as const;
    console.log('');
    for (const [text, ok] of goals) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
    process.exitCode = goals.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
