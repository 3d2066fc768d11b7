// The WalletConnect connector against a faithful fake of the SDK: what it finds in storage without
// loading anything, how it initialises the SDK, the events it emits, pairing and its timeouts.
import { buildChainTable, orderedTable } from '../../src/lib/chainDefaults';
import type { ChainInfo } from '../../src/lib/chains';
import type { ConnectorEvent } from '../../src/lib/connectors/types';
import { WC_SESSION_KEY, WC_STORAGE_PREFIX, WalletConnectConnector, type WalletConnectOptions } from '../../src/lib/connectors/walletconnect';
import { PrefixedKeyValueStorage, walletConnectChains } from '../../src/lib/connectors/walletconnect/session';
import { toWalletError } from '../../src/lib/errors';
import { TEST_ACCOUNTS } from '../support/anvil';
import { fakeWcSdkLoader, type FakeSession } from '../support/fakeWcSdk';
import { memoryWebStorage } from '../support/webStorage';
import { isSettled, pause as tick, useFakeClock } from '../support/wait';

jest.mock('@walletconnect/ethereum-provider', () => ({
  EthereumProvider: { init: jest.fn(async () => ({ on: jest.fn(), removeListener: jest.fn() })) },
}));

const CHAINS = buildChainTable({}, 'http://127.0.0.1:8545');
const METADATA = { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] };
const ACCOUNT = TEST_ACCOUNTS[0].address;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function storedSession(expiry: number) {
  return JSON.stringify([{ topic: 'ab', expiry, namespaces: { eip155: { accounts: [`eip155:1:${ACCOUNT}`] } } }]);
}

function setup(options: Partial<WalletConnectOptions> = {}, session?: FakeSession) {
  const fake = fakeWcSdkLoader(session);
  const storage = (options.storage as Storage | undefined) ?? memoryWebStorage();
  const connector = new WalletConnectConnector({ projectId: 'project-1', relayUrl: 'ws://relay.test', chains: CHAINS, metadata: METADATA, storage, loadSdk: fake.load, ...options });
  const events: ConnectorEvent[] = [];
  const unsubscribe = connector.subscribe((event) => events.push(event));
  return { connector, fake, storage, events, unsubscribe };
}

/** Lets the fake SDK's microtasks (the URI) run. */

describe('a stored session is found with one storage read, without the SDK', () => {
  it('nothing stored: nothing to reconnect', () => {
    const { connector, fake } = setup();
    expect(connector.hasStoredSession()).toBe(false);
    expect(fake.instances).toHaveLength(0);
  });

  it('a live session with accounts: reconnect', () => {
    const storage = memoryWebStorage({ [WC_STORAGE_PREFIX + WC_SESSION_KEY]: storedSession(nowSeconds() + 3600) });
    const { connector, fake } = setup({ storage });
    expect(connector.hasStoredSession()).toBe(true);
    expect(fake.instances).toHaveLength(0);
  });

  it('only expired sessions: forgotten silently, with everything the SDK stored, nothing else', () => {
    const storage = memoryWebStorage({
      [WC_STORAGE_PREFIX + WC_SESSION_KEY]: storedSession(nowSeconds() - 1),
      [`${WC_STORAGE_PREFIX}wc@2:core:0.3//keychain`]: '{"k":"v"}',
      'walletdeck.current': 'walletconnect',
    });
    const { connector } = setup({ storage });
    expect(connector.hasStoredSession()).toBe(false);
    expect(storage.length).toBe(1);
    expect(storage.getItem('walletdeck.current')).toBe('walletconnect');
  });

  it.each([
    ['unreadable JSON', '{nope'],
    ['not a list', '{"topic":"x"}'],
    ['a session without accounts', JSON.stringify([{ topic: 'x', expiry: nowSeconds() + 60, namespaces: {} }])],
  ])('%s: nothing to reconnect', (_case, raw) => {
    const { connector } = setup({ storage: memoryWebStorage({ [WC_STORAGE_PREFIX + WC_SESSION_KEY]: raw }) });
    expect(connector.hasStoredSession()).toBe(false);
  });

  it('storage that throws (privacy mode): nothing to reconnect, no error', () => {
    const blocked = memoryWebStorage();
    blocked.getItem = () => {
      throw new Error('SecurityError');
    };
    const { connector } = setup({ storage: blocked });
    expect(connector.hasStoredSession()).toBe(false);
  });
});

