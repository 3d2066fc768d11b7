// docs/behaviour.md §12 in the plain-TypeScript layer: site storage refused, `window.ethereum` that throws
// or is a hostile object, a page without web crypto. Each kind takes only what the browser takes from
// it; the rest works. (The same environments in a real browser: __tests__/e2e/hostileEnvironments.test.ts.)
import { adapterFromConnector } from '../../src/lib/connectors/kind';
import { describeKind } from '../../src/lib/connectors/describe';
import { createAdapters } from '../../src/lib/connectors/registry';
import type { ConnectionId, Connector } from '../../src/lib/connectors/types';
import { CoinbaseConnector, COINBASE_NEEDS_SECURE_PAGE, type CoinbaseHost } from '../../src/lib/connectors/coinbase';
import { ETHEREUM_BLOCKED_REASON, InjectedConnector } from '../../src/lib/connectors/injected';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import { hasWebCrypto } from '../../src/lib/environment';
import { createSessionMemory } from '../../src/lib/persistence';
import { localStorageForSdks, memoryStorage, openSiteStorage, siteStorage } from '../../src/lib/storage';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { FakeEip1193Provider, fakeHost } from '../support/fakeProvider';
import { createMemoryStorage } from '../support/webStorage';

/** A connector as its kind describes it to the store. */
const describeConnector = (connector: Connector) => describeKind(connector.id as ConnectionId, adapterFromConnector(connector, {}));

const securityError = () => Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError' });

/** A page whose `localStorage` getter throws, as a sandboxed frame's does. */
function refusingHost(): object {
  return Object.defineProperty({}, 'localStorage', {
    get() {
      throw securityError();
    },
  });
}

/** A storage object that exists but refuses every call (privacy modes). */
function refusingStorage(): Storage {
  const refuse = () => {
    throw securityError();
  };
  return {
    get length(): number {
      return refuse();
    },
    key: refuse,
    getItem: refuse,
    setItem: refuse,
    removeItem: refuse,
    clear: refuse,
  };
}

describe('site storage behind one guarded accessor', () => {
  it('a working storage is used and remembered', () => {
    const real = createMemoryStorage();
    const site = openSiteStorage({ localStorage: real });
    expect(site.remembered).toBe(true);
    site.storage.setItem('walletdeck.current', 'coinbase');
    expect(real.dump()).toEqual({ 'walletdeck.current': 'coinbase' });
  });

  it.each([
    ['reading localStorage throws', refusingHost()],
    ['every call throws', { localStorage: refusingStorage() }],
    ['there is no localStorage', {}],
    ['localStorage is not an object', { localStorage: 'nope' }],
  ])('when %s: memory for this page, never a throw, and the page knows nothing is remembered', (_case, host) => {
    const site = openSiteStorage(host);
    expect(site.remembered).toBe(false);
    site.storage.setItem('walletdeck.current', 'walletconnect');
    expect(site.storage.getItem('walletdeck.current')).toBe('walletconnect');
    expect(site.storage.length).toBe(1);
    expect(site.storage.key(0)).toBe('walletdeck.current');
    // The session memory on top of it works for the page.
    const session = createSessionMemory(site.storage);
    session.saveCurrent('coinbase');
    expect(session.loadCurrent()).toBe('coinbase');
  });

  it('a storage that drops what is written counts as refused', () => {
    const forgetful = { ...createMemoryStorage(), setItem: () => undefined, getItem: () => null };
    expect(openSiteStorage({ localStorage: forgetful }).remembered).toBe(false);
  });

  it('a storage that starts failing later (quota) loses the write, never throws', () => {
    const real = createMemoryStorage();
    const site = openSiteStorage({ localStorage: real });
    real.setItem = () => {
      throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    };
    expect(() => site.storage.setItem('walletdeck.names', 'x'.repeat(10))).not.toThrow();
    real.getItem = () => {
      throw securityError();
    };
    expect(site.storage.getItem('walletdeck.current')).toBeNull();
  });

  it('one storage per page: every user of it shares the same memory when the browser refuses', () => {
    const host = refusingHost();
    siteStorage(host).storage.setItem('-CBWSDK:VERSION', '4.4.0');
    expect(siteStorage(host).storage.getItem('-CBWSDK:VERSION')).toBe('4.4.0');
    expect(siteStorage(host)).toBe(siteStorage(host));
  });

  it("the SDKs' localStorage is the page's guarded storage (in Node: one memory)", () => {
    localStorageForSdks.setItem('-walletlink:session', 'x');
    expect(localStorageForSdks.getItem('-walletlink:session')).toBe('x');
    expect(localStorageForSdks.length).toBeGreaterThan(0);
    localStorageForSdks.removeItem('-walletlink:session');
    expect(localStorageForSdks.getItem('-walletlink:session')).toBeNull();
  });

  it('memoryStorage has the Web Storage contract', () => {
    const storage = memoryStorage();
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    expect([storage.length, storage.key(1), storage.getItem('c')]).toEqual([2, 'b', null]);
    storage.clear();
    expect(storage.length).toBe(0);
  });
});

