// Transactions the user sent, across reloads (docs/behaviour.md §10.3): the real store and sagas, storage
// handed in through saga context (sometimes hostile, sometimes refusing), and a fake chain node for
// receipts. A "reload" is a new app on the same storage.
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { startWalletApp } from '../support/walletHarness';
import { memoryWebStorage, type MemoryStorage } from '../support/webStorage';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { MAX_PER_ACCOUNT_CHAIN, TRANSACTIONS_KEY, type SentTransaction } from '../../src/lib/sentTransactions';
import type { KeyValueStorage } from '../../src/lib/persistence';
import { selectConnectionStatus } from '../../store/selectors';
import { signingActions } from '../../store/signingSlice';
import type { RootState } from '../../store/types';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const DEV_URL = 'http://127.0.0.1:8545';

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((f) => f());
  stops = [];
});

/** A record as this app stored it before batches (list version 1: one transfer's fields, no `via`). */
interface StoredBeforeBatches {
  hash: string;
  chainId: number;
  account: string;
  to: string;
  valueWei: string;
  status: string;
  blockNumber?: number;
  sentAt: number;
}
const earlier = (n: number, extra: Partial<StoredBeforeBatches> = {}): StoredBeforeBatches => ({
  hash: hash(n),
  chainId: 31337,
  account: ACCOUNT,
  to: OTHER,
  valueWei: '10000000000000000',
  status: 'pending',
  sentAt: n,
  ...extra,
});

const stored = (list: unknown[]) => ({ [TRANSACTIONS_KEY]: JSON.stringify({ v: 1, transactions: list }) });
/** What storage holds now (nothing while it holds something else). */
function readBack(storage: MemoryStorage): SentTransaction[] {
  try {
    return (JSON.parse(storage.dump()[TRANSACTIONS_KEY] ?? '') as { transactions: SentTransaction[] }).transactions ?? [];
  } catch {
    return [];
  }
}

/** A page load: the wallet connected, transactions kept in `storage`, receipts from `node`. */
async function load(storage: KeyValueStorage | undefined, node = new FakeNode(), options: { receiptMs?: number; connect?: boolean } = {}) {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337] });
  let sent = 0;
  wallet.answer('eth_sendTransaction', () => hash(1000 + ++sent));
  const chains = buildChainTable({}, DEV_URL);
  let clock = 10_000;
  const app = startWalletApp({
    chains,
    connectors: { injected: injectedWith(wallet) },
    rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }),
    signingTimeouts: { pollMs: 20, ...(options.receiptMs !== undefined ? { receiptMs: options.receiptMs } : {}) },
    transactions: { ...(storage ? { storage } : {}), now: () => ++clock },
  });
  stops.push(app.stop);
  if (options.connect !== false) await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  const send = (valueWei = '1') =>
    app.store.dispatch(signingActions.requested({ connectionId: 'injected', account: ACCOUNT, chainId: 31337, input: { kind: 'transaction', to: OTHER, valueWei, gas: '0x5208' } }));
  const list = () => app.store.getState().transactions.list;
  return { ...app, node, wallet, send, list };
}

describe('kept across reloads', () => {
  it('a transaction sent on one page is in the recent list of the next, as it was last seen', async () => {
    const storage = memoryWebStorage();
    const node = new FakeNode();
    const first = await load(storage, node);
    first.send();
    await first.waitFor((s) => s.transactions.list.length === 1);
    node.mined(hash(1001), 42);
    await first.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    await first.waitFor(() => readBack(storage)[0]?.status === 'confirmed');
    first.stop();
    const second = await load(storage, node);
    const state = await second.waitFor((s) => s.transactions.restored);
    expect(state.transactions.list).toEqual([
      { via: { kind: 'transaction' }, hash: hash(1001), chainId: 31337, account: ACCOUNT, transfers: [{ to: OTHER, valueWei: '1' }], status: 'confirmed', blockNumber: 42, sentAt: 10_001 },
    ]);
    // Restored transactions get no toast: they are in the list, not news.
    expect(state.transactions.toasts).toEqual([]);
  });

  it(`the list kept is bounded: ${MAX_PER_ACCOUNT_CHAIN} per account and chain, the oldest dropped`, async () => {
    const storage = memoryWebStorage(stored([earlier(1), earlier(2)]));
    const app = await load(storage);
    for (let i = 0; i < MAX_PER_ACCOUNT_CHAIN; i++) {
      app.send(String(i + 1));
      await app.waitFor((s) => s.transactions.list.some((tx) => tx.hash === hash(1001 + i)));
    }
    await app.waitFor(() => readBack(storage).length === MAX_PER_ACCOUNT_CHAIN && readBack(storage)[0]?.hash === hash(1000 + MAX_PER_ACCOUNT_CHAIN));
    expect(readBack(storage).map((tx) => tx.hash)).not.toContain(hash(1));
    expect(app.list()).toHaveLength(MAX_PER_ACCOUNT_CHAIN);
  });
});