describe('the SDK is initialised on first use', () => {
  it('with the project id, relay, metadata, every chain that has an RPC URL and its first URL', async () => {
    const { connector, fake } = setup();
    await connector.getProvider();
    const options = fake.sdk.initOptions;
    expect(options).toMatchObject({ projectId: 'project-1', relayUrl: 'ws://relay.test', metadata: METADATA });
    const withUrls = Object.values(CHAINS).filter((c) => c.rpcUrls.length > 0);
    expect([...options.optionalChains].sort((a, b) => a - b)).toEqual(withUrls.map((c) => c.id).sort((a, b) => a - b));
    expect(options.rpcMap['31337']).toBe('http://127.0.0.1:8545');
    expect(options.rpcMap['1']).toBe(CHAINS[1]?.rpcUrls[0]);
    expect(options.rpcMap['3']).toBeUndefined();
    expect(options.storage).toBeInstanceOf(PrefixedKeyValueStorage);
  });

  it('once, however many callers', async () => {
    const { connector, fake } = setup();
    connector.preload();
    await Promise.all([connector.getProvider(), connector.getProvider(), connector.getProvider()]);
    expect(fake.instances).toHaveLength(1);
  });

  it('again after a failed start', async () => {
    const { connector, fake } = setup();
    fake.failNextInit(new Error('storage full'));
    await expect(connector.getProvider()).rejects.toThrow('storage full');
    await connector.getProvider();
    expect(fake.instances).toHaveLength(1);
  });

  it('the real SDK with its QR modal off, telemetry off and no RPC pings', async () => {
    const { EthereumProvider } = jest.requireMock<{ EthereumProvider: { init: jest.Mock } }>('@walletconnect/ethereum-provider');
    const connector = new WalletConnectConnector({ projectId: 'p', chains: CHAINS, metadata: METADATA, storage: memoryWebStorage() });
    await connector.getProvider();
    expect(EthereumProvider.init).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 'p', showQrModal: false, telemetryEnabled: false, disableProviderPing: true, rpcMap: expect.any(Object) }),
    );
    expect(EthereumProvider.init.mock.calls[0][0]).not.toHaveProperty('relayUrl');
  });

  it('needs at least one chain with an RPC URL', async () => {
    const chains = { 3: { id: 3, name: 'Ropsten', rpcUrls: [], icon: '' } };
    const { connector } = setup({ chains });
    await expect(connector.getProvider()).rejects.toMatchObject({ name: 'ConfigurationError' });
  });
});

describe('the storage the SDK gets', () => {
  it('keeps JSON values under the prefix and lists only its own keys', async () => {
    const web = memoryWebStorage({ other: '1' });
    const storage = new PrefixedKeyValueStorage(web, 'p:');
    await storage.setItem('a', { n: 1, big: 2n });
    expect(web.getItem('p:a')).toBe('{"n":1,"big":"2"}');
    expect(await storage.getItem('a')).toEqual({ n: 1, big: '2' });
    expect(await storage.getKeys()).toEqual(['a']);
    expect(await storage.getEntries()).toEqual([['a', { n: 1, big: '2' }]]);
    await storage.removeItem('a');
    expect(await storage.getItem('a')).toBeUndefined();
    expect(web.getItem('other')).toBe('1');
  });
});

describe('chains offered to the wallet', () => {
  it('only chains that can be targets, in the configured order: never a retired one, whatever its URLs', () => {
    const goerli = { ...(CHAINS[5] as ChainInfo), rpcUrls: ['https://goerli.test'] };
    const table = orderedTable([CHAINS[8453], goerli, CHAINS[1], { ...(CHAINS[10] as ChainInfo), rpcUrls: [] }] as ChainInfo[]);
    const { optionalChains, rpcMap } = walletConnectChains(table);
    expect(optionalChains).toEqual([8453, 1]);
    expect(rpcMap).toEqual({ 8453: CHAINS[8453]?.rpcUrls[0], 1: CHAINS[1]?.rpcUrls[0] });
  });

  it('puts the desired chain first', () => {
    const { optionalChains } = walletConnectChains(CHAINS, 137);
    expect(optionalChains[0]).toBe(137);
    expect(new Set(optionalChains).size).toBe(optionalChains.length);
  });
});

