// The page agrees with its toast (docs/behaviour.md §10.2): when a transaction settles in a block, the
// chain's latest block and the balances on screen are read again before the toast says so, so the
// overview never shows "latest block 55" and the old balance beside "Confirmed in block 56". The real
// store and sagas, a fake wallet that sends, and a fake node whose block and balance move when it mines.
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { startWalletApp } from '../support/walletHarness';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { chainApi } from '../../store/chainApi';
import { selectConnectionStatus } from '../../store/selectors';
import { signingActions } from '../../store/signingSlice';
import type { RootState } from '../../store/types';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab'.repeat(32)}`;
const ETH = 10n ** 18n;
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** A node whose latest block and balance are the test's; `lagging`: its block read stays behind its receipts. */
class MovingNode extends FakeNode {
  block = 55;
  balance = 10n * ETH;
  override answer(url: string, method: string, params: unknown[]): unknown {
    const plain = super.answer(url, method, params);
    if (method === 'eth_blockNumber') return hex(this.block);
    if (method === 'eth_getBalance') return hex(this.balance);
    return plain;
  }
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/** Connected, the block and the account's balance on screen (subscribed, as the overview is). */
async function shown(node: MovingNode) {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337] });
  const chains = buildChainTable({}, 'http://127.0.0.1:8545');
  const app = startWalletApp({
    chains,
    connectors: { injected: injectedWith(wallet) },
    rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }),
    signingTimeouts: { pollMs: 20 },
    transactions: { now: () => 1_000 },
  });
  stops.push(app.stop);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  const block = app.store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337));
  const balance = app.store.dispatch(chainApi.endpoints.getBalance.initiate({ chainId: 31337, address: ACCOUNT }));
  stops.push(() => {
    block.unsubscribe();
    balance.unsubscribe();
  });
  const onScreen = (s: RootState) => ({
    block: chainApi.endpoints.getBlockNumber.select(31337)(s).data,
    balance: chainApi.endpoints.getBalance.select({ chainId: 31337, address: ACCOUNT })(s).data,
  });
  await app.waitFor((s) => onScreen(s).block === 55 && onScreen(s).balance === (10n * ETH).toString());
  /** What the page shows at the very update that settles the transaction. */
  const atSettlement = new Promise<{ block?: number; balance?: string }>((resolve) => {
    const unsubscribe = app.store.subscribe(() => {
      const s = app.store.getState();
      if (s.transactions.list[0]?.status !== 'confirmed') return;
      unsubscribe();
      resolve(onScreen(s));
    });
  });
  const send = () =>
    app.store.dispatch(signingActions.requested({ connectionId: 'injected', account: ACCOUNT, chainId: 31337, input: { kind: 'transaction', to: OTHER, valueWei: ETH.toString(), gas: '0x5208' } }));
  return { app, wallet, atSettlement, send, onScreen };
}

describe('a transfer confirmed in block 56 (docs/behaviour.md §10.2)', () => {
  it('is confirmed on the page only with the block and the balance that follow it: never beside "latest block 55" and the old balance', async () => {
    const node = new MovingNode();
    const { wallet, atSettlement, send } = await shown(node);
    // Mined at once, as anvil does: the first receipt read already finds it.
    wallet.answer('eth_sendTransaction', () => {
      node.mined(HASH, 56);
      node.block = 56;
      node.balance = 9n * ETH;
      return HASH;
    });
    send();
    expect(await atSettlement).toEqual({ block: 56, balance: (9n * ETH).toString() });
  });

  it('an endpoint whose block lags behind its receipt: the block shown is still never older than the confirmation', async () => {
    const node = new MovingNode();
    const { app, wallet, atSettlement, send, onScreen } = await shown(node);
    wallet.answer('eth_sendTransaction', () => {
      // Its receipt says block 56; its block number still says 55.
      node.mined(HASH, 56);
      return HASH;
    });
    const balanceReads = () => node.calls.filter((m) => m === 'eth_getBalance').length;
    const before = balanceReads();
    send();
    expect((await atSettlement).block).toBe(56);
    expect(balanceReads()).toBeGreaterThan(before);
    // The lagging endpoint's next answers do not take it back: the block shown only moves forward.
    await app.store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337, { subscribe: false, forceRefetch: true }));
    expect(node.calls.filter((m) => m === 'eth_blockNumber').length).toBeGreaterThanOrEqual(3);
    expect(onScreen(app.store.getState()).block).toBe(56);
    node.block = 57;
    await app.store.dispatch(chainApi.endpoints.getBlockNumber.initiate(31337, { subscribe: false, forceRefetch: true }));
    expect(onScreen(app.store.getState()).block).toBe(57);
  });
});