describe('re-checked on load', () => {
  it('a transaction still pending last time is followed to its receipt again, and what it became is shown and kept', async () => {
    const node = new FakeNode();
    node.mined(hash(1), 7);
    node.mined(hash(2), 8, false);
    const storage = memoryWebStorage(stored([earlier(1), earlier(2), earlier(3, { status: 'unconfirmed' })]));
    const app = await load(storage, node);
    await app.waitFor((s) => s.transactions.list.find((tx) => tx.hash === hash(1))?.status === 'confirmed');
    await app.waitFor((s) => s.transactions.list.find((tx) => tx.hash === hash(2))?.status === 'failed');
    // Not mined yet: followed (pending again) until it is.
    expect(app.list().find((tx) => tx.hash === hash(3))?.status).toBe('pending');
    node.mined(hash(3), 9);
    await app.waitFor((s) => s.transactions.list.every((tx) => tx.status !== 'pending'));
    await app.waitFor(() => readBack(storage).every((tx) => tx.status !== 'pending'));
    expect(readBack(storage).map((tx) => [tx.hash, tx.status, tx.blockNumber])).toEqual([
      [hash(3), 'confirmed', 9],
      [hash(2), 'failed', 8],
      [hash(1), 'confirmed', 7],
    ]);
  });

  it('even before (or without) a wallet: the chain is asked, not the wallet', async () => {
    const node = new FakeNode();
    node.mined(hash(1), 7);
    const app = await load(memoryWebStorage(stored([earlier(1)])), node, { connect: false });
    await app.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    expect(app.wallet.requests.map((r) => r.method)).not.toContain('eth_getTransactionReceipt');
  });

  it('settled transactions are not read again', async () => {
    const node = new FakeNode();
    const app = await load(memoryWebStorage(stored([earlier(1, { status: 'confirmed', blockNumber: 3 }), earlier(2, { status: 'failed', blockNumber: 4 })])), node);
    await app.waitFor((s) => s.transactions.restored);
    await app.settle(100);
    expect(node.calls).not.toContain('eth_getTransactionReceipt');
  });

  it('one still not mined after the time we follow is shown as not confirmed yet', async () => {
    const app = await load(memoryWebStorage(stored([earlier(1)])), new FakeNode(), { receiptMs: 200 });
    await app.waitFor((s) => s.transactions.list[0]?.status === 'unconfirmed');
  });
});

describe('storage that is hostile or refuses', () => {
  it('contents that are not ours are ignored entry by entry; the good ones are kept', async () => {
    const storage = memoryWebStorage(
      stored([
        earlier(1, { status: 'confirmed', blockNumber: 1 }),
        { ...earlier(2), account: '<img src=x onerror=alert(1)>' },
        { ...earlier(3), status: 'confirmed' },
        { ...earlier(4), valueWei: '1e99' },
        'junk',
        null,
      ]),
    );
    const app = await load(storage);
    const state = await app.waitFor((s) => s.transactions.restored);
    expect(state.transactions.list.map((tx) => tx.hash)).toEqual([hash(1)]);
  });

  it.each([
    ['not JSON', '{{{'],
    ['a number', '42'],
    ['a huge string', 'x'.repeat(500_000)],
  ])('a value that is %s restores nothing, and the app works', async (_why, text) => {
    const storage = memoryWebStorage({ [TRANSACTIONS_KEY]: text });
    const app = await load(storage);
    await app.waitFor((s) => s.transactions.restored);
    app.send();
    await app.waitFor(() => readBack(storage).length === 1);
  });

  it('storage that throws on every call: nothing is remembered, sending and following still work', async () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const node = new FakeNode();
    const app = await load({ getItem: refuse, setItem: refuse, removeItem: refuse }, node);
    app.send();
    await app.waitFor((s) => s.transactions.list.length === 1 && s.transactions.toasts.length === 1);
    node.mined(hash(1001), 5);
    await app.waitFor((s: RootState) => s.transactions.list[0]?.status === 'confirmed');
  });

  it('no storage at all: the same', async () => {
    const app = await load(undefined);
    app.send();
    await app.waitFor((s) => s.transactions.list.length === 1);
  });
});
