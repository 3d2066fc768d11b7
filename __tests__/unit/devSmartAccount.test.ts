// The development Coinbase popup's smart account, the parts without a chain
// (scripts/dev/coinbase/smartAccount.ts): how its answers are wrapped, which accounts the popup offers
// for the site's preference, what it accepts as a batch, and its wallet_getCallsStatus answers.
// Against a real chain: __tests__/rpc/devSmartAccount.test.ts.
import { AbiCoder, SigningKey, Wallet, dataSlice, hashMessage, id, recoverAddress, toUtf8Bytes } from 'ethers';
import {
  DEV_SMART_BUNDLER,
  ERC6492_SUFFIX,
  callsStatus,
  capabilitiesFor,
  createCalldata,
  offeredAccounts,
  personalMessageHash,
  readPreference,
  readSendCalls,
  readTransactionCall,
  replaySafeHash,
  signHash,
  smartAccountInfo,
  typedDataHash,
} from '../../scripts/dev/coinbase/smartAccount';
import { TEST_ACCOUNTS } from '../support/anvil';

const info = smartAccountInfo(id('walletdeck.unit.smart-owner'));
const HASH = hashMessage('hello');
const EOAS = TEST_ACCOUNTS.map((a) => a.address);

describe('its signatures', () => {
  it('before it exists: ERC-6492, the factory call that makes it around the owner\'s signature of its replay-safe hash', () => {
    const wrapped = signHash(info, 31337, HASH, false);
    expect(wrapped.endsWith(ERC6492_SUFFIX.slice(2))).toBe(true);
    const [factory, calldata, inner] = AbiCoder.defaultAbiCoder().decode(['address', 'bytes', 'bytes'], dataSlice(wrapped, 0, (wrapped.length - 2) / 2 - 32));
    expect(factory).toBe(info.factory);
    expect(calldata).toBe(createCalldata(info));
    expect(recoverAddress(replaySafeHash(info.address, 31337, HASH), inner as string)).toBe(info.owner);
  });

  it('once it exists: the plain 65 bytes, the same inner signature; never a signature of the bare hash', () => {
    const plain = signHash(info, 31337, HASH, true);
    expect(plain).toMatch(/^0x[0-9a-f]{130}$/);
    expect(recoverAddress(replaySafeHash(info.address, 31337, HASH), plain)).toBe(info.owner);
    expect(plain).not.toBe(new SigningKey(info.ownerKey).sign(HASH).serialized);
    // Another account or chain: another hash to sign.
    expect(replaySafeHash(info.address, 1, HASH)).not.toBe(replaySafeHash(info.address, 31337, HASH));
    expect(replaySafeHash(EOAS[0]!, 31337, HASH)).not.toBe(replaySafeHash(info.address, 31337, HASH));
  });

  it('hashes personal_sign payloads as EIP-191 (hex is bytes) and typed data as EIP-712, refusing what is neither', () => {
    expect(personalMessageHash('0x68656c6c6f')).toBe(HASH);
    expect(personalMessageHash('hello')).toBe(hashMessage(toUtf8Bytes('hello')));
    expect(() => personalMessageHash(42)).toThrow(expect.objectContaining({ code: -32602 }));
    const typed = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
      domain: { name: 'Walletdeck' },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    };
    expect(typedDataHash(JSON.stringify(typed))).toBe(typedDataHash(typed));
    expect(typedDataHash(typed)).toMatch(/^0x[0-9a-f]{64}$/);
    for (const garbage of ['{', '"text"', { types: {} }, { ...typed, message: { contents: 5 } }, null]) {
      expect(() => typedDataHash(garbage)).toThrow(expect.objectContaining({ code: -32602 }));
    }
  });
});

describe('the accounts it offers', () => {
  it.each([
    ['all', [info.address, ...EOAS]],
    ['smartWalletOnly', [info.address]],
    ['eoaOnly', EOAS],
  ] as const)("the site's preference %s: %j", (preference, expected) => {
    expect(offeredAccounts(EOAS, info.address, readPreference({ preference: { options: preference } }))).toEqual(expected);
  });

  it('reads the preference from the config message, anything else as all; without a smart account, the keys', () => {
    expect(readPreference({ metadata: {}, preference: { options: 'eoaOnly', attribution: { auto: true } } })).toBe('eoaOnly');
    for (const config of [undefined, null, 'smartWalletOnly', {}, { preference: 'smartWalletOnly' }, { preference: { options: 'SMARTWALLETONLY' } }]) {
      expect(readPreference(config)).toBe('all');
    }
    expect(offeredAccounts(EOAS, undefined, 'smartWalletOnly')).toEqual(EOAS);
  });

  it('reports batches as supported on the local chain for the smart account only', () => {
    expect(capabilitiesFor(info.address.toLowerCase(), info, 31337)).toEqual({ '0x7a69': { atomic: { status: 'supported' } } });
    expect(capabilitiesFor(EOAS[0], info, 31337)).toEqual({});
    expect(capabilitiesFor(undefined, info, 31337)).toEqual({});
    expect(capabilitiesFor(info.address, undefined, 31337)).toEqual({});
  });
});

