// "Send to several" (docs/behaviour.md §7.9, §10.1): the real store and sagas, a fake wallet that knows
// EIP-5792 or not (walletCore.supportCalls), a fake chain node for receipts. What is asserted is what
// the user would see in the store: one record per batch or per transfer, its status, the progress.
import { FakeEip1193Provider, HANG, injectedWith, rpcError } from '../support/fakeProvider';
import { FakeNode } from '../support/fakeNode';
import { startWalletApp } from '../support/walletHarness';
import { memoryWebStorage } from '../support/webStorage';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { BATCH_MESSAGES } from '../../src/lib/batchCalls';
import type { KeyValueStorage } from '../../src/lib/persistence';
import type { SentTransfer } from '../../src/lib/sentTransactions';
import { parseReceipt } from '../../store/transactionsApi';
import { selectConnectionStatus } from '../../store/selectors';
import { batchActions } from '../../store/transactionsSlice';
import type { RootState } from '../../store/types';
import type { CallsSupport } from '../support/walletCore';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CAROL = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const DAVE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const DEV_URL = 'http://127.0.0.1:8545';
const TRANSFERS: SentTransfer[] = [
  { to: BOB, valueWei: '1000' },
  { to: CAROL, toName: 'carol.test', valueWei: '2000' },
  { to: DAVE, valueWei: '3000' },
];

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((f) => f());
  stops = [];
  jest.useRealTimers();
});

interface LoadOptions {
  calls?: CallsSupport;
  storage?: KeyValueStorage;
  node?: FakeNode;
  capabilitiesMs?: number;
}

/** A page load with the wallet connected on the dev chain; eth_sendTransaction answers hash(1001), hash(1002), … */
async function load(options: LoadOptions = {}) {
  const node = options.node ?? new FakeNode();
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337] });
  let sent = 0;
  wallet.answer('eth_sendTransaction', () => hash(1000 + ++sent));
  if (options.calls) wallet.core.supportCalls({ readReceipt: async (h) => node.answer(DEV_URL, 'eth_getTransactionReceipt', [h]), ...options.calls });
  const chains = buildChainTable({}, DEV_URL);
  let clock = 10_000;
  const app = startWalletApp({
    chains,
    connectors: { injected: injectedWith(wallet) },
    rpc: createRpcRuntime(chains, { fetch: node.fetch, timeoutMs: 500 }),
    signingTimeouts: { pollMs: 20 },
    transactions: {
      ...(options.storage ? { storage: options.storage } : {}),
      now: () => ++clock,
      ...(options.capabilitiesMs !== undefined ? { batchTimeouts: { capabilitiesMs: options.capabilitiesMs } } : {}),
    },
  });
  stops.push(app.stop);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  const send = (transfers = TRANSFERS) => app.store.dispatch(batchActions.requested({ connectionId: 'injected', account: ACCOUNT, chainId: 31337, transfers }));
  const batch = () => app.store.getState().transactions.batch;
  const list = () => app.store.getState().transactions.list;
  const ended = (s: RootState) => s.transactions.batch !== null && ['done', 'stopped', 'declined', 'failed'].includes(s.transactions.batch.status);
  return { ...app, node, wallet, send, batch, list, ended };
}

