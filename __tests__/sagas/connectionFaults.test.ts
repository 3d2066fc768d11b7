// The seven wallet faults (docs/behaviour.md §8), at saga level through the real store and root saga:
// each case failed on the connection core before the fix.
import { FakeConnector, FakeEip1193Provider, HANG, fakeHost, injectedWith } from '../support/fakeProvider';
import { WAIT_MS } from '../support/lifecycle';
import { advanceUntil, useFakeClock } from '../support/wait';
import { startWalletApp } from '../support/walletHarness';
import { walletActions as a, walletSlice } from '../../store/walletSlice';
import { selectConnectionStatus } from '../../store/selectors';
import { STORAGE_KEYS } from '../../src/lib/persistence';
import { InjectedConnector } from '../../src/lib/connectors/injected';
import type { ConnectionId } from '../../src/lib/connectors/types';
import type { RootState } from '../../store/types';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const status = (id: ConnectionId) => (s: RootState) => selectConnectionStatus(s, id);
const is = (id: ConnectionId, wanted: string) => (s: RootState) => selectConnectionStatus(s, id) === wanted;

let apps: Array<ReturnType<typeof startWalletApp>> = [];
function start(...args: Parameters<typeof startWalletApp>) {
  const app = startWalletApp(...args);
  apps.push(app);
  return app;
}
afterEach(() => {
  for (const app of apps) app.stop();
  apps = [];
  jest.useRealTimers();
});

/** A hostile value of each kind that used to throw out of normalisation or error conversion. */
function hostileValues(): Array<[string, unknown]> {
  const throwingToString = { toString: () => { throw new Error('no'); }, toJSON: () => { throw new Error('no'); } };
  const trap = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); }, getPrototypeOf: () => { throw new Error('trap'); } });
  return [
    ['a null-prototype object', Object.create(null)],
    ['an object whose toString throws', throwingToString],
    ['a Proxy whose traps throw', trap],
  ];
}

