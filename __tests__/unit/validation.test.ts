// Every value from a wallet is validated: chain ids and EIP-55 checksummed addresses.
import { randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import { keccak256 } from '../../src/lib/keccak';
import { CHECKSUM_MEMO_SIZE, checksumAddress, normalizeChainId, validateAccounts, validateChainId } from '../../src/lib/validation';

// The real hash, counted: how often a checksum hashes is what the memo saves.
jest.mock('../../src/lib/keccak', () => {
  const actual: typeof import('../../src/lib/keccak') = jest.requireActual('../../src/lib/keccak');
  return { ...actual, keccak256: jest.fn(actual.keccak256) };
});

describe('addresses are stored in EIP-55 checksum form', () => {
  it('agrees with ethers on a thousand random addresses, in every case form', () => {
    for (let i = 0; i < 1000; i++) {
      // Random 20 bytes, checksummed by ethers: an address as random as a new key's, without deriving
      // a mnemonic wallet for each (that cost 14 s and tested nothing more).
      const reference = getAddress(`0x${randomBytes(20).toString('hex')}`);
      expect(checksumAddress(reference.toLowerCase())).toBe(reference);
      expect(checksumAddress(`0x${reference.slice(2).toUpperCase()}`)).toBe(reference);
      expect(checksumAddress(reference)).toBe(getAddress(reference));
    }
  });

  it('rejects a mixed-case address with a wrong checksum (a typo)', () => {
    expect(checksumAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(checksumAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBeUndefined();
  });

  it.each([['0x123'], ['f39fd6e51aad88f6f4ce6ab8827279cfffb92266'], ['0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266'], [42], [null], [{}]])(
    'rejects %p',
    (raw) => {
      expect(checksumAddress(raw)).toBeUndefined();
    },
  );

  it('hashes an address once however often it is checked, in any case form, and keeps a bounded number of them', () => {
    const hashes = jest.mocked(keccak256);
    const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);
    let reference = randomAddress();
    // One with two letters of each case, so that one letter in the other case is still a mixed-case address.
    const count = (re: RegExp) => (reference.slice(2).match(re) ?? []).length;
    while (count(/[a-f]/g) < 2 || count(/[A-F]/g) < 2) reference = randomAddress();
    hashes.mockClear();
    // The stored account at start, then the wallet's answer with it: one hash between them.
    expect(checksumAddress(reference)).toBe(reference);
    expect(checksumAddress(reference.toLowerCase())).toBe(reference);
    expect(checksumAddress(`0x${reference.slice(2).toUpperCase()}`)).toBe(reference);
    expect(hashes).toHaveBeenCalledTimes(1);
    // A wrong checksum is still refused once the right one is known: one letter in the other case.
    const at = 2 + reference.slice(2).search(/[a-fA-F]/);
    const letter = reference.charAt(at);
    const wrong = reference.slice(0, at) + (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) + reference.slice(at + 1);
    expect(checksumAddress(wrong)).toBeUndefined();
    // Many other addresses later, each still right; what is kept stays bounded, so the first is hashed again.
    for (let i = 0; i < CHECKSUM_MEMO_SIZE * 2; i++) {
      const other = randomAddress();
      expect(checksumAddress(other.toLowerCase())).toBe(other);
    }
    hashes.mockClear();
    expect(checksumAddress(reference.toLowerCase())).toBe(reference);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('an account list is valid only when every entry is', () => {
    expect(validateAccounts(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])).toEqual({ ok: true, value: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'] });
    expect(validateAccounts('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toMatchObject({ ok: false });
    expect(validateAccounts([])).toEqual({ ok: true, value: [] });
  });
});

describe('chain ids', () => {
  it('normalises the encodings wallets use', () => {
    expect(normalizeChainId('0x89')).toBe(137);
    expect(normalizeChainId('137')).toBe(137);
    expect(normalizeChainId(137)).toBe(137);
    expect(normalizeChainId(137n)).toBe(137);
    expect(normalizeChainId(' 0xA ')).toBe(10);
    expect(normalizeChainId('0x')).toBe('0x');
  });

  it('accepts 1 ..= 4503599627370476 and nothing else', () => {
    expect(validateChainId(1)).toEqual({ ok: true, value: 1 });
    expect(validateChainId(4503599627370476)).toEqual({ ok: true, value: 4503599627370476 });
    for (const bad of [0, -5, 4503599627370477, 2.5, Number.NaN, '0x', 'abc', null, undefined, {}, [1]]) {
      expect(validateChainId(bad).ok).toBe(false);
    }
  });
});
