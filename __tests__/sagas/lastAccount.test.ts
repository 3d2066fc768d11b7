// The account and chain the current connection is on survive a reload (docs/behaviour.md §1.5), so that
// a returning user's reads can leave before the wallet confirms them; a disconnect forgets them.
// The real store and root saga, a faithful fake wallet, a site storage the test can read.
import { FakeEip1193Provider, HANG, injectedWith } from '../support/fakeProvider';
import { startWalletApp } from '../support/walletHarness';
import { walletActions } from '../../store/walletSlice';
import { selectConnectionStatus } from '../../store/selectors';
import { STORAGE_KEYS } from '../../src/lib/persistence';
import type { RootState } from '../../store/types';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const status = (s: RootState) => selectConnectionStatus(s, 'injected');
const remembered = (app: ReturnType<typeof startWalletApp>) => {
  const raw = app.storage.dump()[STORAGE_KEYS.account];
  return raw === undefined ? undefined : (JSON.parse(raw) as unknown);
};

let apps: Array<ReturnType<typeof startWalletApp>> = [];
function start(wallet: FakeEip1193Provider, storage: Record<string, string> = {}) {
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, storage });
  apps.push(app);
  return app;
}
afterEach(() => {
  for (const app of apps) app.stop();
  apps = [];
});

describe('what the current connection is on is remembered while it is connected', () => {
  it('a connect remembers the account and chain; a new chain or account replaces them', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337, knownChains: [31337, 10], accounts: [ACCOUNT, OTHER] });
    const app = start(wallet);
    app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
    await app.waitFor((s) => status(s) === 'Connected');
    expect(remembered(app)).toEqual({ kind: 'injected', address: ACCOUNT, chainId: 31337 });
    wallet.setChain(10);
    await app.waitFor((s) => s.wallet.connections.injected.chainId === 10);
    expect(remembered(app)).toEqual({ kind: 'injected', address: ACCOUNT, chainId: 10 });
    await wallet.selectAccount(OTHER);
    await app.waitFor((s) => s.wallet.connections.injected.accounts?.[0] === OTHER);
    expect(remembered(app)).toEqual({ kind: 'injected', address: OTHER, chainId: 10 });
  });

  it('Disconnect forgets them', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337 });
    const app = start(wallet);
    app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
    await app.waitFor((s) => status(s) === 'Connected');
    app.store.dispatch(walletActions.disconnectRequested({ id: 'injected' }));
    await app.waitFor((s) => status(s) === 'Disconnected');
    expect(remembered(app)).toBeUndefined();
  });
});

describe('a reload', () => {
  const LAST = JSON.stringify({ kind: 'injected', address: ACCOUNT, chainId: 31337 });

  it('keeps them while the wallet has not answered, and while it stays silent', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 31337 }).answer('eth_accounts', () => HANG);
    const app = start(wallet, { [STORAGE_KEYS.connected]: '["injected"]', [STORAGE_KEYS.account]: LAST });
    expect(app.session.loadLastAccount()).toEqual({ kind: 'injected', address: ACCOUNT, chainId: 31337 });
    await app.waitFor((s) => status(s) === 'Reconnecting');
    await app.settle(50);
    expect(app.storage.dump()[STORAGE_KEYS.account]).toBe(LAST);
  });

  it('forgets them when the wallet reports no account (locked, or the site was removed)', async () => {
    const wallet = new FakeEip1193Provider({ authorized: false, chainId: 31337 });
    const app = start(wallet, { [STORAGE_KEYS.connected]: '["injected"]', [STORAGE_KEYS.account]: LAST });
    await app.waitFor((s) => !s.wallet.connections.injected.activating && status(s) === 'Disconnected');
    await app.settle(20);
    expect(remembered(app)).toBeUndefined();
  });
});