describe('1. Try again after a request that never settles sends a fresh request', () => {
  it('after a timeout, the next Connect asks the wallet again and can succeed', async () => {
    // The connect limit is the subject: on a fake clock the answering wallet is always in time.
    useFakeClock();
    const wallet = new FakeEip1193Provider();
    let hang = true;
    wallet.answer('eth_requestAccounts', () => (hang ? HANG : [wallet.accounts[0]]));
    const app = start({ connectors: { injected: injectedWith(wallet) }, timeouts: { activateMs: 100 } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await jest.advanceTimersByTimeAsync(100);
    expect(status('injected')(app.store.getState())).toBe('Error');
    hang = false; // the user fixed the wallet
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await advanceUntil(() => is('injected', 'Connected')(app.store.getState()), { ms: 99, what: 'Connected' });
    expect(wallet.count('eth_requestAccounts')).toBe(2);
  });

  it('after Cancel, the next Connect asks the wallet again', async () => {
    const wallet = new FakeEip1193Provider();
    let hang = true;
    wallet.answer('eth_requestAccounts', () => (hang ? HANG : [wallet.accounts[0]]));
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(is('injected', 'Connecting'));
    app.store.dispatch(a.connectCancelled({ id: 'injected' }));
    hang = false;
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(is('injected', 'Connected'));
    expect(wallet.count('eth_requestAccounts')).toBe(2);
  });

  it('a hang on a provider whose link is gone (isConnected() false) ends as Reload required, not a Try again', async () => {
    const wallet = Object.assign(new FakeEip1193Provider(), { isConnected: () => false });
    wallet.answer('eth_requestAccounts', () => HANG);
    const app = start({ connectors: { injected: injectedWith(wallet) }, timeouts: { activateMs: 100 } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const state = await app.waitFor(is('injected', 'Reload required'));
    expect(state.wallet.connections.injected.error?.name).toBe('LinkDeadError');
  });

  it("MetaMask's 1011 disconnect ends a connected wallet as Reload required", async () => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    await app.waitFor(is('injected', 'Connected'));
    wallet.emit('disconnect', { code: 1011, message: 'MetaMask: Disconnected from MetaMask background. Page reload required.' });
    const state = await app.waitFor(is('injected', 'Reload required'));
    expect(state.wallet.connections.injected.error?.code).toBe(1011);
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
  });
});

describe('2. One failing SDK call never stops the other kinds', () => {
  it('a cancelled connect whose provider load hangs and whose disconnect rejects leaves every kind working', async () => {
    const stuck = new FakeConnector('coinbase', new FakeEip1193Provider());
    stuck.getProvider = () => new Promise(() => undefined);
    stuck.disconnect = () => Promise.reject(new Error('SDK cleanup failed'));
    const injectedWallet = new FakeEip1193Provider();
    const wc = new FakeConnector('walletconnect', new FakeEip1193Provider());
    const app = start({ connectors: { coinbase: stuck, injected: injectedWith(injectedWallet), walletconnect: wc } });
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await app.waitFor(is('coinbase', 'Connecting'));
    app.store.dispatch(a.connectCancelled({ id: 'coinbase' }));
    await app.settle(20);
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    app.store.dispatch(a.connectRequested({ id: 'walletconnect' }));
    await app.waitFor((s) => status('injected')(s) === 'Connected' && status('walletconnect')(s) === 'Connected');
    app.store.dispatch(a.disconnectRequested({ id: 'walletconnect' }));
    await app.waitFor(is('walletconnect', 'Disconnected'));
    await app.settle(20);
    expect(wc.disconnects).toBe(1);
  });

  it('a connector whose subscribe, isAvailable or disconnect throws synchronously fails only its own kind', async () => {
    const broken = new FakeConnector('coinbase', new FakeEip1193Provider());
    broken.subscribe = () => {
      throw new Error('subscribe exploded');
    };
    broken.disconnect = () => {
      throw new Error('disconnect exploded');
    };
    const wallet = new FakeEip1193Provider();
    const app = start({ connectors: { coinbase: broken, injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    const failed = await app.waitFor(is('coinbase', 'Error'));
    expect(failed.wallet.connections.coinbase.error?.message).toBe('subscribe exploded');
    app.store.dispatch(a.disconnectRequested({ id: 'coinbase' }));
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(is('injected', 'Connected'));
  });
});

describe("3. One kind's pending chain switch never holds up another kind's", () => {
  it('a hanging switch on one kind; the other kind switches at once', async () => {
    const hanging = new FakeEip1193Provider({ authorized: true, knownChains: [1, 10] });
    hanging.answer('wallet_switchEthereumChain', () => HANG);
    const other = new FakeEip1193Provider({ authorized: true, knownChains: [1, 10] });
    const app = start({
      connectors: { injected: injectedWith(hanging), coinbase: new FakeConnector('coinbase', other) },
      timeouts: { activateMs: WAIT_MS }, // the hanging switch must not time out during the test
    });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await app.waitFor((s) => status('injected')(s) === 'Connected' && status('coinbase')(s) === 'Connected');
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    app.store.dispatch(a.chainSwitchRequested({ id: 'coinbase', chainId: 10 }));
    const state = await app.waitFor((s) => s.wallet.connections.coinbase.chainId === 10, WAIT_MS);
    expect(state.wallet.activity.coinbase.switchingTo).toBeUndefined();
    expect(state.wallet.activity.injected.switchingTo).toBe(10);
  });

  it('a provider that never loads for a switch times out instead of leaving the card switching', async () => {
    // The limit is the subject: on a fake clock the connect before it is always in time.
    useFakeClock();
    const wallet = new FakeEip1193Provider({ authorized: true, knownChains: [1, 10] });
    const connector = new FakeConnector('coinbase', wallet);
    const app = start({ connectors: { coinbase: connector }, timeouts: { activateMs: 150 } });
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await advanceUntil(() => is('coinbase', 'Connected')(app.store.getState()), { ms: 149, what: 'Connected' });
    connector.getProvider = () => new Promise(() => undefined);
    app.store.dispatch(a.chainSwitchRequested({ id: 'coinbase', chainId: 10 }));
    await jest.advanceTimersByTimeAsync(149);
    expect(app.store.getState().wallet.activity.coinbase.switchError).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    const state = app.store.getState();
    expect(state.wallet.activity.coinbase.switchError?.name).toBe('TimeoutError');
    expect(selectConnectionStatus(state, 'coinbase')).toBe('Connected');
  });
});

describe('4. Values that are not JSON give a typed error, never a throw', () => {
  it.each(hostileValues())('%s as a chain id answer is a plain error of that kind, and the kind still works after', async (_, value) => {
    const wallet = new FakeEip1193Provider();
    let hostile = true;
    wallet.answer('eth_chainId', () => (hostile ? value : '0x1'));
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const failed = await app.waitFor(is('injected', 'Error'));
    // Either rejected by validation or, for a Proxy that throws when asked whether it is a promise,
    // the wallet's own failure; in both cases plain data in state.
    expect(failed.wallet.connections.injected.error?.message).toMatch(/^Invalid chainId |^trap$/);
    expect(JSON.parse(JSON.stringify(failed.wallet))).toEqual(failed.wallet);
    hostile = false;
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(is('injected', 'Connected'));
  });

  it.each(hostileValues())('%s thrown by the wallet is a plain error in state', async (_, value) => {
    const wallet = new FakeEip1193Provider();
    wallet.answer('eth_requestAccounts', () => Promise.reject(value));
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const failed = await app.waitFor(is('injected', 'Error'));
    const error = failed.wallet.connections.injected.error;
    expect(typeof error?.name).toBe('string');
    expect(typeof error?.message).toBe('string');
    expect(JSON.parse(JSON.stringify(error))).toEqual(error);
  });

  it.each(hostileValues())('%s in provider events changes nothing and ends nothing', async (_, value) => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    await app.waitFor(is('injected', 'Connected'));
    wallet.emit('chainChanged', value);
    wallet.emit('accountsChanged', value);
    wallet.emit('accountsChanged', [value]);
    wallet.emit('connect', value);
    await app.settle(20);
    // The lifecycle is alive: a real change still arrives.
    wallet.setChain(10);
    const state = await app.waitFor((s) => s.wallet.connections.injected.chainId === 10);
    expect(selectConnectionStatus(state, 'injected')).toBe('Connected');
    expect(state.wallet.activity.injected.rejectedUpdate?.name).toBeUndefined();
  });

  it.each(hostileValues())('%s reaching the reducer (a dispatch that skipped the sagas) is rejected, not thrown', (_, value) => {
    // Straight to the reducer: the development-only serializability check in front of it would
    // itself stumble over a Proxy, and production has no such check.
    let state = walletSlice.reducer(undefined, a.activationStarted({ id: 'injected', eager: false }));
    const attempt = state.activity.injected.attempt;
    expect(() => (state = walletSlice.reducer(state, a.activationSucceeded({ id: 'injected', attempt, chainId: value, accounts: [ACCOUNT] })))).not.toThrow();
    expect(state.connections.injected.error?.message).toMatch(/^Invalid chainId /);
    expect(() => (state = walletSlice.reducer(state, a.accountsChanged({ id: 'injected', accounts: value })))).not.toThrow();
    expect(() => (state = walletSlice.reducer(state, a.accountsChanged({ id: 'injected', accounts: [value] })))).not.toThrow();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe('5. A wallet that appears late is reconnected silently', () => {
  it('a granted extension announced through EIP-6963 after start is asked with eth_accounts and connects', async () => {
    const host = fakeHost(undefined);
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: new InjectedConnector(host) }, timeouts: { lateWalletMs: WAIT_MS } });
    await app.settle(50);
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Disconnected');
    host.announce({ info: { uuid: 'u-1', name: 'Late Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.example.late' }, provider: wallet });
    await app.waitFor(is('injected', 'Connected'));
    expect(wallet.count('eth_requestAccounts')).toBe(0);
    expect(app.store.getState().wallet.kinds.injected.wallets).toEqual([
      { uuid: 'u-1', name: 'Late Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'com.example.late' },
    ]);
  });

  it('a granted extension injected late (ethereum#initialized) connects', async () => {
    const target = new EventTarget();
    const host = {
      ethereum: undefined as unknown,
      addEventListener: (type: string, listener: (event: Event) => void) => target.addEventListener(type, listener),
      dispatchEvent: (event: Event) => target.dispatchEvent(event),
    };
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: new InjectedConnector(host) }, timeouts: { lateWalletMs: WAIT_MS } });
    await app.settle(50);
    host.ethereum = wallet;
    target.dispatchEvent(new Event('ethereum#initialized'));
    await app.waitFor(is('injected', 'Connected'));
    expect(wallet.count('eth_requestAccounts')).toBe(0);
  });

  it('a user who pressed Disconnect last time is not reconnected by a late wallet', async () => {
    const host = fakeHost(undefined);
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({
      connectors: { injected: new InjectedConnector(host) },
      timeouts: { lateWalletMs: WAIT_MS },
      storage: { [STORAGE_KEYS.disconnected]: '["injected"]' },
    });
    host.announce({ info: { uuid: 'u-1', name: 'Late', icon: '', rdns: 'com.example.late' }, provider: wallet });
    await app.settle(100);
    expect(wallet.count('eth_accounts')).toBe(0);
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Disconnected');
  });
});

describe('6. A second Connect while the first waits sends no second prompt and does not restart', () => {
  it('two Connects in a row: one eth_requestAccounts, and the approval connects', async () => {
    const wallet = new FakeEip1193Provider();
    wallet.approval = 'manual';
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.settle(10);
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.settle(10);
    expect(wallet.count('eth_requestAccounts')).toBe(1);
    wallet.approve();
    await app.waitFor(is('injected', 'Connected'));
  });
});

describe('7. Lock, then unlock', () => {
  it('accountsChanged([]) goes idle; accountsChanged([account]) reconnects without a click', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    await app.waitFor(is('injected', 'Connected'));
    wallet.emit('accountsChanged', []);
    const locked = await app.waitFor(is('injected', 'Disconnected'));
    expect(locked.wallet.connections.injected).toEqual({ activating: false });
    wallet.emit('accountsChanged', [wallet.accounts[0]]);
    const back = await app.waitFor(is('injected', 'Connected'));
    expect(back.wallet.connections.injected).toEqual({ activating: false, chainId: 10, accounts: [ACCOUNT] });
    expect(wallet.count('eth_requestAccounts')).toBe(0);
  });

  it('a wallet locked at start, for a kind connected last time, reconnects when unlocked', async () => {
    const wallet = new FakeEip1193Provider({ authorized: false });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    await app.waitFor(is('injected', 'Disconnected'));
    wallet.authorized = true;
    wallet.emit('accountsChanged', [wallet.accounts[0]]);
    await app.waitFor(is('injected', 'Connected'));
  });

  it('after Disconnect, an unlock does not reconnect', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    await app.waitFor(is('injected', 'Connected'));
    wallet.emit('accountsChanged', []);
    app.store.dispatch(a.disconnectRequested({ id: 'injected' }));
    await app.settle(20);
    wallet.emit('accountsChanged', [wallet.accounts[0]]);
    await app.settle(50);
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Disconnected');
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
  });
});
