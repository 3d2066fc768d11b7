// The browser-extension connector: discovery (window.ethereum, EIP-6963), MetaMask preferred.
import { FakeEip1193Provider, fakeHost } from '../support/fakeProvider';
import { InjectedConnector } from '../../src/lib/connectors/injected';

const info = (name: string, rdns: string) => ({ uuid: `${rdns}-uuid`, name, icon: 'data:image/svg+xml,<svg/>', rdns });

describe('finding the extension', () => {
  it('with none installed: "MetaMask not installed"', async () => {
    const connector = new InjectedConnector(fakeHost(undefined));
    expect(connector.hasStoredSession()).toBe(false);
    await expect(connector.getProvider()).rejects.toMatchObject({ name: 'NoMetaMaskError', message: 'MetaMask not installed' });
  });

  it('uses window.ethereum', async () => {
    const provider = new FakeEip1193Provider();
    const connector = new InjectedConnector(fakeHost(provider));
    expect(connector.hasStoredSession()).toBe(true);
    await expect(connector.getProvider()).resolves.toBe(provider);
  });

  it('prefers MetaMask when several wallets announce themselves (EIP-6963)', async () => {
    const other = new FakeEip1193Provider();
    const metamask = new FakeEip1193Provider();
    const host = fakeHost(other);
    let requested = 0;
    host.addEventListener('eip6963:requestProvider', () => {
      requested += 1;
      host.announce({ info: info('Rabby', 'io.rabby'), provider: other });
      host.announce({ info: info('MetaMask', 'io.metamask'), provider: metamask });
    });
    const connector = new InjectedConnector(host);
    expect(requested).toBe(1);
    expect(connector.wallets().map((w) => w.name)).toEqual(['Rabby', 'MetaMask']);
    await expect(connector.getProvider()).resolves.toBe(metamask);
  });

  it('prefers MetaMask among legacy ethereum.providers', async () => {
    const metamask = Object.assign(new FakeEip1193Provider(), { isMetaMask: true });
    const coinbase = new FakeEip1193Provider();
    const connector = new InjectedConnector(fakeHost({ request: () => Promise.resolve(null), providers: [coinbase, metamask] }));
    await expect(connector.getProvider()).resolves.toBe(metamask);
  });

  it('uses the only announced wallet when it is not MetaMask, and ignores malformed announcements', async () => {
    const rabby = new FakeEip1193Provider();
    const host = fakeHost(undefined);
    host.addEventListener('eip6963:requestProvider', () => {
      host.announce({ info: { name: 'no uuid' }, provider: rabby });
      host.announce('garbage');
      host.announce({ info: info('Rabby', 'io.rabby'), provider: rabby });
    });
    const connector = new InjectedConnector(host);
    await expect(connector.getProvider()).resolves.toBe(rabby);
    expect(connector.wallets()).toHaveLength(1);
  });
});

describe('events leave the connector normalised', () => {
  it('chainChanged as a number, 1013 dropped, disconnect with an error passed on', async () => {
    const provider = new FakeEip1193Provider();
    const connector = new InjectedConnector(fakeHost(provider));
    await connector.getProvider();
    const events: unknown[] = [];
    const unsubscribe = connector.subscribe((e) => events.push(e));
    provider.emit('chainChanged', '0x89');
    provider.emit('disconnect', { code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' });
    provider.emit('disconnect', { code: 4900, message: 'gone' });
    provider.emit('connect', { chainId: '0x1' });
    unsubscribe();
    provider.emit('chainChanged', '0x1');
    expect(events).toEqual([
      { type: 'chainChanged', chainId: 137 },
      { type: 'disconnect', error: { code: 4900, message: 'gone' } },
      { type: 'connect', chainId: 1 },
    ]);
    expect(provider.listenerCount('chainChanged')).toBe(0);
  });
});
