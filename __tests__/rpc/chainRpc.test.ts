// The contract helpers' JSON-RPC calls on a chain that parallel suites share (contracts/chainRpc.js):
// transactions sent at the same moment from one unlocked account, from one process or several, are
// each mined exactly once (anvil picks their nonces, and two taken at once collide).
import { fork } from 'node:child_process';
import path from 'node:path';
import { call } from '../../contracts/chainRpc';
import { receiptOf, rpc, startAnvil, type Anvil } from '../support/anvil';

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
afterAll(() => anvil.stop());

// anvil's tenth test account, unlocked: the one deployEns sends from.
const FROM = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const balanceOf = async (to: string) => BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [to, 'latest']));
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

it('a burst from one account in one process: every transaction mined once', async () => {
  const to = `0x${'1'.repeat(40)}`;
  const values = Array.from({ length: 30 }, (_, i) => BigInt(i + 1));
  const hashes = await Promise.all(values.map((value) => call(anvil.url, 'eth_sendTransaction', [{ from: FROM, to, value: `0x${value.toString(16)}` }]) as Promise<string>));
  expect(new Set(hashes).size).toBe(values.length);
  for (const hash of hashes) expect((await receiptOf(anvil.url, hash)).status).toBe('0x1');
  expect(await balanceOf(to)).toBe(sum(values));
});

it('bursts from one account in three processes at once: every transaction mined once', async () => {
  const to = `0x${'2'.repeat(40)}`;
  const script = `const { call } = require(${JSON.stringify(path.resolve(__dirname, '../../contracts/chainRpc.js'))});
const [url, from, to, base] = process.argv.slice(1);
Promise.all(Array.from({ length: 10 }, (_, i) => call(url, 'eth_sendTransaction', [{ from, to, value: '0x' + (Number(base) + i).toString(16) }])))
  .then(() => process.exit(0), (error) => { console.error(error.message); process.exit(1); });`;
  const codes = await Promise.all(
    [100, 200, 300].map(
      (base) =>
        new Promise<number | null>((resolve) => {
          const child = fork('-e', [script, anvil.url, FROM, to, String(base)], { execArgv: [], stdio: 'inherit' });
          child.once('exit', resolve);
        }),
    ),
  );
  expect(codes).toEqual([0, 0, 0]);
  const values = [100, 200, 300].flatMap((base) => Array.from({ length: 10 }, (_, i) => BigInt(base + i)));
  expect(await balanceOf(to)).toBe(sum(values));
});
