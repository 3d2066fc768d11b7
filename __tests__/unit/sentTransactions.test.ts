// Transactions the user sent, kept across reloads (docs/behaviour.md §10.3): every entry read back is
// checked (storage is untrusted), the list is bounded with the oldest dropped, and storage that
// refuses costs the memory only.
import {
  MAX_PER_ACCOUNT_CHAIN,
  MAX_STORED_CHARS,
  MAX_TRANSACTIONS,
  TRANSACTIONS_KEY,
  type SentTransaction,
} from '../../src/lib/sentTransactions';
import { boundTransactions, createTransactionMemory, readSentTransaction, readTransactionList } from '../../src/lib/sentRecords';
import { transactionsActions as a, transactionsSlice, MAX_TOASTS } from '../../store/transactionsSlice';
import { selectPendingTransactions, selectRecentTransactions, selectToastTransactions } from '../../store/transactionsSelectors';
import type { RootState } from '../../store/types';
import { memoryWebStorage } from '../support/webStorage';
// The records reducer joins the slice when its code loads (the signing panel, the follower): here, at once.

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

const tx = (n: number, extra: Partial<SentTransaction> = {}): SentTransaction => ({
  via: { kind: 'transaction' },
  hash: hash(n),
  chainId: 31337,
  account: ALICE,
  transfers: [{ to: BOB, valueWei: '10000000000000000' }],
  status: 'pending',
  sentAt: n,
  ...extra,
});
/** The record with its one transfer changed. */
const transfer = (n: number, change: Record<string, unknown>) => ({ ...tx(n), transfers: [{ to: BOB, valueWei: '10000000000000000', ...change }] });
const named = { transfers: [{ to: BOB, toName: 'bob.test', valueWei: '10000000000000000' }] };
const key = (n: number) => ({ key: `31337:${hash(n)}` });

describe('an entry read back', () => {
  it('keeps a well-formed one, checksummed and lowercase-hashed, and only its known fields', () => {
    const raw = { ...tx(1, { status: 'confirmed', blockNumber: 5, ...named }), account: ALICE.toLowerCase(), hash: hash(1).toUpperCase().replace('0X', '0x'), extra: '<script>' };
    expect(readSentTransaction(raw)).toEqual(tx(1, { status: 'confirmed', blockNumber: 5, ...named }));
  });

  it.each<[string, unknown]>([
    ['not an object', 'tx'],
    ['an array', [tx(1)]],
    ['a short hash', { ...tx(1), hash: '0x1234' }],
    ['a chain id of 0', { ...tx(1), chainId: 0 }],
    ['a chain id as text', { ...tx(1), chainId: '31337' }],
    ['an account that is not an address', { ...tx(1), account: 'alice' }],
    ['a bad checksum', transfer(1, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79c8' })],
    ['a negative amount', transfer(1, { valueWei: '-1' })],
    ['an amount above 2^256 - 1', transfer(1, { valueWei: (1n << 256n).toString() })],
    ['an amount as a number', transfer(1, { valueWei: 1 })],
    ['an unknown status', { ...tx(1), status: 'stolen' }],
    ['confirmed without a block', { ...tx(1), status: 'confirmed' }],
    ['pending with a block', { ...tx(1), blockNumber: 3 }],
    ['a block of 2^53', { ...tx(1), status: 'failed', blockNumber: 2 ** 53 }],
    ['a time that is not a number', { ...tx(1), sentAt: '2026' }],
    ['a time of Infinity', { ...tx(1), sentAt: Infinity }],
    ['a name that is not text', transfer(1, { toName: 42 })],
    ['a name with a space', transfer(1, { toName: 'bob test' })],
    ['a name far too long', transfer(1, { toName: `${'a'.repeat(300)}.test` })],
  ])('refuses %s', (_why, raw) => {
    expect(readSentTransaction(raw)).toBeUndefined();
  });

  it('survives a hostile object (a getter that throws, a Proxy)', () => {
    const getter = Object.defineProperty({ ...tx(1) }, 'hash', {
      get() {
        throw new Error('boom');
      },
    });
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
      },
    );
    expect(readSentTransaction(getter)).toBeUndefined();
    expect(readSentTransaction(proxy)).toBeUndefined();
  });
});

