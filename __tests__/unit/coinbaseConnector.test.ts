/**
 * @jest-environment jsdom
 */
// The Coinbase connector around the real Coinbase Wallet SDK v4. Only the wallet end is fake: the keys
// popup (a fake window speaking the SDK's popup protocol), the walletlink relay, the extension.
import {
  CoinbaseConnector,
  COINBASE_ERROR_NAMES,
  EXTENSION_SESSION_KEY,
  SDK_SIGNER_TYPE_KEY,
  type CoinbaseConnectorOptions,
} from '../../src/lib/connectors/coinbase';
import type { ConnectorEvent } from '../../src/lib/connectors/types';
import { toWalletError } from '../../src/lib/errors';
import { FakeEip1193Provider } from '../support/fakeProvider';
import { FAKE_KEYS_URL, KEYS_WINDOW_TIMEOUTS, WALLET_ACCOUNT, installFakeKeys, type FakeKeys } from '../support/fakeCoinbasePopup';
import { FakeRelay } from '../support/fakeCoinbaseRelay';
import { isSettled, pause, until, useFakeClock } from '../support/wait';

const TIMEOUTS = KEYS_WINDOW_TIMEOUTS;
const OPTIMISM_ADD = {
  chainId: '0xa',
  chainName: 'Optimism',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://mainnet.optimism.io'],
};

let keys: FakeKeys;
let events: ConnectorEvent[];
const connectors: CoinbaseConnector[] = [];

function coinbase(options: Partial<CoinbaseConnectorOptions> = {}): CoinbaseConnector {
  const connector = new CoinbaseConnector({
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    appChainIds: [1, 10, 31337],
    preference: 'all',
    keysUrl: FAKE_KEYS_URL,
    timeouts: TIMEOUTS,
    ...options,
  });
  connector.subscribe((event) => events.push(event));
  connectors.push(connector);
  return connector;
}

/** What the user sees of a failed request. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return toWalletError(error);
  }
  throw new Error('the request did not fail');
}


/** Navigation attempts (jsdom reports `location.reload()` as an unimplemented navigation). */
function watchReloads() {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return {
    count: () => spy.mock.calls.filter((call) => String(call[0]).includes('navigation')).length,
    restore: () => spy.mockRestore(),
  };
}

beforeEach(() => {
  localStorage.clear();
  events = [];
  keys = installFakeKeys({ chains: { '1': 'https://rpc.test/1', '31337': 'http://127.0.0.1:8545' } });
});

