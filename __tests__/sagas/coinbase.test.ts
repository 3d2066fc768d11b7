/**
 * @jest-environment jsdom
 */
// The Coinbase connection through the real store and sagas, the real connector and the real SDK; the
// wallet end is the fake keys popup (or relay). Each case asserts what the user would see in state.
import { CoinbaseConnector, COINBASE_ERROR_NAMES, SDK_SIGNER_TYPE_KEY } from '../../src/lib/connectors/coinbase';
import { walletActions as a } from '../../store/walletSlice';
import { connectionStatus } from '../../store/connectionView';
import type { RootState } from '../../store/types';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FAKE_KEYS_URL, KEYS_WINDOW_TIMEOUTS, WALLET_ACCOUNT, WALLET_ACCOUNT_CHECKSUMMED, installFakeKeys, type FakeKeys } from '../support/fakeCoinbasePopup';
import { FakeRelay } from '../support/fakeCoinbaseRelay';
import { WAIT_MS } from '../support/lifecycle';
import { until, useFakeClock } from '../support/wait';
import { startWalletApp } from '../support/walletHarness';

type App = ReturnType<typeof startWalletApp>;

let keys: FakeKeys;
const apps: App[] = [];

function coinbase(timeouts: Partial<typeof KEYS_WINDOW_TIMEOUTS> = {}): CoinbaseConnector {
  return new CoinbaseConnector({
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    appChainIds: [1, 10, 31337],
    preference: 'all',
    keysUrl: FAKE_KEYS_URL,
    timeouts: { ...KEYS_WINDOW_TIMEOUTS, ...timeouts },
  });
}

/** The app with a Coinbase connector, and a browser wallet already connected beside it. */
async function start(connector = coinbase()): Promise<App & { wallet: FakeEip1193Provider }> {
  const wallet = new FakeEip1193Provider({ chainId: 1, authorized: true });
  // No test here is about the connect or reconnect limits: hang guards, and so are the waits.
  const app = startWalletApp({ connectors: { coinbase: connector, injected: injectedWith(wallet) }, timeouts: { activateMs: WAIT_MS, eagerMs: WAIT_MS } });
  const waitFor = app.waitFor;
  app.waitFor = (predicate, ms = WAIT_MS) => waitFor(predicate, ms);
  apps.push(app);
  await app.waitFor((s) => status(s, 'injected') === 'Connected');
  return Object.assign(app, { wallet });
}

const status = (s: RootState, id: 'coinbase' | 'injected' = 'coinbase') => connectionStatus(s.wallet.connections[id], s.wallet.activity[id]);

async function connected(app: App): Promise<RootState> {
  app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
  return app.waitFor((s) => status(s) === 'Connected');
}

beforeEach(() => {
  localStorage.clear();
  keys = installFakeKeys({ chains: { '1': 'https://rpc.test/1', '31337': 'http://127.0.0.1:8545' } });
});

afterEach(async () => {
  jest.useRealTimers();
  for (const app of apps.splice(0)) {
    app.stop();
    await app.connectors.coinbase?.disconnect();
  }
  keys.uninstall();
  document.body.innerHTML = '';
});