describe('the list is bounded: the oldest are dropped', () => {
  it(`keeps ${MAX_PER_ACCOUNT_CHAIN} per account and chain, newest first`, () => {
    const many = Array.from({ length: MAX_PER_ACCOUNT_CHAIN + 5 }, (_, i) => tx(i + 1));
    const kept = boundTransactions(many);
    expect(kept.map((t) => t.sentAt)).toEqual(Array.from({ length: MAX_PER_ACCOUNT_CHAIN }, (_, i) => MAX_PER_ACCOUNT_CHAIN + 5 - i));
  });

  it('another account or chain has its own ten', () => {
    const list = [
      ...Array.from({ length: 12 }, (_, i) => tx(i + 1)),
      ...Array.from({ length: 3 }, (_, i) => tx(100 + i, { account: BOB })),
      ...Array.from({ length: 3 }, (_, i) => tx(200 + i, { chainId: 1 })),
    ];
    const kept = boundTransactions(list);
    expect(kept.filter((t) => t.account === ALICE && t.chainId === 31337)).toHaveLength(10);
    expect(kept.filter((t) => t.account === BOB)).toHaveLength(3);
    expect(kept.filter((t) => t.chainId === 1)).toHaveLength(3);
  });

  it(`keeps ${MAX_TRANSACTIONS} in all`, () => {
    const list = Array.from({ length: 30 }, (_, chain) => Array.from({ length: 5 }, (_, i) => tx(chain * 10 + i + 1, { chainId: chain + 1 }))).flat();
    const kept = boundTransactions(list);
    const newest = list.map((t) => t.sentAt).sort((x, y) => y - x).slice(0, MAX_TRANSACTIONS);
    expect(kept.map((t) => t.sentAt)).toEqual(newest);
  });

  it('one entry per transaction (the same hash on another chain is another transaction)', () => {
    expect(boundTransactions([tx(1), tx(1, { sentAt: 9 }), tx(1, { chainId: 1 })])).toHaveLength(2);
  });

  it('a hostile list read back: bounded before it is checked, the good entries kept', () => {
    const list = [...Array.from({ length: 10_000 }, () => 'junk'), tx(1)];
    expect(readTransactionList(list)).toEqual([]);
    expect(readTransactionList([null, 7, tx(2), { ...tx(3), hash: 'x' }])).toEqual([tx(2)]);
    expect(readTransactionList({ length: 3 })).toEqual([]);
  });
});

describe('kept across reloads in storage', () => {
  it('writes the list and reads it back on the next page', () => {
    const storage = memoryWebStorage();
    createTransactionMemory(storage).save([tx(1), tx(2, { status: 'confirmed', blockNumber: 4 })]);
    expect(JSON.parse(storage.dump()[TRANSACTIONS_KEY] ?? 'null')).toMatchObject({ v: 2, transactions: [{ sentAt: 2 }, { sentAt: 1 }] });
    expect(createTransactionMemory(storage).load()).toEqual([tx(2, { status: 'confirmed', blockNumber: 4 }), tx(1)]);
  });

  it('an empty list leaves nothing in storage', () => {
    const storage = memoryWebStorage({ [TRANSACTIONS_KEY]: 'x' });
    createTransactionMemory(storage).save([]);
    expect(storage.dump()).toEqual({});
  });

  it('two tabs: what the other tab wrote meanwhile is kept, each transaction as the more settled copy has it', () => {
    const storage = memoryWebStorage();
    const first = createTransactionMemory(storage);
    const second = createTransactionMemory(storage);
    first.save([tx(1)]);
    second.save([tx(2), tx(1, { status: 'confirmed', blockNumber: 3 })]);
    // The first tab still thinks tx 1 is pending, and knows nothing of tx 2.
    first.save([tx(3), tx(1)]);
    expect(createTransactionMemory(storage).load()).toEqual([tx(3), tx(2), tx(1, { status: 'confirmed', blockNumber: 3 })]);
  });

  it.each<[string, string]>([
    ['not JSON', '{ nope'],
    ['JSON of another shape', '[1,2,3]'],
    ['another version', JSON.stringify({ v: 3, transactions: [tx(1)] })],
    ['a list that is not one', JSON.stringify({ v: 1, transactions: 'all of them' })],
    ['more text than a list can be', JSON.stringify({ v: 1, transactions: [tx(1)], pad: 'x'.repeat(MAX_STORED_CHARS) })],
  ])('reads nothing from %s', (_why, text) => {
    expect(createTransactionMemory(memoryWebStorage({ [TRANSACTIONS_KEY]: text })).load()).toEqual([]);
  });

  it('storage that throws on every call: nothing is remembered, nothing breaks', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const memory = createTransactionMemory(refusing);
    expect(memory.load()).toEqual([]);
    expect(() => memory.save([tx(1)])).not.toThrow();
    expect(() => memory.save([])).not.toThrow();
    expect(createTransactionMemory(undefined).load()).toEqual([]);
  });
});