describe('events', () => {
  async function connected() {
    const ctx = setup();
    const connecting = ctx.connector.connect(undefined as never, {});
    await tick();
    ctx.fake.sdk.approve([ACCOUNT], 1);
    await connecting;
    ctx.events.length = 0;
    return ctx;
  }

  it('accounts and chain changes, with hex chain ids as numbers', async () => {
    const { fake, events } = await connected();
    fake.sdk.emit('accountsChanged', [ACCOUNT.toLowerCase()]);
    fake.sdk.emit('chainChanged', '0x89');
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [ACCOUNT.toLowerCase()] },
      { type: 'chainChanged', chainId: 137 },
    ]);
  });

  it('a session deleted from the phone ends the session once, with no error', async () => {
    const { fake, events } = await connected();
    fake.sdk.deleteFromPhone();
    expect(events).toEqual([{ type: 'sessionEnded' }]);
  });

  it('an expired session ends the session', async () => {
    const { fake, events } = await connected();
    fake.sdk.expire();
    expect(events).toEqual([{ type: 'sessionEnded' }]);
  });

  it('a disconnect with any other error is reported as that error', async () => {
    const { fake, events } = await connected();
    fake.sdk.emit('disconnect', { code: 4900, message: 'gone' });
    expect(events).toEqual([{ type: 'disconnect', error: { code: 4900, message: 'gone' } }]);
  });

  it('stop after unsubscribe', async () => {
    const { fake, events, unsubscribe } = await connected();
    unsubscribe();
    fake.sdk.emit('chainChanged', '0x1');
    expect(events).toEqual([]);
  });
});

describe("the session's wallet says who it is (docs/behaviour.md §6.5)", () => {
  const ICON = 'data:image/png;base64,iVBORw0KGgo=';
  const identity = (events: ConnectorEvent[]) => events.filter((e) => e.type === 'walletIdentified');

  async function answeredBy(peer: unknown) {
    const ctx = setup();
    const connecting = ctx.connector.connect(undefined as never, {});
    await tick();
    ctx.fake.sdk.approve([ACCOUNT], 1, peer);
    await connecting;
    ctx.events.length = 0;
    const provider = await ctx.connector.getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    return identity(ctx.events);
  }

  it('with the accounts: its name and first icon, as plain values for the store to check', async () => {
    expect(await answeredBy({ metadata: { name: 'Rainbow', icons: [ICON, 'data:image/png;base64,b3RoZXI='] } })).toEqual([
      { type: 'walletIdentified', name: 'Rainbow', icon: ICON },
    ]);
  });

  it.each<[string, unknown]>([
    ['no peer', undefined],
    ['metadata that is not an object', { metadata: 'Rainbow' }],
    ['a name and icons that are not text', { metadata: { name: { toString: () => 'Rainbow' }, icons: [{ src: ICON }] } }],
    ['icons that are not a list', { metadata: { name: 7, icons: ICON } }],
    [
      'a getter that throws',
      {
        get metadata(): never {
          throw new Error('hostile');
        },
      },
    ],
    [
      'icons behind a Proxy that throws',
      {
        metadata: {
          name: null,
          icons: new Proxy([], {
            get() {
              throw new Error('hostile');
            },
          }),
        },
      },
    ],
  ])('%s: nothing it could pass off as a name', async (_what, peer) => {
    expect(await answeredBy(peer)).toEqual([{ type: 'walletIdentified', name: null, icon: null }]);
  });
});