describe('connect through the keys popup', () => {
  it('ends connected with the wallet account (checksummed) and chain', async () => {
    const app = await start();
    const s = await connected(app);
    expect(s.wallet.connections.coinbase).toEqual({ activating: false, chainId: 1, accounts: [WALLET_ACCOUNT_CHECKSUMMED] });
    expect(s.wallet.current).toBe('coinbase');
  });

  it('shows "waiting on the wallet" while the user decides in the window, and not after', async () => {
    const app = await start();
    keys.behaviour = 'manual';
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    const prompt = await keys.nextPrompt();
    await app.waitFor((s) => s.wallet.activity.coinbase.awaitingWallet);
    prompt.answer(true);
    const s = await app.waitFor((st) => status(st) === 'Connected');
    expect(s.wallet.activity.coinbase.awaitingWallet).toBe(false);
  });

  it('switches chain: 4902 from the wallet, then the chain is added and used', async () => {
    const app = await start();
    await connected(app);
    app.store.dispatch(a.chainSwitchRequested({ id: 'coinbase', chainId: 10 }));
    const s = await app.waitFor((st) => st.wallet.connections.coinbase.chainId === 10 && st.wallet.activity.coinbase.switchingTo === undefined);
    expect(status(s)).toBe('Connected');
    expect(s.wallet.activity.coinbase.switchError).toBeUndefined();
    expect(keys.log.map((r) => r.method)).toEqual(['config', 'eth_requestAccounts', 'config', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']);
  });
});

describe('a popup that never answers', () => {
  it('ends in a clear timeout error, and Try again works once the wallet answers', async () => {
    const app = await start(coinbase({ popupLoadMs: 1000 }));
    // The load limit is the subject: on a fake clock it runs out when the test says, never early.
    useFakeClock();
    keys.neverLoad = true;
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await until(() => keys.windows.length === 1, { what: 'the keys window' });
    await jest.advanceTimersByTimeAsync(1000);
    const s = await app.waitFor((st) => status(st) === 'Error');
    expect(s.wallet.connections.coinbase.error).toEqual({
      name: 'TimeoutError',
      message: 'Coinbase Wallet did not answer: its window did not load within 1 s. Check your connection, then try again.',
    });
    keys.neverLoad = false;
    await connected(app);
  });
});

describe("a window that never answers the SDK's handshake (docs/behaviour.md §2.6)", () => {
  it('ends the connect after 15 s with the window closed, on the saga side; Try again connects', async () => {
    // The connector's own load limit is a hang guard here: the connect's limit is the subject.
    const app = await start();
    useFakeClock();
    keys.neverLoad = true;
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await until(() => keys.windows.length === 1, { what: 'the keys window' });
    await jest.advanceTimersByTimeAsync(14_999);
    expect(status(app.store.getState())).toBe('Connecting');
    await jest.advanceTimersByTimeAsync(1);
    const s = await app.waitFor((st) => status(st) === 'Error');
    expect(s.wallet.connections.coinbase.error).toEqual({ name: 'WalletWindowError', message: 'The Coinbase Wallet window did not answer within 15 s' });
    expect(s.wallet.activity.coinbase.awaitingWallet).toBe(false);
    await until(() => keys.windows[0]!.closed, { what: 'the keys window closed' });
    // Try again, with a window that answers: the limit is on the window, not on the user, who may take
    // as long as a connect may to approve.
    keys.neverLoad = false;
    keys.behaviour = 'manual';
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    const prompt = await keys.nextPrompt();
    await jest.advanceTimersByTimeAsync(20_000);
    expect(status(app.store.getState())).toBe('Connecting');
    prompt.answer(true);
    await app.waitFor((st) => status(st) === 'Connected');
  });
});

describe('a closed popup', () => {
  it('is recorded as the user rejecting the request', async () => {
    const app = await start();
    keys.behaviour = 'manual';
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await keys.nextPrompt();
    keys.windows[0]!.userCloses();
    const s = await app.waitFor((st) => status(st) === 'Error');
    expect(s.wallet.connections.coinbase.error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(s.wallet.activity.coinbase.awaitingWallet).toBe(false);
  });
});

describe('a blocked popup', () => {
  it('shows how to retry, and Try again connects', async () => {
    const app = await start();
    keys.blockPopups = true;
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    const s = await app.waitFor((st) => status(st) === 'Error');
    expect(s.wallet.connections.coinbase.error).toEqual({
      name: COINBASE_ERROR_NAMES.popupBlocked,
      message: 'The browser blocked the Coinbase Wallet window. Allow pop-ups for this site, then press Try again.',
    });
    keys.blockPopups = false;
    await connected(app);
  });
});

describe('cancel on "Confirm on phone"', () => {
  it('rejects the waiting connect with 4001 and stops waiting at once', async () => {
    const app = await start();
    keys.behaviour = 'manual';
    app.store.dispatch(a.connectRequested({ id: 'coinbase' }));
    await keys.nextPrompt();
    await app.waitFor((s) => s.wallet.activity.coinbase.awaitingWallet);
    app.store.dispatch(a.walletRequestCancelled({ id: 'coinbase' }));
    expect(app.store.getState().wallet.activity.coinbase.awaitingWallet).toBe(false);
    const s = await app.waitFor((st) => status(st) === 'Error');
    expect(s.wallet.connections.coinbase.error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    expect(keys.windows[0]!.closed).toBe(true);
  });

  it('rejects a waiting chain switch, and the connection stays as it was', async () => {
    const app = await start();
    await connected(app);
    keys.behaviour = 'manual';
    app.store.dispatch(a.chainSwitchRequested({ id: 'coinbase', chainId: 10 }));
    await keys.nextPrompt(); // the wallet asks about adding the chain
    await app.waitFor((s) => s.wallet.activity.coinbase.awaitingWallet);
    app.store.dispatch(a.walletRequestCancelled({ id: 'coinbase' }));
    const s = await app.waitFor((st) => st.wallet.activity.coinbase.switchError !== undefined);
    expect(s.wallet.activity.coinbase.switchError).toMatchObject({ code: 4001 });
    expect(s.wallet.connections.coinbase).toEqual({ activating: false, chainId: 1, accounts: [WALLET_ACCOUNT_CHECKSUMMED] });
  });
});

describe('a lost connection', () => {
  it('is shown as "Connection lost"; Reset returns to idle and leaves the other connection alone', async () => {
    const app = await start();
    await connected(app);
    const injectedBefore = app.store.getState().wallet.connections.injected;
    keys.state.revoked = true;
    app.store.dispatch(a.chainSwitchRequested({ id: 'coinbase', chainId: 10 }));
    let s = await app.waitFor((st) => st.wallet.activity.coinbase.linkLost === true);
    expect(s.wallet.connections.coinbase.error).toMatchObject({ code: 4900, message: 'The provider is disconnected from all chains.' });
    expect(app.connectors.coinbase!.hasStoredSession()).toBe(false);

    app.store.dispatch(a.disconnectRequested({ id: 'coinbase' }));
    s = await app.waitFor((st) => status(st) === 'Disconnected');
    expect(s.wallet.activity.coinbase.linkLost).toBeUndefined();
    expect(s.wallet.connections.coinbase).toEqual({ activating: false });
    expect(s.wallet.connections.injected).toBe(injectedBefore);

    keys.state.revoked = false;
    await app.settle(20); // the closed window's last message
    await connected(app);
  });

  it('a Coinbase Wallet app session ended on the phone returns to idle, with no page reload', async () => {
    const relay = new FakeRelay();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      localStorage.setItem(SDK_SIGNER_TYPE_KEY, 'walletlink');
      localStorage.setItem('-walletlink:https://www.walletlink.org:Addresses', WALLET_ACCOUNT);
      const app = await start();
      await app.waitFor((s) => status(s) === 'Connected');
      // The phone can end the session once the SDK has linked to the relay.
      await until(() => relay.received.some((f) => f.type === 'GetSessionConfig'), { what: 'the SDK linked to the relay' });
      relay.endSessionFromPhone();
      const s = await app.waitFor((st) => status(st) === 'Disconnected');
      expect(s.wallet.connections.coinbase).toEqual({ activating: false });
      expect(s.wallet.activity.coinbase.linkLost).toBeUndefined();
      expect(errors.mock.calls.filter((call) => String(call[0]).includes('navigation'))).toEqual([]);
    } finally {
      errors.mockRestore();
      relay.uninstall();
    }
  });
});

describe('reload', () => {
  it('reconnects silently from the stored session, without a window', async () => {
    const first = await start();
    await connected(first);
    first.stop();
    const second = await start();
    const s = await second.waitFor((st) => status(st) === 'Connected');
    expect(s.wallet.connections.coinbase.accounts).toEqual([WALLET_ACCOUNT_CHECKSUMMED]);
    expect(keys.windows).toHaveLength(1);
  });

  it('after Disconnect, does not reconnect', async () => {
    const first = await start();
    await connected(first);
    first.store.dispatch(a.disconnectRequested({ id: 'coinbase' }));
    await first.waitFor((st) => status(st) === 'Disconnected');
    await first.settle(50);
    first.stop();
    const second = await start();
    await second.settle(100);
    expect(status(second.store.getState())).toBe('Disconnected');
  });
});