describe('the transactions slice', () => {
  const reduce = (...actions: Parameters<typeof transactionsSlice.reducer>[1][]) => actions.reduce(transactionsSlice.reducer, transactionsSlice.reducer(undefined, { type: 'init' }));
  const sent = (n: number, extra: Partial<SentTransaction> = {}) => {
    const { status: _s, blockNumber: _b, ...payload } = tx(n, extra);
    return a.sent(payload);
  };
  const root = (transactions: ReturnType<typeof reduce>) => ({ transactions }) as unknown as RootState;

  it('a sent transaction is pending, in its account\'s list, with a toast', () => {
    const state = reduce(sent(1));
    expect(state.list).toEqual([tx(1)]);
    expect(state.toasts).toEqual([`31337:${hash(1)}`]);
  });

  it('mined: confirmed or failed in its block; a second receipt changes nothing', () => {
    const state = reduce(sent(1), sent(2), a.settled({ ...key(1), blockNumber: 7, status: 'confirmed' }), a.settled({ ...key(2), blockNumber: 8, status: 'failed' }));
    expect(state.list.map((t) => [t.status, t.blockNumber])).toEqual([
      ['failed', 8],
      ['confirmed', 7],
    ]);
    expect(reduce(sent(1), a.settled({ ...key(1), blockNumber: 7, status: 'confirmed' }), a.settled({ ...key(1), blockNumber: 9, status: 'failed' })).list[0]).toMatchObject({ status: 'confirmed', blockNumber: 7 });
  });

  it('not confirmed in time, then followed again and mined', () => {
    const state = reduce(sent(1), a.unconfirmed(key(1)));
    expect(state.list[0]?.status).toBe('unconfirmed');
    const again = reduce(sent(1), a.unconfirmed(key(1)), a.recheckStarted(key(1)), a.settled({ ...key(1), blockNumber: 3, status: 'confirmed' }));
    expect(again.list[0]).toMatchObject({ status: 'confirmed', blockNumber: 3 });
  });

  it('hand-made actions (DevTools, a replay) store nothing malformed', () => {
    const state = reduce(
      a.sent({ ...tx(1), hash: 'nope' }),
      a.restored({ transactions: [{ ...tx(2), chainId: -1 }, tx(3)] }),
      a.restored(null as never),
      a.settled({ ...key(3), blockNumber: -1, status: 'confirmed' }),
      a.settled(undefined as never),
      a.toastDismissed({} as never),
    );
    expect(state.list).toEqual([tx(3)]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('restored entries merge under this page\'s, and get no toast', () => {
    const state = reduce(sent(5), a.restored({ transactions: [tx(1), tx(5, { status: 'confirmed', blockNumber: 1 })] }));
    expect(state.list.map((t) => t.sentAt)).toEqual([5, 1]);
    expect(state.list[0]?.status).toBe('pending');
    expect(state.toasts).toEqual([`31337:${hash(5)}`]);
    expect(state.restored).toBe(true);
  });

  it(`toasts: dismissed one by one, at most ${MAX_TOASTS} at once (the oldest closes)`, () => {
    const state = reduce(sent(1), sent(2), sent(3), sent(4), a.toastDismissed(key(3)));
    expect(selectToastTransactions(root(state)).map((t) => t.sentAt)).toEqual([2, 4]);
  });

  it('selectors: the recent and pending transactions of one account on one chain', () => {
    const state = reduce(sent(1), sent(2, { account: BOB }), sent(3, { chainId: 1 }), sent(4), a.settled({ ...key(4), blockNumber: 2, status: 'confirmed' }));
    expect(selectRecentTransactions(root(state), ALICE.toLowerCase(), 31337).map((t) => t.sentAt)).toEqual([4, 1]);
    expect(selectPendingTransactions(root(state), ALICE, 31337).map((t) => t.sentAt)).toEqual([1]);
    expect(selectPendingTransactions(root(state), ALICE, 31337)).toBe(selectPendingTransactions(root(state), ALICE, 31337));
  });
});

describe('records by what the wallet returned (docs/behaviour.md §10.1)', () => {
  const CALLS_ID = 'batch-Id_0001'; // a wallet's own text: its case is kept
  const batch = (n: number, extra: Partial<SentTransaction> = {}): SentTransaction => ({
    via: { kind: 'calls', id: `${CALLS_ID}-${n}` },
    chainId: 31337,
    account: ALICE,
    transfers: [
      { to: BOB, valueWei: '1' },
      { to: ALICE, toName: 'alice.test', valueWei: '2' },
    ],
    status: 'pending',
    sentAt: n,
    ...extra,
  });
  const proposal = (n: number, extra: Partial<SentTransaction> = {}): SentTransaction => ({
    via: { kind: 'safe', safeTxHash: hash(500 + n) },
    chainId: 31337,
    account: ALICE,
    transfers: [{ to: BOB, valueWei: '3' }],
    status: 'pending',
    sentAt: n,
    ...extra,
  });

  it('a list stored before batches (version 1: a hash and one transfer\'s fields) loads as transactions', () => {
    const old = [
      { hash: hash(1), chainId: 31337, account: ALICE, to: BOB, toName: 'bob.test', valueWei: '5', status: 'confirmed', blockNumber: 9, sentAt: 2 },
      { hash: hash(2), chainId: 31337, account: ALICE, to: BOB, valueWei: '6', status: 'pending', sentAt: 1 },
      { hash: hash(3), chainId: 31337, account: ALICE, to: 'nobody', valueWei: '6', status: 'pending', sentAt: 0 },
    ];
    const storage = memoryWebStorage({ [TRANSACTIONS_KEY]: JSON.stringify({ v: 1, transactions: old }) });
    expect(createTransactionMemory(storage).load()).toEqual([
      tx(2, { hash: hash(1), transfers: [{ to: BOB, toName: 'bob.test', valueWei: '5' }], status: 'confirmed', blockNumber: 9 }),
      tx(1, { hash: hash(2), transfers: [{ to: BOB, valueWei: '6' }] }),
    ]);
  });

  it.each<[string, SentTransaction]>([
    ['a transaction', tx(1, { status: 'confirmed', blockNumber: 4 })],
    ['a batch, pending', batch(2)],
    ['a batch, partly through, with its receipts', batch(3, { status: 'partial', blockNumber: 8, receipts: [{ hash: hash(9), blockNumber: 8, success: false }] })],
    ['a batch failed off chain (no block)', batch(4, { status: 'failed' })],
    ['a Safe proposal, its chain hash not known yet', proposal(5)],
    ['a Safe proposal, executed', proposal(6, { hash: hash(60), status: 'confirmed', blockNumber: 3 })],
  ])('%s round-trips through storage', (_what, record) => {
    const storage = memoryWebStorage();
    createTransactionMemory(storage).save([record]);
    expect(JSON.parse(storage.dump()[TRANSACTIONS_KEY] ?? 'null')).toMatchObject({ v: 2 });
    expect(createTransactionMemory(storage).load()).toEqual([record]);
  });

  it.each<[string, unknown]>([
    ['a garbage status', { ...batch(1), status: 200 }],
    ['a status no record has', { ...batch(1), status: 'done' }],
    ['an unknown via', { ...tx(1), via: { kind: 'magic' } }],
    ['a via that is text', { ...tx(1), via: 'calls' }],
    ['a transaction without its hash', { ...tx(1), hash: undefined }],
    ['a batch id that is not text', { ...batch(1), via: { kind: 'calls', id: 7 } }],
    ['an empty batch id', { ...batch(1), via: { kind: 'calls', id: '' } }],
    ['a batch id with a space', { ...batch(1), via: { kind: 'calls', id: 'a b' } }],
    ['a batch id too long', { ...batch(1), via: { kind: 'calls', id: 'a'.repeat(4097) } }],
    ['a Safe hash that is not one', { ...proposal(1), via: { kind: 'safe', safeTxHash: '0x12' } }],
    ['partial for a transaction', { ...tx(1), status: 'partial', blockNumber: 3 }],
    ['a pending batch with a block', { ...batch(1), blockNumber: 3 }],
    ['a batch of no transfers', { ...batch(1), transfers: [] }],
    ['a batch of eleven', { ...batch(1), transfers: Array.from({ length: 11 }, () => ({ to: BOB, valueWei: '1' })) }],
    ['a transaction of two transfers', { ...tx(1), transfers: batch(1).transfers }],
    ['a bad transfer in a batch', { ...batch(1), transfers: [{ to: BOB, valueWei: '1' }, { to: BOB, valueWei: '-1' }] }],
    ['a receipt that is not one', { ...batch(1), status: 'confirmed', receipts: [{ hash: hash(1), blockNumber: 1, success: 'yes' }] }],
    ['receipts on a transaction', { ...tx(1), status: 'confirmed', blockNumber: 1, receipts: [] }],
  ])('refuses %s', (_why, raw) => {
    expect(readSentTransaction(raw)).toBeUndefined();
  });

  it('keys are unique per chain and per kind: the same text as a hash, a batch id and a Safe hash is three records', () => {
    const same = hash(7);
    const list = readTransactionList([
      tx(1, { hash: same }),
      batch(2, { via: { kind: 'calls', id: same } }),
      proposal(3, { via: { kind: 'safe', safeTxHash: same } }),
      batch(4, { via: { kind: 'calls', id: same }, chainId: 1 }),
      batch(5, { via: { kind: 'calls', id: same } }),
    ]);
    expect(list.map((t) => [t.via.kind, t.chainId])).toEqual([
      ['calls', 31337],
      ['calls', 1],
      ['safe', 31337],
      ['transaction', 31337],
    ]);
  });

  it('a batch settles with its receipts; a settlement that would make a malformed record is refused', () => {
    const reduce = (...actions: Parameters<typeof transactionsSlice.reducer>[1][]) => actions.reduce(transactionsSlice.reducer, transactionsSlice.reducer(undefined, { type: 'init' }));
    const { status: _s, ...payload } = batch(1);
    const ref = { key: `31337:calls:${CALLS_ID}-1` };
    const receipts = [{ hash: hash(20), blockNumber: 6, success: true }];
    expect(reduce(a.sent(payload)).toasts).toEqual([ref.key]);
    expect(reduce(a.sent(payload), a.settled({ ...ref, status: 'confirmed', blockNumber: 6, hash: hash(20), receipts })).list[0]).toEqual(
      batch(1, { status: 'confirmed', blockNumber: 6, hash: hash(20), receipts }),
    );
    const refused = reduce(
      a.sent(payload),
      a.settled({ ...ref, status: 'pending' as never }),
      a.settled({ ...ref, status: 'confirmed', receipts: [{ hash: 'x', blockNumber: 1, success: true }] }),
      a.settled({ ...ref, status: 'partial', hash: 'not a hash' }),
    );
    expect(refused.list[0]).toEqual(batch(1));
  });
});