describe('what it accepts to send', () => {
  const batch = (over: Record<string, unknown> = {}) => [
    { version: '2.0.0', chainId: '0x7a69', from: info.address, atomicRequired: true, calls: [{ to: EOAS[1], value: '0x10' }, { to: EOAS[2], data: '0xabcd' }], ...over },
  ];

  it('a wallet_sendCalls of its own account on its chain, as calls', () => {
    expect(readSendCalls(batch(), info.address, 31337)).toEqual([
      { target: EOAS[1], value: 16n, data: '0x' },
      { target: EOAS[2], value: 0n, data: '0xabcd' },
    ]);
    expect(readSendCalls(batch({ capabilities: { paymasterService: { optional: true } } }), info.address, 31337)).toHaveLength(2);
  });

  it.each<[string, unknown, number]>([
    ['another account', batch({ from: EOAS[0] }), 4100],
    ['another chain', batch({ chainId: '0x1' }), 5710],
    ['another version', batch({ version: '1.0' }), -32602],
    ['no calls', batch({ calls: [] }), -32602],
    ['too many calls', batch({ calls: Array.from({ length: 21 }, () => ({ to: EOAS[1] })) }), 5740],
    ['a contract creation', batch({ calls: [{ data: '0x60' }] }), -32602],
    ['a value that is no quantity', batch({ calls: [{ to: EOAS[1], value: 5 }] }), -32602],
    ['data that is no hex', batch({ calls: [{ to: EOAS[1], data: '0xabc' }] }), -32602],
    ['a capability it does not know, required', batch({ capabilities: { paymasterService: { url: 'https://pay.example' } } }), 5700],
    ['nothing', [], -32602],
    ['garbage', 'garbage', -32602],
  ])('refuses %s', (_what, params, code) => {
    expect(() => readSendCalls(params, info.address, 31337)).toThrow(expect.objectContaining({ code }));
  });

  it("eth_sendTransaction as one call, from its own account on its chain only", () => {
    expect(readTransactionCall([{ from: info.address, to: EOAS[1], value: '0x1' }], info.address, 31337, 31337)).toEqual({ target: EOAS[1], value: 1n, data: '0x' });
    expect(() => readTransactionCall([{ from: EOAS[0], to: EOAS[1] }], info.address, 31337, 31337)).toThrow(expect.objectContaining({ code: 4100 }));
    expect(() => readTransactionCall([{ from: info.address, to: EOAS[1] }], info.address, 10, 31337)).toThrow(expect.objectContaining({ code: 5710 }));
  });
});

describe('wallet_getCallsStatus', () => {
  const hash = id('a batch');
  const mined = { status: '0x1', blockHash: id('block'), blockNumber: '0x10', gasUsed: '0x5208', transactionHash: hash, logs: [{ address: info.address, data: '0x', topics: [id('Topic()')] }] };

  it('pending until mined; then confirmed with its one receipt, or 500 when the batch reverted as a whole', () => {
    const ours = { from: DEV_SMART_BUNDLER, to: info.factory };
    expect(callsStatus(hash, 31337, info, ours, null)).toEqual({ version: '2.0.0', id: hash, chainId: '0x7a69', status: 100, atomic: true });
    expect(callsStatus(hash, 31337, info, { from: DEV_SMART_BUNDLER.toLowerCase(), to: info.address.toLowerCase() }, mined)).toEqual({
      version: '2.0.0',
      id: hash,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
      receipts: [{ logs: mined.logs, status: '0x1', blockHash: mined.blockHash, blockNumber: '0x10', gasUsed: '0x5208', transactionHash: hash }],
    });
    expect(callsStatus(hash, 31337, info, ours, { ...mined, status: '0x0' })).toMatchObject({ status: 500, receipts: [expect.objectContaining({ status: '0x0' })] });
  });

  it.each<[string, unknown, unknown]>([
    ['no such transaction', hash, null],
    ['a transaction by someone else', hash, { from: EOAS[0], to: info.factory }],
    ['the bundler calling something else', hash, { from: DEV_SMART_BUNDLER, to: EOAS[0] }],
    ['an id that is no transaction hash', 'batch-1', { from: DEV_SMART_BUNDLER, to: info.factory }],
    ['no id', undefined, null],
  ])('%s: an unknown batch (5730)', (_what, batchId, tx) => {
    expect(() => callsStatus(batchId, 31337, info, tx as never, null)).toThrow(expect.objectContaining({ code: 5730 }));
  });

  it('a random owner key gives another account, never an anvil key', () => {
    const other = smartAccountInfo(Wallet.createRandom().privateKey);
    expect(other.address).not.toBe(info.address);
    expect(EOAS).not.toContain(other.address);
  });
});