describe('connect', () => {
  it('shows the pairing URI and resolves when the phone approves', async () => {
    const { connector, fake, events } = setup();
    const connecting = connector.connect(undefined as never, { chainId: 10 });
    await tick();
    expect(events).toEqual([{ type: 'displayUri', uri: fake.sdk.uri }]);
    expect(fake.sdk.connectCalls[0]?.optionalChains?.[0]).toBe(10);
    fake.sdk.approve([ACCOUNT], 10);
    await expect(connecting).resolves.toBeUndefined();
    const provider = await connector.getProvider();
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ACCOUNT]);
  });

  it('the phone refusing is a 4001 with its own words kept', async () => {
    const { connector, fake } = setup();
    const connecting = connector.connect(undefined as never, {});
    await tick();
    fake.sdk.reject('User rejected.');
    const error = await connecting.catch((e: unknown) => e);
    expect(toWalletError(error)).toEqual({ name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.', walletMessage: 'User rejected.' });
  });

  it('a relay that never hands out a URI ends in a timeout error, and the attempt is dropped', async () => {
    const { connector, fake, events } = setup({ relayTimeoutMs: 30 });
    await connector.getProvider();
    fake.sdk.relayDown = true;
    await expect(connector.connect(undefined as never, {})).rejects.toMatchObject({
      name: 'TimeoutError',
      message: 'Reaching the WalletConnect relay timed out after 0 s',
    });
    // The URI that arrives late is from a dead attempt: nothing is shown.
    fake.sdk.emit('display_uri', 'wc:late@2?x=1');
    expect(events).toEqual([]);
  });

  it('the relay timeout stops counting once the URI is shown (the user takes their time to scan)', async () => {
    // On a fake clock the URI is always shown "in time": the relay timeout is the subject.
    useFakeClock();
    try {
      const { connector, fake, events } = setup({ relayTimeoutMs: 30 });
      const connecting = connector.connect(undefined as never, {});
      await jest.advanceTimersByTimeAsync(0);
      expect(events.filter((e) => e.type === 'displayUri')).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(80);
      fake.sdk.approve([ACCOUNT], 1);
      await expect(connecting).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('with a session already there, does not pair again', async () => {
    const { connector, fake } = setup({}, { topic: 't', accounts: [ACCOUNT], chainId: 1 });
    await connector.connect(undefined as never, {});
    expect(fake.sdk.connectCalls).toHaveLength(0);
  });
});

describe('disconnect', () => {
  it('while pairing: the connect is cancelled and its pairing torn down, the next connect pairs afresh', async () => {
    const { connector, fake, events } = setup();
    const first = connector.connect(undefined as never, {});
    await tick();
    const firstUri = fake.sdk.uri as string;
    await connector.disconnect();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.sdk.pairingsDisconnected).toEqual([/^wc:([0-9a-f]+)@/.exec(firstUri)?.[1]]);

    const second = connector.connect(undefined as never, {});
    await tick();
    expect(fake.sdk.uri).not.toBe(firstUri);
    expect(events.filter((e) => e.type === 'displayUri')).toHaveLength(2);
    fake.sdk.approve([ACCOUNT], 1);
    await second;
  });

  it('a phone that approves a pairing nobody waits for any more gets the session ended', async () => {
    const { connector, fake } = setup();
    const connecting = connector.connect(undefined as never, {});
    await tick();
    await connector.disconnect();
    await connecting.catch(() => undefined);
    fake.sdk.approve([ACCOUNT], 1);
    await tick();
    expect(fake.sdk.disconnectCalls).toBe(1);
    expect(fake.sdk.session).toBeUndefined();
  });

  it('with a session: ends it in the SDK', async () => {
    const { connector, fake } = setup({}, { topic: 't', accounts: [ACCOUNT], chainId: 1 });
    await connector.getProvider();
    await connector.disconnect();
    expect(fake.sdk.disconnectCalls).toBe(1);
  });

  it('never waits long on a relay that does not answer: at most disconnectTimeoutMs', async () => {
    const { connector, fake } = setup({ disconnectTimeoutMs: 30 }, { topic: 't', accounts: [ACCOUNT], chainId: 1 });
    await connector.getProvider();
    fake.sdk.disconnectHangs = true;
    useFakeClock();
    try {
      const disconnected = connector.disconnect();
      await jest.advanceTimersByTimeAsync(29);
      expect(await isSettled(disconnected)).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await isSettled(disconnected)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('before anything was loaded: loads nothing', async () => {
    const { connector, fake } = setup();
    await connector.disconnect();
    expect(fake.instances).toHaveLength(0);
  });
});

describe('requests without a session', () => {
  it('eth_accounts answers no accounts; anything else is 4900 disconnected', async () => {
    const { connector } = setup();
    const provider = await connector.getProvider();
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 });
  });
});

it('is available, offers no revoke, and preloads without initialising', async () => {
  const { connector, fake } = setup();
  expect(connector.isAvailable()).toBe(true);
  expect(connector.supportsRevoke).toBe(false);
  connector.preload();
  await tick();
  expect(fake.instances).toHaveLength(0);
});
