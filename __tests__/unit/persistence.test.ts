import { STORAGE_KEYS, createSessionMemory } from '../../src/lib/persistence';
import { createMemoryStorage } from '../support/webStorage';

/** Storage that refuses every read and write, as a browser with site data blocked does. */
const THROWING_STORAGE = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => undefined,
};

describe('the current connection survives a reload', () => {
  it('reads back what was saved', () => {
    const storage = createMemoryStorage();
    createSessionMemory(storage).saveCurrent('coinbase');
    expect(createSessionMemory(storage).loadCurrent()).toBe('coinbase');
  });

  it.each([['metamask'], [''], ['{"id":"coinbase"}'], ['__proto__']])('falls back to injected for %p', (raw) => {
    expect(createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.current]: raw })).loadCurrent()).toBe('injected');
  });

  it('falls back to injected when storage throws', () => {
    const memory = createSessionMemory(THROWING_STORAGE);
    expect(memory.loadCurrent()).toBe('injected');
    expect(() => memory.saveCurrent('walletconnect')).not.toThrow();
    expect(memory.wasDisconnected('injected')).toBe(false);
  });
});

describe('a disconnect is remembered per kind', () => {
  it('sets and clears each kind on its own', () => {
    const storage = createMemoryStorage();
    const memory = createSessionMemory(storage);
    memory.setDisconnected('injected', true);
    memory.setDisconnected('coinbase', true);
    memory.setDisconnected('injected', false);
    expect(memory.wasDisconnected('injected')).toBe(false);
    expect(memory.wasDisconnected('coinbase')).toBe(true);
    memory.setDisconnected('coinbase', false);
    expect(storage.dump()).toEqual({});
  });

  it('a connection is remembered until the user disconnects', () => {
    const memory = createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.disconnected]: '["coinbase"]' }));
    memory.rememberConnected('coinbase');
    expect(memory.wasConnected('coinbase')).toBe(true);
    expect(memory.wasDisconnected('coinbase')).toBe(false);
    memory.setDisconnected('coinbase', true);
    expect(memory.wasConnected('coinbase')).toBe(false);
    expect(memory.wasDisconnected('coinbase')).toBe(true);
  });

  it('ignores malformed stored values', () => {
    const memory = createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.disconnected]: '{not json' }));
    expect(memory.wasDisconnected('injected')).toBe(false);
    const odd = createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.disconnected]: '["injected", 5, "evil"]' }));
    expect(odd.wasDisconnected('injected')).toBe(true);
  });
});

describe('the extension suggestions passed (docs/behaviour.md §6.4)', () => {
  it('are read back, each kind once', () => {
    const storage = createMemoryStorage();
    createSessionMemory(storage).saveWithoutExtension(['coinbase']);
    createSessionMemory(storage).saveWithoutExtension(['coinbase']);
    expect(storage.dump()).toEqual({ [STORAGE_KEYS.withoutExtension]: '["coinbase"]' });
    expect(createSessionMemory(storage).loadWithoutExtension()).toEqual(['coinbase']);
  });

  it.each([['{not json'], ['"coinbase"'], ['["evil", 5, "__proto__"]']])('a stored %p counts as none', (raw) => {
    expect(createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.withoutExtension]: raw })).loadWithoutExtension()).toEqual([]);
  });

  it('storage that throws forgets them without failing', () => {
    const memory = createSessionMemory(THROWING_STORAGE);
    expect(() => memory.saveWithoutExtension(['coinbase'])).not.toThrow();
    expect(memory.loadWithoutExtension()).toEqual([]);
  });
});

describe('the account and chain of the current connection (docs/behaviour.md §1.5)', () => {
  const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

  it('are read back as written, and forgotten', () => {
    const storage = createMemoryStorage();
    createSessionMemory(storage).saveLastAccount({ kind: 'coinbase', address: ACCOUNT, chainId: 8453 });
    expect(createSessionMemory(storage).loadLastAccount()).toEqual({ kind: 'coinbase', address: ACCOUNT, chainId: 8453 });
    createSessionMemory(storage).saveLastAccount(undefined);
    expect(storage.dump()).toEqual({});
  });

  it.each([
    ['not JSON', '{kind'],
    ['an unknown kind', JSON.stringify({ kind: 'metamask', address: ACCOUNT, chainId: 1 })],
    ['not an address', JSON.stringify({ kind: 'injected', address: '0x1234', chainId: 1 })],
    ['a wrong checksum', JSON.stringify({ kind: 'injected', address: ACCOUNT.replace('f39F', 'F39f'), chainId: 1 })],
    ['an address not written by us (lower case)', JSON.stringify({ kind: 'injected', address: ACCOUNT.toLowerCase(), chainId: 1 })],
    ['a chain id as text', JSON.stringify({ kind: 'injected', address: ACCOUNT, chainId: '0x1' })],
    ['a chain id out of range', JSON.stringify({ kind: 'injected', address: ACCOUNT, chainId: 2 ** 53 })],
    ['an array', JSON.stringify([ACCOUNT])],
    ['a very long value', JSON.stringify({ kind: 'injected', address: ACCOUNT, chainId: 1, padding: 'x'.repeat(300) })],
  ])('%s counts as none', (_what, raw) => {
    expect(createSessionMemory(createMemoryStorage({ [STORAGE_KEYS.account]: raw })).loadLastAccount()).toBeUndefined();
  });

  it('storage that throws remembers none, without failing', () => {
    const memory = createSessionMemory(THROWING_STORAGE);
    expect(memory.loadLastAccount()).toBeUndefined();
    expect(() => memory.saveLastAccount({ kind: 'injected', address: ACCOUNT, chainId: 1 })).not.toThrow();
  });
});
