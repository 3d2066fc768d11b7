// The contract helpers' JSON-RPC calls on a chain that parallel suites share: transactions from one
// unlocked account, sent at the same moment, all land (anvil refuses the ones that lose the race for
// a nonce with "nonce too low" or "replacement transaction underpriced", which were never sent).
import { call } from '../../contracts/chainRpc';
import { receiptOf, rpc, startAnvil, type Anvil } from '../support/anvil';

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
});
afterAll(() => anvil.stop());

// anvil's tenth test account, unlocked: the one deployEns sends from.
const FROM = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const TO = `0x${'1'.repeat(40)}`;

it('sends every transaction of a burst from one unlocked account exactly once', async () => {
  const before = BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [TO, 'latest']));
  const values = Array.from({ length: 30 }, (_, i) => BigInt(i + 1));
  const hashes = await Promise.all(values.map((value) => call(anvil.url, 'eth_sendTransaction', [{ from: FROM, to: TO, value: `0x${value.toString(16)}` }]) as Promise<string>));
  expect(new Set(hashes).size).toBe(values.length);
  for (const hash of hashes) expect((await receiptOf(anvil.url, hash)).status).toBe('0x1');
  const after = BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [TO, 'latest']));
  expect(after - before).toBe(values.reduce((a, b) => a + b, 0n));
});