afterEach(async () => {
  jest.useRealTimers();
  for (const connector of connectors.splice(0)) await connector.disconnect();
  keys.uninstall();
  delete (window as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension;
  document.body.innerHTML = '';
});

describe('connecting through the keys popup', () => {
  it('asks the wallet in its window and answers with its accounts and chain', async () => {
    const provider = await coinbase().getProvider();
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([WALLET_ACCOUNT]);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(keys.windows).toHaveLength(1);
    expect(keys.windows[0]!.url.startsWith(FAKE_KEYS_URL)).toBe(true);
    expect(keys.log.map((r) => r.method)).toEqual(['config', 'eth_requestAccounts']);
  });

  it('tells the wallet the app name, an absolute logo URL, the chain ids and the preference from configuration', async () => {
    const provider = await coinbase({ appName: 'My dapp', preference: 'eoaOnly' }).getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    const config = keys.log.find((r) => r.method === 'config')!.params as { metadata: unknown; preference: unknown };
    expect(config.metadata).toEqual({ appName: 'My dapp', appLogoUrl: `${location.origin}/favicon.svg`, appChainIds: [1, 10, 31337] });
    expect(config.preference).toMatchObject({ options: 'eoaOnly' });
  });

  it('says "waiting on the wallet" while the user decides, and not for answers the SDK has at hand', async () => {
    keys.behaviour = 'manual';
    const provider = await coinbase().getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    const prompt = await keys.nextPrompt();
    await until(() => events.some((e) => e.type === 'awaitingWallet'));
    expect(events.filter((e) => e.type === 'awaitingWallet')).toEqual([{ type: 'awaitingWallet', waiting: true }]);
    prompt.answer(true);
    await accounts;
    expect(events.filter((e) => e.type === 'awaitingWallet')).toEqual([
      { type: 'awaitingWallet', waiting: true },
      { type: 'awaitingWallet', waiting: false },
    ]);
    await provider.request({ method: 'eth_chainId' });
    await new Promise((r) => setTimeout(r, TIMEOUTS.awaitingDelayMs * 2));
    expect(events.filter((e) => e.type === 'awaitingWallet')).toHaveLength(2);
  });

  it('reports the accounts and chain the wallet gives as events', async () => {
    const provider = await coinbase().getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    expect(events).toContainEqual({ type: 'accountsChanged', accounts: [WALLET_ACCOUNT] });
  });
});

describe('a popup that never answers', () => {
  // The load limit is the subject: on a fake clock it runs out exactly when the test says.
  const LOAD_MS = 1000;
  const withLoadLimit = () => coinbase({ timeouts: { ...TIMEOUTS, popupLoadMs: LOAD_MS } });
  beforeEach(useFakeClock);

  /** Starts a request and waits (in real time) until its window is open; resolves to its failure. */
  async function failureInWindow(provider: Awaited<ReturnType<CoinbaseConnector['getProvider']>>, window: number) {
    const failed = failure(provider.request({ method: 'eth_requestAccounts' }));
    await until(() => keys.windows.length === window, { what: `window ${window}` });
    return { failed };
  }

  it('ends in a clear timeout error and closes the window', async () => {
    keys.neverLoad = true;
    const provider = await withLoadLimit().getProvider();
    const { failed } = await failureInWindow(provider, 1);
    await jest.advanceTimersByTimeAsync(LOAD_MS - 1);
    expect(await isSettled(failed)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await failed).toEqual({
      name: 'TimeoutError',
      message: 'Coinbase Wallet did not answer: its window did not load within 1 s. Check your connection, then try again.',
    });
    expect(keys.windows[0]!.closed).toBe(true);
  });

  it('lets the user try again once the wallet is reachable', async () => {
    keys.neverLoad = true;
    const provider = await withLoadLimit().getProvider();
    const { failed } = await failureInWindow(provider, 1);
    await jest.advanceTimersByTimeAsync(LOAD_MS);
    await failed;
    keys.neverLoad = false;
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([WALLET_ACCOUNT]);
  });

  it('does not time out a window that loaded while the user takes their time', async () => {
    keys.behaviour = 'manual';
    const provider = await withLoadLimit().getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    const prompt = await keys.nextPrompt();
    await jest.advanceTimersByTimeAsync(LOAD_MS + 50);
    prompt.answer(true);
    await expect(accounts).resolves.toEqual([WALLET_ACCOUNT]);
  });
});

describe('a closed popup', () => {
  it('is the user rejecting the request (4001)', async () => {
    keys.behaviour = 'manual';
    const provider = await coinbase().getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    await keys.nextPrompt();
    keys.windows[0]!.userCloses();
    expect(await failure(accounts)).toMatchObject({ name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' });
  });

  // The grace after a silent close is the subject: on a fake clock it runs out exactly when the test says.
  const POLL_MS = TIMEOUTS.popupPollMs;
  const GRACE_MS = 400;
  const withGrace = () => coinbase({ timeouts: { ...TIMEOUTS, popupClosedGraceMs: GRACE_MS } });

  it('is noticed also when the window dies without saying goodbye', async () => {
    useFakeClock();
    keys.behaviour = 'manual';
    const provider = await withGrace().getProvider();
    const accounts = failure(provider.request({ method: 'eth_requestAccounts' }));
    await keys.nextPrompt();
    keys.windows[0]!.userCloses({ unload: false });
    await jest.advanceTimersByTimeAsync(POLL_MS + GRACE_MS - 1);
    expect(await isSettled(accounts)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await accounts).toMatchObject({ code: 4001, message: 'User rejected the request.' });
  });

  it('leaves nothing behind: connecting again opens a fresh window and works', async () => {
    useFakeClock();
    keys.behaviour = 'manual';
    const connector = withGrace();
    const provider = await connector.getProvider();
    const first = failure(provider.request({ method: 'eth_requestAccounts' }));
    await keys.nextPrompt();
    keys.windows[0]!.userCloses({ unload: false });
    await jest.advanceTimersByTimeAsync(POLL_MS + GRACE_MS);
    await first;
    keys.behaviour = 'approve';
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([WALLET_ACCOUNT]);
    expect(keys.windows).toHaveLength(2);
    expect(connector.hasStoredSession()).toBe(true);
  });
});

describe('a late goodbye from a window closed earlier', () => {
  it('does not end the request in the new window', async () => {
    keys.behaviour = 'manual';
    const connector = coinbase();
    const provider = await connector.getProvider();
    const first = provider.request({ method: 'eth_requestAccounts' });
    const firstPrompt = await keys.nextPrompt();
    // The closing window's goodbye arrives once the user has retried and the new window asks them.
    const goodbye = keys.windows[0]!.holdMessages();
    connector.cancelPendingRequests();
    await failure(first);
    const second = provider.request({ method: 'eth_requestAccounts' });
    const prompt = await until(() => keys.prompts.find((p) => p !== firstPrompt), { what: 'the new window asking' });
    await goodbye();
    prompt.answer(true);
    await expect(second).resolves.toEqual([WALLET_ACCOUNT]);
  });
});

describe('a blocked popup', () => {
  it('gives a clear message that says how to retry, instead of hanging', async () => {
    keys.blockPopups = true;
    const provider = await coinbase().getProvider();
    const error = await failure(provider.request({ method: 'eth_requestAccounts' }));
    expect(error).toEqual({
      name: COINBASE_ERROR_NAMES.popupBlocked,
      message: 'The browser blocked the Coinbase Wallet window. Allow pop-ups for this site, then press Try again.',
    });
    // Our message replaces the SDK's own retry snackbar, which would revive the abandoned request.
    expect(document.body.textContent).not.toContain('Popup was blocked');
  });

  it('works on retry once the browser lets the window open', async () => {
    keys.blockPopups = true;
    const provider = await coinbase().getProvider();
    await failure(provider.request({ method: 'eth_requestAccounts' }));
    keys.blockPopups = false;
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([WALLET_ACCOUNT]);
    expect(keys.log.filter((r) => r.method === 'eth_requestAccounts')).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('rejects the waiting request with 4001, closes the window and stops waiting', async () => {
    keys.behaviour = 'manual';
    const connector = coinbase();
    const provider = await connector.getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    await keys.nextPrompt();
    await until(() => events.some((e) => e.type === 'awaitingWallet'));
    connector.cancelPendingRequests();
    expect(await failure(accounts)).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    expect(keys.windows[0]!.closed).toBe(true);
    expect(events.filter((e) => e.type === 'awaitingWallet').at(-1)).toEqual({ type: 'awaitingWallet', waiting: false });
    expect(connector.hasStoredSession()).toBe(false);
  });

  it('just as the window chose how to sign opens no new window for the cancelled request', async () => {
    keys.behaviour = 'manual';
    const connector = coinbase();
    const provider = await connector.getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    // Heard after the SDK's own listener: the user cancels as the window's answer reaches the SDK, before it asks there.
    const cancelOnChoice = (event: MessageEvent) => {
      if ((event.data as { data?: unknown } | null)?.data === 'scw') connector.cancelPendingRequests();
    };
    window.addEventListener('message', cancelOnChoice);
    try {
      expect(await failure(accounts)).toMatchObject({ code: 4001 });
      await pause(0);
    } finally {
      window.removeEventListener('message', cancelOnChoice);
    }
    // The SDK went on with the abandoned request and would open its window again, to ask there.
    expect(keys.windows).toHaveLength(1);
    expect(keys.windows[0]!.closed).toBe(true);
    // Try again asks once, in one new window.
    const again = provider.request({ method: 'eth_requestAccounts' });
    (await keys.nextPrompt()).answer(true);
    await expect(again).resolves.toEqual([WALLET_ACCOUNT]);
    expect(keys.windows).toHaveLength(2);
    expect(keys.prompts).toEqual([]);
  });

  it('rejects a pending chain switch too, keeping the connection', async () => {
    const connector = coinbase();
    const provider = await connector.getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    keys.behaviour = 'manual';
    const added = provider.request({ method: 'wallet_addEthereumChain', params: [OPTIMISM_ADD] });
    await keys.nextPrompt();
    connector.cancelPendingRequests();
    expect(await failure(added)).toMatchObject({ code: 4001 });
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([WALLET_ACCOUNT]);
  });
});

describe('a lost connection', () => {
  it('is reported once the wallet no longer knows this dapp, and the stale session is dropped', async () => {
    const connector = coinbase();
    const provider = await connector.getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    keys.state.revoked = true;
    expect(await failure(provider.request({ method: 'wallet_addEthereumChain', params: [OPTIMISM_ADD] }))).toMatchObject({ code: 4100 });
    expect(events).toContainEqual({ type: 'disconnect', error: { code: 4900 } });
    expect(toWalletError({ code: 4900 }).message).toBe('The provider is disconnected from all chains.');
    expect(connector.hasStoredSession()).toBe(false);
  });

  it('from the extension is passed on, except its "reconnecting" notice (1013)', async () => {
    const extension = new FakeEip1193Provider({ chainId: 1, authorized: true });
    Object.assign(window, { coinbaseWalletExtension: extension });
    await (await coinbase().getProvider()).request({ method: 'eth_accounts' });
    extension.emit('disconnect', { code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' });
    extension.emit('disconnect', { code: 4900, message: 'Disconnected' });
    expect(events).toEqual([{ type: 'disconnect', error: { code: 4900, message: 'Disconnected' } }]);
  });

  it('when the phone ends a Coinbase Wallet app session: idle, storage cleared, and no page reload', async () => {
    const relay = new FakeRelay();
    const reloads = watchReloads();
    try {
      localStorage.setItem(SDK_SIGNER_TYPE_KEY, 'walletlink');
      localStorage.setItem('-walletlink:https://www.walletlink.org:Addresses', WALLET_ACCOUNT);
      const connector = coinbase();
      expect(connector.hasStoredSession()).toBe(true);
      const provider = await connector.getProvider();
      await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([WALLET_ACCOUNT]);
      await until(() => relay.received.some((f) => f.type === 'GetSessionConfig'));
      relay.endSessionFromPhone();
      await until(() => events.some((e) => e.type === 'sessionEnded'));
      await until(() => relay.received.some((f) => f.type === 'SetSessionConfig'));
      expect(connector.hasStoredSession()).toBe(false);
      expect(reloads.count()).toBe(0);
    } finally {
      reloads.restore();
      relay.uninstall();
    }
  });
});

describe('disconnect', () => {
  it('ends the SDK session without touching anything else stored, and without a reload', async () => {
    localStorage.setItem('walletdeck.current', 'coinbase');
    localStorage.setItem('-walletconnect-like:other', 'kept');
    const connector = coinbase();
    const provider = await connector.getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    expect(Object.keys(localStorage).some((k) => k.startsWith('-CBWSDK:'))).toBe(true);
    events.length = 0;
    await connector.disconnect();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('-CBWSDK:') || k.startsWith('-walletlink:'))).toEqual([]);
    expect(localStorage.getItem('walletdeck.current')).toBe('coinbase');
    expect(localStorage.getItem('-walletconnect-like:other')).toBe('kept');
    expect(connector.hasStoredSession()).toBe(false);
    // Ending it ourselves is not a lost link.
    expect(events).toEqual([]);
  });

  it('of a Coinbase Wallet app session does not reload the page (the SDK would)', async () => {
    const relay = new FakeRelay();
    const reloads = watchReloads();
    try {
      localStorage.setItem(SDK_SIGNER_TYPE_KEY, 'walletlink');
      localStorage.setItem('-walletlink:https://www.walletlink.org:Addresses', WALLET_ACCOUNT);
      const connector = coinbase();
      const provider = await connector.getProvider();
      await provider.request({ method: 'eth_accounts' });
      await until(() => relay.received.some((f) => f.type === 'GetSessionConfig'));
      await connector.disconnect();
      await until(() => relay.received.some((f) => f.type === 'SetSessionConfig'));
      await new Promise((r) => setTimeout(r, 50));
      expect(reloads.count()).toBe(0);
      expect(connector.hasStoredSession()).toBe(false);
      expect(events.filter((e) => e.type === 'sessionEnded' || e.type === 'disconnect')).toEqual([]);
    } finally {
      reloads.restore();
      relay.uninstall();
    }
  });

  it('just as the window chose how to sign opens no new window for the abandoned connect', async () => {
    keys.behaviour = 'manual';
    const connector = coinbase();
    const provider = await connector.getProvider();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    let ended: Promise<void> | undefined;
    // Heard after the SDK's own listener: Disconnect lands as the window's answer reaches the SDK, before it asks there.
    const disconnectOnChoice = (event: MessageEvent) => {
      if ((event.data as { data?: unknown } | null)?.data === 'scw') ended = connector.disconnect();
    };
    window.addEventListener('message', disconnectOnChoice);
    try {
      expect(await failure(accounts)).toMatchObject({ code: 4900 });
      await ended;
      await pause(0);
    } finally {
      window.removeEventListener('message', disconnectOnChoice);
    }
    expect(keys.windows).toHaveLength(1);
    expect(keys.prompts).toEqual([]);
  });

  it('the next connect asks the wallet again in a new window', async () => {
    const connector = coinbase();
    await (await connector.getProvider()).request({ method: 'eth_requestAccounts' });
    await connector.disconnect();
    const provider = await connector.getProvider();
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([WALLET_ACCOUNT]);
    expect(keys.windows).toHaveLength(2);
  });
});

describe('eager reconnect', () => {
  it('only with a stored SDK session, found without loading the SDK', async () => {
    const loadSdk = jest.fn(() => import('@coinbase/wallet-sdk'));
    expect(coinbase({ loadSdk }).hasStoredSession()).toBe(false);
    await (await coinbase().getProvider()).request({ method: 'eth_requestAccounts' });
    const later = coinbase({ loadSdk });
    expect(later.hasStoredSession()).toBe(true);
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('answers eth_accounts and eth_chainId from the stored session, without a window', async () => {
    await (await coinbase().getProvider()).request({ method: 'eth_requestAccounts' });
    const provider = await coinbase().getProvider();
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([WALLET_ACCOUNT]);
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1');
    expect(keys.windows).toHaveLength(1);
  });

  it('treats storage that throws as no session', () => {
    const host = Object.create(window) as typeof window;
    Object.defineProperty(host, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    const connector = coinbase({ host });
    expect(connector.hasStoredSession()).toBe(false);
  });

  it('outside a browser is a configuration error, thrown at once', () => {
    expect(() => coinbase({ host: undefined }).hasStoredSession()).toThrow('window is not defined');
  });
});

describe('preload', () => {
  it('starts loading the SDK once, so that the click finds it ready', async () => {
    const loadSdk = jest.fn(() => import('@coinbase/wallet-sdk'));
    const connector = coinbase({ loadSdk });
    connector.preload();
    connector.preload();
    await connector.getProvider();
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });

  it('a failed load is reported clearly and retried on the next attempt', async () => {
    const loadSdk = jest
      .fn<ReturnType<NonNullable<CoinbaseConnectorOptions['loadSdk']>>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk coinbase failed.'))
      .mockImplementation(() => import('@coinbase/wallet-sdk'));
    const connector = coinbase({ loadSdk });
    connector.preload();
    expect(await failure(connector.getProvider())).toEqual({
      name: COINBASE_ERROR_NAMES.sdkLoad,
      message: 'Coinbase Wallet could not be loaded: Loading chunk coinbase failed.',
    });
    await expect(connector.getProvider()).resolves.toBeDefined();
  });
});

describe('chain switch through the popup', () => {
  it('adds an unknown chain and ends on it (the wallet itself only adds it)', async () => {
    const connector = coinbase();
    const provider = await connector.getProvider();
    await provider.request({ method: 'eth_requestAccounts' });
    expect(await failure(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }))).toMatchObject({ code: 4902 });
    await expect(provider.request({ method: 'wallet_addEthereumChain', params: [OPTIMISM_ADD] })).resolves.toBeNull();
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0xa');
    expect(events).toContainEqual({ type: 'chainChanged', chainId: 10 });
    // Both asked in the one window the 4902 answer left open.
    expect(keys.windows).toHaveLength(2);
  });
});

describe('with the Coinbase extension installed', () => {
  it('the SDK hands back the extension, told our app name; no window opens', async () => {
    const extension = Object.assign(new FakeEip1193Provider({ chainId: 1 }), { setAppInfo: jest.fn() });
    Object.assign(window, { coinbaseWalletExtension: extension });
    const connector = coinbase();
    expect(connector.extensionSuggestion()).toBeUndefined();
    const provider = await connector.getProvider();
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual(extension.accounts);
    expect(extension.setAppInfo).toHaveBeenCalledWith('Walletdeck', `${location.origin}/favicon.svg`, [1, 10, 31337], expect.anything());
    expect(keys.windows).toHaveLength(0);
  });

  it('reconnects eagerly only after the user connected through it here', async () => {
    const extension = new FakeEip1193Provider({ chainId: 1 });
    Object.assign(window, { coinbaseWalletExtension: extension });
    expect(coinbase().hasStoredSession()).toBe(false);
    const connector = coinbase();
    await (await connector.getProvider()).request({ method: 'eth_requestAccounts' });
    expect(localStorage.getItem(EXTENSION_SESSION_KEY)).not.toBeNull();
    expect(coinbase().hasStoredSession()).toBe(true);
    await connector.disconnect();
    expect(coinbase().hasStoredSession()).toBe(false);
  });

  it('cancel rejects our side of the request with 4001', async () => {
    const extension = new FakeEip1193Provider({ chainId: 1 });
    extension.approval = 'manual';
    Object.assign(window, { coinbaseWalletExtension: extension });
    const connector = coinbase();
    const accounts = (await connector.getProvider()).request({ method: 'eth_requestAccounts' });
    await new Promise((r) => setTimeout(r, 10));
    connector.cancelPendingRequests();
    expect(await failure(accounts)).toMatchObject({ code: 4001 });
  });
});

describe('the extension suggestion', () => {
  it('is offered when no Coinbase extension is installed', () => {
    expect(coinbase().extensionSuggestion()).toEqual({ name: 'Coinbase Wallet extension', installUrl: 'https://www.coinbase.com/wallet/downloads' });
  });

  it('is not offered for smart-wallet-only apps, which never use the extension', () => {
    expect(coinbase({ preference: 'smartWalletOnly' }).extensionSuggestion()).toBeUndefined();
  });

  it('is not offered on phones, which have no extensions', () => {
    const phone = Object.assign(Object.create(window) as typeof window, { navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } });
    expect(coinbase({ host: phone }).extensionSuggestion()).toBeUndefined();
  });
});