describe('a wallet that batches (atomic supported or ready): one wallet_sendCalls, one record', () => {
  it.each<[string, CallsSupport]>([
    ['supported, for the chain', { atomic: 'supported' }],
    ['ready, for every chain ("0x0")', { atomic: 'ready', everyChain: true }],
  ])('%s: three transfers go as one batch, followed to confirmed with its receipts', async (_what, calls) => {
    const app = await load({ calls });
    app.send();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    expect(app.wallet.requests.find((r) => r.method === 'wallet_getCapabilities')?.params).toEqual([ACCOUNT, ['0x7a69']]);
    expect(app.wallet.requests.find((r) => r.method === 'wallet_sendCalls')?.params).toEqual([
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: ACCOUNT,
        atomicRequired: true,
        calls: [
          { to: BOB, value: '0x3e8' },
          { to: CAROL, value: '0x7d0' },
          { to: DAVE, value: '0xbb8' },
        ],
      },
    ]);
    expect(app.batch()).toMatchObject({ mode: 'atomic', sent: 3 });
    // One entry for the batch, not three; pending until every call is mined.
    expect(app.list()).toHaveLength(1);
    expect(app.list()[0]).toMatchObject({ via: { kind: 'calls' }, status: 'pending', transfers: TRANSFERS });
    expect(app.store.getState().transactions.toasts).toEqual([app.batch()?.key]);
    app.node.mined(hash(1001), 7);
    app.node.mined(hash(1002), 7);
    app.node.mined(hash(1003), 8);
    await app.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    expect(app.list()[0]).toMatchObject({ blockNumber: 8, receipts: [{ hash: hash(1001), blockNumber: 7, success: true }, { hash: hash(1002) }, { hash: hash(1003), blockNumber: 8 }] });
    expect(app.wallet.count('eth_sendTransaction')).toBe(0);
  });

  it('the capabilities are read once per account and chain', async () => {
    const app = await load({ calls: { atomic: 'supported' } });
    app.send();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    app.send(TRANSFERS.slice(0, 2));
    await app.waitFor((s) => s.transactions.batch?.status === 'done' && s.transactions.list.length === 2);
    expect(app.wallet.count('wallet_getCapabilities')).toBe(1);
    expect(app.wallet.count('wallet_sendCalls')).toBe(2);
  });

  it('a batch that partly fails on chain (600) ends "partial", with the receipt that reverted', async () => {
    const app = await load({ calls: { atomic: 'supported' } });
    app.send();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    app.node.mined(hash(1001), 7);
    app.node.mined(hash(1002), 7, false);
    app.node.mined(hash(1003), 7);
    await app.waitFor((s) => s.transactions.list[0]?.status === 'partial');
    expect(app.list()[0]?.receipts?.map((r) => r.success)).toEqual([true, false, true]);
  });

  it('a batch is tracked again after a reload, by its id, with the wallet that sent it', async () => {
    const storage = memoryWebStorage();
    const node = new FakeNode();
    const first = await load({ calls: { atomic: 'supported' }, storage, node });
    first.send();
    await first.waitFor((s) => s.transactions.batch?.status === 'done');
    const id = first.list()[0]?.via.kind === 'calls' ? first.list()[0]?.via : undefined;
    first.stop();
    // The next page's wallet remembers the batch (it is the same wallet); the chain mines it meanwhile.
    const second = await load({ calls: { atomic: 'supported' }, storage, node });
    await second.waitFor((s) => s.transactions.restored && s.transactions.list.length === 1);
    expect(second.list()).toEqual([expect.objectContaining({ via: id, status: 'pending' })]);
    const status = { version: '2.0.0', status: 200, receipts: [{ transactionHash: hash(77), blockNumber: '0x9', status: '0x1' }] };
    second.wallet.answer('wallet_getCallsStatus', (params) => ((params as unknown[])[0] === (id as { id: string }).id ? status : { status: 100 }));
    await second.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    expect(second.list()[0]).toMatchObject({ hash: hash(77), blockNumber: 9 });
  });

  it('garbage from wallet_getCallsStatus is never stored: it is asked again until a proper answer', async () => {
    const app = await load({ calls: { atomic: 'supported' } });
    let answers = 0;
    const garbage = [{ status: 'confirmed' }, { status: 200, receipts: 'all' }, { status: 200, receipts: [{ transactionHash: 'x' }] }, { status: 900 }, { status: 200, receipts: [] }];
    app.wallet.answer('wallet_getCallsStatus', () => garbage[answers++] ?? { status: 200, receipts: [{ transactionHash: hash(5), blockNumber: '0x2', status: '0x1' }] });
    app.send();
    await app.waitFor((s) => s.transactions.list[0]?.status === 'confirmed');
    expect(answers).toBeGreaterThan(garbage.length);
    expect(app.list()[0]).toMatchObject({ blockNumber: 2, hash: hash(5) });
  });

  it('an answer to wallet_sendCalls that is not a batch id: failed, and nothing is sent again one by one', async () => {
    const app = await load({ calls: { atomic: 'supported' } });
    app.wallet.answer('wallet_sendCalls', () => 'sent!');
    app.send();
    await app.waitFor(app.ended);
    expect(app.batch()).toMatchObject({ status: 'failed', sent: 0, error: { message: BATCH_MESSAGES.invalidCallsId } });
    expect(app.wallet.count('eth_sendTransaction')).toBe(0);
    expect(app.list()).toEqual([]);
  });
});