/** `window` whose `ethereum` getter throws (extensions fighting over it). */
function throwingEthereumHost() {
  const host = fakeHost(undefined);
  Object.defineProperty(host, 'ethereum', {
    get() {
      throw new TypeError('Cannot redefine property: ethereum');
    },
  });
  return host;
}

/** A Proxy whose every trap throws. */
const hostileProxy = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );

describe('the browser-extension kind when window.ethereum is hostile', () => {
  it('a getter that throws: unavailable, with the reason in words, and nothing throws', async () => {
    const connector = new InjectedConnector(throwingEthereumHost());
    const info = describeConnector(connector);
    expect(info).toMatchObject({ available: false, unavailableReason: ETHEREUM_BLOCKED_REASON, limitation: ETHEREUM_BLOCKED_REASON });
    expect(connector.hasStoredSession()).toBe(false);
    await expect(connector.getProvider()).rejects.toMatchObject({ name: 'NoMetaMaskError' });
  });

  it('a Proxy whose traps throw: unavailable the same way', () => {
    const connector = new InjectedConnector(fakeHost(hostileProxy()));
    expect(describeConnector(connector)).toMatchObject({ available: false, limitation: ETHEREUM_BLOCKED_REASON });
  });

  it('beside a wallet that announced itself (EIP-6963), that wallet works and nothing is said', async () => {
    const host = throwingEthereumHost();
    const rabby = new FakeEip1193Provider();
    host.addEventListener('eip6963:requestProvider', () =>
      host.announce({ info: { uuid: 'r-1', name: 'Rabby', icon: '', rdns: 'io.rabby' }, provider: rabby }),
    );
    const connector = new InjectedConnector(host);
    const info = describeConnector(connector);
    expect(info.available).toBe(true);
    expect(info.limitation).toBeUndefined();
    expect(connector.hasStoredSession()).toBe(true);
    await expect(connector.getProvider()).resolves.toBe(rabby);
  });

  it('a wallet announcing itself later makes the kind available (the app describes it again)', () => {
    const host = throwingEthereumHost();
    const connector = new InjectedConnector(host);
    let changes = 0;
    connector.watchAvailability(() => (changes += 1));
    expect(connector.isAvailable()).toBe(false);
    host.announce({ info: { uuid: 'm-1', name: 'MetaMask', icon: '', rdns: 'io.metamask' }, provider: new FakeEip1193Provider() });
    expect(changes).toBe(1);
    expect(describeConnector(connector)).toMatchObject({ available: true });
  });

  it('a non-configurable window.ethereum holding a provider works; holding nothing is "not installed", not blocked', async () => {
    const provider = new FakeEip1193Provider();
    const locked = fakeHost(undefined);
    Object.defineProperty(locked, 'ethereum', { value: provider, writable: false, configurable: false });
    await expect(new InjectedConnector(locked).getProvider()).resolves.toBe(provider);
    const empty = fakeHost(undefined);
    Object.defineProperty(empty, 'ethereum', { value: undefined, writable: false, configurable: false });
    expect(describeConnector(new InjectedConnector(empty))).toMatchObject({ available: true });
  });
});

function coinbaseHost(extra: Record<string, unknown> = {}): CoinbaseHost {
  const target = new EventTarget();
  return {
    open: () => null,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    localStorage: createMemoryStorage(),
    location: { href: 'http://127.0.0.1/' } as Location,
    navigator: { userAgent: 'desktop' } as Navigator,
    document: {} as Document,
    ...extra,
  } as CoinbaseHost;
}

const coinbaseOptions = { appName: 'Walletdeck', appLogoUrl: '/favicon.svg', appChainIds: [1], preference: 'all' as const };

