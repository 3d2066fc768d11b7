// The connector seam's shared rules: one event mapping for every connector, connectors described as
// plain data, and wallet icons that can never carry markup.
import { ListenerSet, attachHandlers, providerEventHandlers } from '../../src/lib/connectors/events';
import { readConnectorInfo } from '../../src/lib/connectors/connectorInfo';
import { describeKind } from '../../src/lib/connectors/describe';
import { adapterFromConnector } from '../../src/lib/connectors/kind';
import { kindDefinition, unavailableAdapter } from '../../src/lib/connectors/registry';
import type { Connector, ConnectorEvent, Eip1193Provider, RequestArguments } from '../../src/lib/connectors/types';
import { safeIconUri } from '../../src/lib/validation';

function collect() {
  const events: ConnectorEvent[] = [];
  return { events, handlers: providerEventHandlers((e) => events.push(e)) };
}

const hostile: Array<[string, unknown]> = [
  ['a null-prototype object', Object.create(null)],
  ['an object whose toString throws', { toString: () => { throw new Error('x'); }, toJSON: () => { throw new Error('x'); } }],
  ['a Proxy whose traps throw', new Proxy([], { get: () => { throw new Error('trap'); }, getPrototypeOf: () => { throw new Error('trap'); } })],
  ['a bigint', 10n],
  ['NaN', Number.NaN],
];

describe('provider events become plain connector events', () => {
  it('wraps a lone account in a list and normalises hex chain ids', () => {
    const { events, handlers } = collect();
    handlers.accountsChanged('0xabc');
    handlers.chainChanged('0xa');
    handlers.connect({ chainId: '0x1' });
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: ['0xabc'] },
      { type: 'chainChanged', chainId: 10 },
      { type: 'connect', chainId: 1 },
    ]);
  });

  it.each(hostile)('%s as accounts or chain id gives plain JSON, never a throw', (_, value) => {
    const { events, handlers } = collect();
    expect(() => {
      handlers.accountsChanged(value);
      handlers.accountsChanged([value]);
      handlers.chainChanged(value);
      handlers.connect(value);
      handlers.connect({ chainId: value });
    }).not.toThrow();
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });

  it("drops MetaMask's 1013 'reconnecting', reports 1011 as a dead link, other errors as a dropped link, none as an ended session", () => {
    const { events, handlers } = collect();
    handlers.disconnect({ code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' });
    handlers.disconnect({ code: 1011, message: 'Page reload required' });
    handlers.disconnect({ code: 4900, message: 'gone' });
    handlers.disconnect(undefined);
    expect(events.map((e) => e.type)).toEqual(['linkDead', 'disconnect', 'sessionEnded']);
  });

  it('attaches what the provider accepts and detaches only that, even when on/removeListener throw', () => {
    const attached: string[] = [];
    const source = {
      on(name: string) {
        if (name === 'chainChanged') throw new Error('not offered');
        attached.push(name);
      },
      removeListener() {
        throw new Error('refuses');
      },
    };
    const detach = attachHandlers(source, collect().handlers);
    expect(attached).toEqual(['accountsChanged', 'connect', 'disconnect']);
    expect(() => detach()).not.toThrow();
  });

  it('one throwing listener never starves the others', () => {
    const set = new ListenerSet<number>();
    const seen: number[] = [];
    set.subscribe(() => {
      throw new Error('bad listener');
    });
    const stop = set.subscribe((n) => seen.push(n));
    set.emit(1);
    stop();
    set.emit(2);
    expect(seen).toEqual([1]);
    expect(set.size).toBe(1);
  });
});