describe('a wallet that does not batch: one by one, with progress', () => {
  it.each<[string, (wallet: FakeEip1193Provider) => void]>([
    ['atomic unsupported', (wallet) => wallet.core.supportCalls({ atomic: 'unsupported' })],
    ['the methods unknown (-32601)', (wallet) => wallet.answer('wallet_getCapabilities', () => { throw rpcError(-32601, 'The method does not exist / is not available.'); })],
    ['no EIP-5792 at all (4200)', () => undefined],
    ['garbage capabilities', (wallet) => wallet.answer('wallet_getCapabilities', () => ({ '0x7a69': { atomic: 'yes' }, '0x0': 'all' }))],
    ['capabilities of another chain only', (wallet) => wallet.answer('wallet_getCapabilities', () => ({ '0x1': { atomic: { status: 'supported' } } }))],
  ])('%s: three transfers, three transactions, three records', async (_what, setUp) => {
    const app = await load();
    setUp(app.wallet);
    app.send();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    expect(app.batch()).toMatchObject({ mode: 'oneByOne', sent: 3 });
    expect(app.wallet.count('wallet_sendCalls')).toBe(0);
    expect(app.wallet.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => r.params)).toEqual([
      [{ from: ACCOUNT, to: BOB, value: '0x3e8' }],
      [{ from: ACCOUNT, to: CAROL, value: '0x7d0' }],
      [{ from: ACCOUNT, to: DAVE, value: '0xbb8' }],
    ]);
    expect(app.list().map((tx) => [tx.via.kind, tx.hash, tx.transfers])).toEqual([
      ['transaction', hash(1003), [TRANSFERS[2]]],
      ['transaction', hash(1002), [TRANSFERS[1]]],
      ['transaction', hash(1001), [TRANSFERS[0]]],
    ]);
  });

  it('a wallet_sendCalls the wallet does not know after all (-32601): one by one, and not asked again', async () => {
    const app = await load();
    app.wallet.answer('wallet_getCapabilities', () => ({ '0x7a69': { atomic: { status: 'supported' } } }));
    app.wallet.answer('wallet_sendCalls', () => { throw rpcError(-32601, 'The method does not exist / is not available.'); });
    app.send();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    expect(app.wallet.count('eth_sendTransaction')).toBe(3);
    app.send(TRANSFERS.slice(0, 2));
    await app.waitFor((s) => s.transactions.batch?.status === 'done' && s.transactions.list.length === 5);
    expect(app.wallet.count('wallet_sendCalls')).toBe(1);
  });

  it('capabilities that never come: after the hang guard, one by one (fake clock)', async () => {
    const app = await load({ capabilitiesMs: 5_000 });
    let asked: () => void = () => undefined;
    const capabilitiesAsked = new Promise<void>((resolve) => (asked = resolve));
    app.wallet.answer('wallet_getCapabilities', () => {
      asked();
      return HANG;
    });
    jest.useFakeTimers();
    app.send();
    // The watchers of a wallet in use load when the page is idle after "Connected" (a real timer set
    // before the fake clock): the clock moves only once the guard's timer is set, with the question.
    await capabilitiesAsked;
    await jest.advanceTimersByTimeAsync(4_999);
    expect(app.batch()).toMatchObject({ status: 'checking', sent: 0 });
    expect(app.wallet.count('eth_sendTransaction')).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    await jest.advanceTimersByTimeAsync(0);
    jest.useRealTimers();
    await app.waitFor((s) => s.transactions.batch?.status === 'done');
    expect(app.batch()).toMatchObject({ mode: 'oneByOne', sent: 3 });
  });

  it('a refusal in the middle: the first stays tracked, the rest are not sent', async () => {
    const app = await load();
    let asked = 0;
    app.wallet.answer('eth_sendTransaction', () => {
      asked += 1;
      if (asked === 2) throw rpcError(4001, 'User rejected the request.');
      return hash(2000 + asked);
    });
    app.send();
    await app.waitFor(app.ended);
    expect(app.batch()).toMatchObject({ status: 'declined', sent: 1 });
    expect(app.wallet.count('eth_sendTransaction')).toBe(2);
    expect(app.list()).toEqual([expect.objectContaining({ hash: hash(2001), status: 'pending', transfers: [TRANSFERS[0]] })]);
  });

  it('Stop: the transfer the wallet is asked about is still recorded when it answers; no later one is asked', async () => {
    const app = await load();
    let release: (value: string) => void = () => undefined;
    let asked = 0;
    app.wallet.answer('eth_sendTransaction', () => {
      asked += 1;
      return asked === 2 ? new Promise<string>((resolve) => (release = resolve)) : hash(3000 + asked);
    });
    app.send();
    await app.waitFor((s) => s.transactions.batch?.sent === 1 && asked === 2);
    const id = app.batch()?.id ?? '';
    app.store.dispatch(batchActions.changed({ id, stop: true }));
    expect(app.batch()).toMatchObject({ status: 'waiting', stopRequested: true });
    release(hash(3002));
    await app.waitFor(app.ended);
    expect(app.batch()).toMatchObject({ status: 'stopped', sent: 2 });
    expect(asked).toBe(2);
    expect(app.list().map((tx) => tx.hash)).toEqual([hash(3002), hash(3001)]);
  });

  it('a change of account between two transfers stops it, saying why; what was sent stays', async () => {
    const app = await load();
    const other = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    let asked = 0;
    app.wallet.answer('eth_sendTransaction', async () => {
      asked += 1;
      if (asked === 1) {
        app.wallet.core.accounts.push(other);
        await app.wallet.core.selectAccount(other);
        // The user switched accounts while the wallet's prompt was open: the page knows before the answer.
        await app.waitFor((s) => s.wallet.connections.injected.accounts?.[0] === BOB);
      }
      return hash(4000 + asked);
    });
    app.send();
    await app.waitFor(app.ended);
    expect(app.batch()).toMatchObject({ status: 'stopped', sent: 1, error: { message: BATCH_MESSAGES.interrupted(BATCH_MESSAGES.accountChanged(ACCOUNT, BOB)) } });
    expect(app.list().map((tx) => tx.account)).toEqual([ACCOUNT]);
  });
});

describe('a smart account\'s transaction', () => {
  it('a receipt whose `from` is a bundler is still the user\'s: matched by its hash only', () => {
    const receipt = { transactionHash: hash(9), blockNumber: '0x5', status: '0x1', from: '0x4337000000000000000000000000000000000001', to: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' };
    expect(parseReceipt(receipt, hash(9))).toEqual({ blockNumber: 5, success: true });
  });
});
