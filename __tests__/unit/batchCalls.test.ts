// EIP-5792 answers as the app reads them (src/lib/batchCalls.ts, docs/behaviour.md §7.9, §10.1): only
// what the EIP says is taken; anything else is unsupported (capabilities) or no answer (status).
import { readAtomic, readCallsId, readCallsStatus, sendCallsParams } from '../../src/lib/batchCalls';
import { buildChainTable } from '../../src/lib/chainDefaults';
import type { SentTransaction } from '../../src/lib/sentTransactions';
import { failureDetail, statusWords, transferWords } from '../../src/features/transactions/words';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const receipt = (n: number, ok = true, block = '0x5') => ({ transactionHash: hash(n), blockNumber: block, status: ok ? '0x1' : '0x0', from: '0x4337000000000000000000000000000000000001' });

describe('wallet_getCapabilities', () => {
  it.each<[string, unknown, string]>([
    ['the chain supported', { '0x7a69': { atomic: { status: 'supported' } } }, 'supported'],
    ['the chain ready', { '0x7a69': { atomic: { status: 'ready' } } }, 'ready'],
    ['every chain ready', { '0x0': { atomic: { status: 'ready' } } }, 'ready'],
    ['the chain with leading zeros', { '0x007a69': { atomic: { status: 'supported' } } }, 'supported'],
    ['the chain unsupported although every chain is', { '0x7a69': { atomic: { status: 'unsupported' } }, '0x0': { atomic: { status: 'supported' } } }, 'unsupported'],
    ['another chain only', { '0x1': { atomic: { status: 'supported' } } }, 'unsupported'],
    ['a status it does not define', { '0x7a69': { atomic: { status: 'yes' } } }, 'unsupported'],
    ['atomic as a boolean (an older draft)', { '0x7a69': { atomicBatch: { supported: true } } }, 'unsupported'],
    ['text', 'supported', 'unsupported'],
    ['null', null, 'unsupported'],
    ['an array', [{ atomic: { status: 'supported' } }], 'unsupported'],
  ])('%s', (_what, raw, expected) => {
    expect(readAtomic(raw, 31337)).toBe(expected);
  });

  it('a hostile object reads as unsupported', () => {
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('boom'); } });
    expect(readAtomic(proxy, 31337)).toBe('unsupported');
  });
});

describe('wallet_sendCalls', () => {
  it('asks for version 2.0.0, all or nothing, values in hex', () => {
    expect(sendCallsParams(ALICE, 1, [{ to: BOB, valueWei: '1000000000000000000' }])).toEqual([
      { version: '2.0.0', chainId: '0x1', from: ALICE, atomicRequired: true, calls: [{ to: BOB, value: '0xde0b6b3a7640000' }] },
    ]);
  });

  it.each<[string, unknown, string | undefined]>([
    ['an id', { id: '0xabc' }, '0xabc'],
    ['an id with capabilities', { id: 'batch-1', capabilities: {} }, 'batch-1'],
    ['a bare string (version 1)', '0xabc', undefined],
    ['an empty id', { id: '' }, undefined],
    ['an id with a newline', { id: 'a\nb' }, undefined],
    ['an id too long', { id: 'a'.repeat(4097) }, undefined],
    ['a number', { id: 7 }, undefined],
  ])('%s', (_what, raw, expected) => {
    expect(readCallsId(raw)).toBe(expected);
  });
});

describe('wallet_getCallsStatus', () => {
  it.each<[string, unknown, unknown]>([
    ['100: pending', { status: 100 }, { status: 'pending' }],
    ['200 with its receipt: confirmed (a bundler\'s `from` is fine)', { status: 200, id: 'b', chainId: '0x7a69', receipts: [receipt(1)] }, { status: 'confirmed', receipts: [{ hash: hash(1), blockNumber: 5, success: true }], blockNumber: 5, hash: hash(1), offchain: false }],
    ['400: failed off chain, no receipt', { status: 400 }, { status: 'failed', receipts: [], offchain: true }],
    ['500: reverted on chain', { status: 500, receipts: [receipt(1, false)] }, { status: 'failed', receipts: [{ hash: hash(1), blockNumber: 5, success: false }], blockNumber: 5, hash: hash(1), offchain: false }],
    ['600: partly through', { status: 600, receipts: [receipt(1), receipt(2, false, '0x6')] }, { status: 'partial', receipts: [{ hash: hash(1), blockNumber: 5, success: true }, { hash: hash(2), blockNumber: 6, success: false }], blockNumber: 6, offchain: false }],
  ])('%s', (_what, raw, expected) => {
    expect(readCallsStatus(raw, 'b', 31337)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['a status as text', { status: 'CONFIRMED' }],
    ['a code no range has', { status: 300 }],
    ['another batch\'s answer', { status: 200, id: 'other', receipts: [receipt(1)] }],
    ['another chain\'s answer', { status: 200, chainId: '0x1', receipts: [receipt(1)] }],
    ['confirmed without receipts', { status: 200 }],
    ['confirmed with a reverted receipt', { status: 200, receipts: [receipt(1, false)] }],
    ['a receipt without a hash', { status: 200, receipts: [{ blockNumber: '0x1', status: '0x1' }] }],
    ['a block of 2^53', { status: 200, receipts: [receipt(1, true, '0x20000000000000')] }],
    ['eleven receipts', { status: 600, receipts: Array.from({ length: 11 }, (_, i) => receipt(i)) }],
    ['receipts that are not a list', { status: 600, receipts: 'some' }],
    ['null', null],
  ])('refuses %s', (_what, raw) => {
    expect(readCallsStatus(raw, 'b', 31337)).toBeUndefined();
  });
});

describe('a batch in the user\'s words', () => {
  const chains = buildChainTable({}, 'http://127.0.0.1:8545');
  const batch = (extra: Partial<SentTransaction>): SentTransaction => ({
    via: { kind: 'calls', id: 'b' },
    chainId: 31337,
    account: ALICE,
    transfers: [
      { to: BOB, valueWei: '100000000000000000' },
      { to: BOB, toName: 'bob.test', valueWei: '200000000000000000' },
    ],
    status: 'pending',
    sentAt: 1,
    ...extra,
  });

  it('the total and how many recipients, as it goes', () => {
    expect(transferWords(batch({}), chains)).toBe('Sending 0.3 ETH to 2 recipients');
    expect(transferWords(batch({ status: 'confirmed', blockNumber: 4 }), chains)).toBe('Sent 0.3 ETH to 2 recipients');
    expect(transferWords(batch({ status: 'partial', blockNumber: 4 }), chains)).toBe('Partly sent 0.3 ETH to 2 recipients');
  });

  it('failed off chain: no money moved, the exact outcome under Details', () => {
    const failed = batch({ status: 'failed' });
    expect(statusWords(failed)).toBe('The wallet could not get it onto the network: no money moved.');
    expect(failureDetail(failed)).toBe('The wallet reported the batch as failed off chain (EIP-5792 status 4xx)');
  });

  it('partly through: what to check, and how many receipts reverted', () => {
    const partial = batch({ status: 'partial', blockNumber: 4, receipts: [{ hash: hash(1), blockNumber: 4, success: false }, { hash: hash(2), blockNumber: 4, success: true }] });
    expect(statusWords(partial)).toBe('Only part of it went through: check in your wallet or the explorer which transfers arrived.');
    expect(failureDetail(partial)).toBe('The wallet reported the batch as partly through (EIP-5792 status 6xx); 1 of its receipts reverted');
  });
});
