// A returning user's browser wallet is asked its silent reconnect's two questions at the page's first
// step, before the store and sagas exist (src/startKinds.ts); the reconnect then takes those answers.
// Run as the page runs it: the kinds' adapters first, then the composition root built on them.
import { buildChainTable } from '../../src/lib/chainDefaults';
import { defaultAllowedChainIds } from '../../src/lib/chainConfig';
import { adapterFromConnector } from '../../src/lib/connectors/kind';
import type { AdapterRegistry } from '../../src/lib/connectors/types';
import { createSessionMemory } from '../../src/lib/persistence';
import { askReconnectQuestions } from '../../src/startKinds';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import { selectConnectionStatus } from '../../store/selectors';
import type { RootState } from '../../store/types';
import { FakeEip1193Provider, fakeHost, injectedWith, rpcError } from '../support/fakeProvider';
import { WAIT_MS } from '../support/lifecycle';
import { InjectedConnector } from '../../src/lib/connectors/injected';
import { createMemoryStorage } from '../support/webStorage';
import { TEST_TIMEOUTS } from '../support/walletHarness';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const chains = buildChainTable({}, 'http://127.0.0.1:8545');

let apps: WalletApp[] = [];
afterEach(() => {
  for (const app of apps) app.stop();
  apps = [];
});

/** A returning user's storage: the browser wallet was connected when the page was last open. */
function returning(extra: Record<string, string> = {}) {
  const storage = createMemoryStorage({ 'walletdeck.connected': '["injected"]', 'walletdeck.current': 'injected', ...extra });
  return { storage, session: createSessionMemory(storage) };
}

function buildApp(storage: ReturnType<typeof createMemoryStorage>, adapters: Partial<AdapterRegistry>): WalletApp {
  const app = createWalletApp({
    config: { chains, allowedChainIds: defaultAllowedChainIds(chains), qrCloseIsError: true },
    storage: { storage, remembered: true },
    adapters,
    timeouts: TEST_TIMEOUTS,
    rpc: null,
  });
  apps.push(app);
  return app;
}

function waitFor(app: WalletApp, predicate: (state: RootState) => boolean): Promise<RootState> {
  return new Promise((resolve, reject) => {
    if (predicate(app.store.getState())) return resolve(app.store.getState());
    const timer = setTimeout(() => (unsubscribe(), reject(new Error(`never matched: ${JSON.stringify(app.store.getState().wallet.connections.injected)}`))), WAIT_MS);
    const unsubscribe = app.store.subscribe(() => {
      if (!predicate(app.store.getState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(app.store.getState());
    });
  });
}

const status = (state: RootState) => selectConnectionStatus(state, 'injected');

describe("a returning user's wallet asked at the page's first step", () => {
  it('is asked for its accounts and chain before the store exists, and the reconnect asks nothing more', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const { storage, session } = returning();
    const adapters = { injected: adapterFromConnector(injectedWith(wallet), chains) };
    askReconnectQuestions(adapters, session);
    expect(wallet.requests.map((r) => r.method)).toEqual(['eth_accounts', 'eth_chainId']);

    const app = buildApp(storage, adapters);
    expect(status(app.store.getState())).toBe('Reconnecting');
    const state = await waitFor(app, (s) => status(s) === 'Connected');
    expect(state.wallet.connections.injected).toEqual({ activating: false, chainId: 10, accounts: [A] });
    expect(wallet.requests.map((r) => r.method).filter((m) => m === 'eth_accounts' || m === 'eth_chainId')).toEqual(['eth_accounts', 'eth_chainId']);
  });

  it('asks nothing of a wallet the user disconnected last time', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const { storage, session } = returning({ 'walletdeck.connected': '[]', 'walletdeck.disconnected': '["injected"]' });
    const adapters = { injected: adapterFromConnector(injectedWith(wallet), chains) };
    askReconnectQuestions(adapters, session);
    expect(wallet.requests).toEqual([]);
    const app = buildApp(storage, adapters);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(status(app.store.getState())).toBe('Disconnected');
    expect(wallet.requests).toEqual([]);
  });

  it('asks again when the wallet reports a change before the reconnect takes the answers, and shows the new account', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10, notifications: 'sync' });
    const { storage, session } = returning();
    const adapters = { injected: adapterFromConnector(injectedWith(wallet), chains) };
    askReconnectQuestions(adapters, session);
    // The user switches account in the extension while the page's code is still loading.
    wallet.accounts = [B.toLowerCase()];
    wallet.emit('accountsChanged', [B.toLowerCase()]);
    const app = buildApp(storage, adapters);
    const state = await waitFor(app, (s) => status(s) === 'Connected');
    expect(state.wallet.connections.injected.accounts).toEqual([B]);
    expect(wallet.count('eth_accounts')).toBe(2);
  });

  it('a failing early answer ends the reconnect idle, as when the reconnect asks itself', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true }).answer('eth_accounts', () => {
      throw rpcError(-32603, 'Internal error');
    });
    const { storage, session } = returning();
    const adapters = { injected: adapterFromConnector(injectedWith(wallet), chains) };
    askReconnectQuestions(adapters, session);
    const app = buildApp(storage, adapters);
    const state = await waitFor(app, (s) => !s.wallet.connections.injected.activating);
    expect(state.wallet.connections.injected).toEqual({ activating: false });
    expect(wallet.count('eth_accounts')).toBe(1);
  });

  it('a wallet whose request throws at once leaves the page starting as before', async () => {
    const hostile = { request: () => { throw new Error('no'); }, on: () => undefined, removeListener: () => undefined };
    const { storage, session } = returning();
    const adapters = { injected: adapterFromConnector(new InjectedConnector(fakeHost(hostile)), chains) };
    expect(() => askReconnectQuestions(adapters, session)).not.toThrow();
    const app = buildApp(storage, adapters);
    const state = await waitFor(app, (s) => !s.wallet.connections.injected.activating);
    expect(state.wallet.connections.injected.accounts).toBeUndefined();
  });

  it('asks the extension the user picked, not another one that announced itself', () => {
    const metamask = new FakeEip1193Provider({ authorized: true });
    const rabby = new FakeEip1193Provider({ authorized: true });
    const host = fakeHost(undefined);
    const connector = new InjectedConnector(host);
    host.announce({ info: { uuid: 'm', name: 'MetaMask', icon: '', rdns: 'io.metamask' }, provider: metamask });
    host.announce({ info: { uuid: 'r', name: 'Rabby', icon: '', rdns: 'io.rabby' }, provider: rabby });
    const { session } = returning({ 'walletdeck.extension': 'io.rabby' });
    askReconnectQuestions({ injected: adapterFromConnector(connector, chains) }, session);
    expect(rabby.count('eth_accounts')).toBe(1);
    expect(metamask.requests).toEqual([]);
  });

  it("a user's connect does not take answers asked for a reconnect", async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const adapter = adapterFromConnector(injectedWith(wallet), chains);
    adapter.askReconnect?.();
    wallet.chainId = 1;
    await adapter.request({ method: 'eth_requestAccounts' });
    await expect(adapter.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(wallet.count('eth_chainId')).toBe(2);
  });
});