describe('the Coinbase kind', () => {
  it('is untouched by a window.ethereum whose getter throws: available, its extension suggestion still offered', () => {
    const host = coinbaseHost();
    Object.defineProperty(host, 'ethereum', {
      get() {
        throw new TypeError('blocked');
      },
    });
    const connector = new CoinbaseConnector({ ...coinbaseOptions, host, webCrypto: true });
    const info = describeConnector(connector);
    expect(info).toMatchObject({ available: true, extensionSuggestion: { name: 'Coinbase Wallet extension' } });
    expect(info.limitation).toBeUndefined();
  });

  it('nor by a hostile Proxy in window.ethereum', () => {
    const connector = new CoinbaseConnector({ ...coinbaseOptions, host: coinbaseHost({ ethereum: hostileProxy() }), webCrypto: true });
    expect(describeConnector(connector)).toMatchObject({ available: true });
  });

  it('without web crypto (a plain http page): unavailable with the reason, unless its extension is there', () => {
    const bare = new CoinbaseConnector({ ...coinbaseOptions, host: coinbaseHost(), webCrypto: false });
    expect(describeConnector(bare)).toMatchObject({ available: false, unavailableReason: COINBASE_NEEDS_SECURE_PAGE, limitation: COINBASE_NEEDS_SECURE_PAGE });
    const extension = new FakeEip1193Provider();
    const withExtension = new CoinbaseConnector({ ...coinbaseOptions, host: coinbaseHost({ coinbaseWalletExtension: extension }), webCrypto: false });
    expect(describeConnector(withExtension)).toMatchObject({ available: true });
    expect(describeConnector(withExtension).limitation).toBeUndefined();
  });

  it('reads web crypto from the page when not told', () => {
    expect(hasWebCrypto({ crypto: { subtle: { importKey: () => undefined }, randomUUID: () => 'x' } })).toBe(true);
    expect(hasWebCrypto({ crypto: { getRandomValues: () => undefined } })).toBe(false);
    expect(hasWebCrypto({ crypto: hostileProxy() })).toBe(false);
    expect(hasWebCrypto(undefined)).toBe(false);
  });

  it('with storage refused, its stored-session check reads memory and finds nothing, without a throw', () => {
    const host = coinbaseHost();
    Object.defineProperty(host, 'localStorage', {
      get() {
        throw securityError();
      },
    });
    const connector = new CoinbaseConnector({ ...coinbaseOptions, host, webCrypto: true });
    expect(connector.hasStoredSession()).toBe(false);
    expect(describeConnector(connector).available).toBe(true);
  });
});

const wcOptions = {
  projectId: 'p',
  chains: buildChainTable({}, 'http://127.0.0.1:8545'),
  metadata: { name: 'Walletdeck', description: '', url: 'http://127.0.0.1', icons: [] },
};

describe('the WalletConnect kind', () => {
  const options = wcOptions;

  it('with storage refused: available, and says its session lasts until reload', () => {
    const connector = new WalletConnectConnector({ ...options, storage: memoryStorage(), storageRemembered: false });
    const info = describeConnector(connector);
    expect(info.available).toBe(true);
    expect(info.limitation).toMatch(/until you reload this page/);
    expect(connector.hasStoredSession()).toBe(false);
  });

  it('with storage kept: nothing to say', () => {
    expect(describeConnector(new WalletConnectConnector({ ...options, storage: createMemoryStorage(), storageRemembered: true })).limitation).toBeUndefined();
  });
});

describe('a kind whose connector cannot be built', () => {
  it('is that kind unavailable with the reason; the other kinds are built', () => {
    const host = fakeHost(undefined);
    host.addEventListener = () => {
      throw new TypeError('addEventListener is not allowed here');
    };
    const env = { config: { allowedChainIds: { coinbase: [1] } }, chains: {}, host: host as unknown as Window, storage: siteStorage(undefined), page: new URL('https://app.example/') };
    const adapters = createAdapters(env, { walletconnect: adapterFromConnector(new WalletConnectConnector({ ...wcOptions, storage: memoryStorage() }), {}) });
    expect(describeKind('injected', adapters.injected)).toMatchObject({
      available: false,
      unavailableReason: 'Browser wallet could not start in this browser: addEventListener is not allowed here',
    });
    expect(describeKind('walletconnect', adapters.walletconnect).available).toBe(true);
    expect(describeKind('coinbase', adapters.coinbase)).toMatchObject({ available: false, unavailableReason: COINBASE_NEEDS_SECURE_PAGE });
  });
});