describe('a connector described as plain data', () => {
  it('an unavailable kind says why', () => {
    expect(describeKind('walletconnect', unavailableAdapter('walletconnect', 'needs a project id'))).toEqual({
      name: 'WalletConnect',
      face: kindDefinition('walletconnect').face,
      available: false,
      unavailableReason: 'needs a project id',
    });
  });

  it('a kind not offered on this page (outside its host\'s frame) is unavailable with no reason to show, and refuses every request', async () => {
    const adapter = unavailableAdapter('coinbase', 'Coinbase Wallet is not offered on this page', { quiet: true });
    expect(describeKind('coinbase', adapter)).toEqual({ name: 'Coinbase Wallet', face: kindDefinition('coinbase').face, available: false });
    expect(adapter.storedSession()).toBe(false);
    await expect(adapter.request({ method: 'eth_accounts' })).rejects.toMatchObject({ name: 'ConfigurationError', message: 'Coinbase Wallet is not offered on this page' });
  });

  it('a kind that throws while describing itself is shown unavailable, not a crash', () => {
    const broken = unavailableAdapter('coinbase', 'x');
    broken.status = () => {
      throw new Error('SDK probe failed');
    };
    expect(describeKind('coinbase', broken)).toEqual({ name: 'Coinbase Wallet', face: kindDefinition('coinbase').face, available: false, unavailableReason: 'Unavailable: {}' });
  });

  it('keeps only https install links and safe icons from untrusted input', () => {
    const info = readConnectorInfo('injected', {
      name: 'Browser wallet',
      available: true,
      extensionSuggestion: { name: 'Evil', installUrl: 'javascript:alert(1)' },
      wallets: [
        { uuid: '1', rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/svg+xml;base64,PHN2Zy8+' },
        { uuid: '2', rdns: 'com.evil', name: 'Evil', icon: 'https://evil.example/icon.png' },
        { uuid: 3, rdns: 'no.uuid' },
      ],
    }, kindDefinition('injected'));
    expect(info.extensionSuggestion).toBeUndefined();
    expect(info.wallets).toEqual([
      { uuid: '1', rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/svg+xml;base64,PHN2Zy8+' },
      { uuid: '2', rdns: 'com.evil', name: 'Evil', icon: '' },
    ]);
  });
});

describe("a kind's adapter over a connector: the provider stays inside", () => {
  /** A provider that records what it was asked, answering each request with its method. */
  function recording() {
    const asked: string[] = [];
    const provider: Eip1193Provider = {
      request: (args: RequestArguments) => {
        asked.push(args.method);
        return Promise.resolve(args.method);
      },
    };
    return { asked, provider };
  }

  function connector(overrides: Partial<Connector>): Connector {
    return {
      id: 'injected',
      supportsRevoke: false,
      isAvailable: () => true,
      hasStoredSession: () => false,
      getProvider: () => Promise.reject(new Error('not loaded')),
      disconnect: async () => undefined,
      subscribe: () => () => undefined,
      ...overrides,
    };
  }

  it('asks a provider at hand in the calling task (nothing awaited before the wallet is asked)', () => {
    const { asked, provider } = recording();
    const adapter = adapterFromConnector(connector({ providerNow: () => provider }), {});
    void adapter.request({ method: 'eth_requestAccounts' });
    expect(asked).toEqual(['eth_requestAccounts']);
    // A kind with no step of its own has nothing to wait for before the accounts are asked.
    expect(adapter.connect({})).toBeUndefined();
  });

  it('loads the provider first when none is at hand, and a providerNow that throws is no provider', async () => {
    const { asked, provider } = recording();
    const adapter = adapterFromConnector(
      connector({
        providerNow: () => {
          throw new Error('hostile getter');
        },
        getProvider: async () => provider,
      }),
      {},
    );
    await expect(adapter.request({ method: 'eth_chainId' })).resolves.toBe('eth_chainId');
    expect(asked).toEqual(['eth_chainId']);
  });

  it('its status says what the sagas need, and a link check that throws is not believed', () => {
    const adapter = adapterFromConnector(
      connector({
        supportsRevoke: true,
        chainIdBeforeConnect: true,
        isLinkDead: () => {
          throw new Error('probe failed');
        },
      }),
      {},
    );
    const status = adapter.status();
    expect(status).toMatchObject({ available: true, revokes: true, chainIdBeforeConnect: true, linkDead: false, pairsByQrCode: false });
  });

  it('a connect step of its own (QR pairing) runs with the loaded provider and the chain asked for', async () => {
    const { provider } = recording();
    const steps: Array<[Eip1193Provider, { chainId?: number }]> = [];
    const adapter = adapterFromConnector(
      connector({
        getProvider: async () => provider,
        connect: async (p, options) => {
          steps.push([p, options]);
        },
      }),
      {},
    );
    await adapter.connect({ chainId: 10 });
    expect(steps).toEqual([[provider, { chainId: 10 }]]);
    expect(adapter.status().pairsByQrCode).toBe(true);
  });
});

describe('wallet icons', () => {
  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', true],
    ['data:text/html,<script>alert(1)</script>', false],
    ['javascript:alert(1)', false],
    ['https://example.com/icon.png', false],
    ['<svg onload=alert(1)>', false],
    [42, false],
  ])('%s is drawable: %s', (icon, ok) => {
    expect(safeIconUri(icon) !== '').toBe(ok);
  });

  it('an oversized icon is dropped', () => {
    expect(safeIconUri(`data:image/png;base64,${'A'.repeat(300_000)}`)).toBe('');
  });
});
