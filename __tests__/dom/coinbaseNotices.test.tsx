// What the user sees around a Coinbase connection: the extension suggestion before connecting, the
// "Confirm on phone" notice with Cancel, "Connection lost" with Reset. Real store, sagas, connector
// and SDK; the wallet end is the fake keys popup.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ChainsProvider } from '../../src/ui/chainsContext';
import { CoinbaseConnector, type CoinbaseConnectorOptions } from '../../src/lib/connectors/coinbase';
import { CornerNotices } from '../../src/features/wallet/CornerNotice';
import { ConnectionCard } from '../../src/features/wallet/ConnectionCard';
import { ExtensionSuggestionDialog } from '../../src/features/wallet/ExtensionSuggestionDialog';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FAKE_KEYS_URL, KEYS_WINDOW_TIMEOUTS, WALLET_ACCOUNT_CHECKSUMMED, installFakeKeys, type FakeKeys } from '../support/fakeCoinbasePopup';
import { WAIT_MS } from '../support/lifecycle';
import { startWalletApp } from '../support/walletHarness';

// jsdom has no <dialog> modality; the browser's showModal/close are what Dialog relies on.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

let keys: FakeKeys;
let apps: ReturnType<typeof startWalletApp>[] = [];

beforeEach(() => {
  localStorage.clear();
  keys = installFakeKeys({ chains: { '1': 'https://rpc.test/1' } });
});

afterEach(async () => {
  cleanup();
  for (const app of apps) {
    app.stop();
    await app.connectors.coinbase.disconnect();
  }
  apps = [];
  keys.uninstall();
  delete (window as { coinbaseWalletExtension?: unknown }).coinbaseWalletExtension;
  document.body.innerHTML = '';
});

async function showApp(options: Partial<CoinbaseConnectorOptions> = {}) {
  const coinbase = new CoinbaseConnector({
    appName: 'Walletdeck',
    appLogoUrl: '/favicon.svg',
    appChainIds: [1, 10],
    preference: 'all',
    keysUrl: FAKE_KEYS_URL,
    timeouts: { ...KEYS_WINDOW_TIMEOUTS, awaitingDelayMs: 20 },
    ...options,
  });
  const injected = injectedWith(new FakeEip1193Provider({ chainId: 1, authorized: true }));
  // No test here is about a time limit: each is a hang guard.
  const app = startWalletApp({ connectors: { coinbase, injected }, timeouts: { activateMs: WAIT_MS, eagerMs: WAIT_MS } });
  apps.push(app);
  render(
    <Provider store={app.store}>
      <ChainsProvider value={app.chains}>
          <ConnectionCard id="injected" />
          <ConnectionCard id="coinbase" />
          <ExtensionSuggestionDialog id="coinbase" />
          <CornerNotices ids={['coinbase']} />
      </ChainsProvider>
    </Provider>,
  );
  await screen.findByText('Connected', {}, { timeout: WAIT_MS }); // the browser wallet beside it
  return { app, card: screen.getByTestId('card-coinbase'), injectedCard: screen.getByTestId('card-injected') };
}

const statusOf = (card: HTMLElement) => within(card).getByTestId('status').textContent;
const waitForStatus = (card: HTMLElement, status: string) =>
  screen.findByText((_, el) => el === within(card).getByTestId('status') && el.textContent === status, {}, { timeout: WAIT_MS });

describe('the extension suggestion', () => {
  it('opens on Connect when no Coinbase extension is installed, with an install link and a way to continue', async () => {
    const { app, card } = await showApp();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Coinbase Wallet' });
    expect(within(dialog).getByRole('link', { name: 'Install the Coinbase Wallet extension' }).getAttribute('href')).toBe(
      'https://www.coinbase.com/wallet/downloads',
    );
    // Nothing has started yet: no window, not the current connection.
    expect(keys.windows).toHaveLength(0);
    expect(app.store.getState().wallet.current).toBe('injected');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitForStatus(card, 'Connected');
    expect(within(card).getByTestId('account').textContent).toBe(WALLET_ACCOUNT_CHECKSUMMED);
    expect(keys.windows).toHaveLength(1);
  });

  it('closes with Escape (the dialog cancel) and connects nothing', async () => {
    const { app, card } = await showApp();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await app.settle(30);
    expect(statusOf(card)).toBe('Disconnected');
    expect(keys.windows).toHaveLength(0);
  });

  it('is skipped when the extension is installed: Connect goes straight to it', async () => {
    const extension = new FakeEip1193Provider({ chainId: 1 });
    Object.assign(window, { coinbaseWalletExtension: extension });
    const { card } = await showApp();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitForStatus(card, 'Connected');
    expect(extension.count('eth_requestAccounts')).toBe(1);
  });
});

describe('preloading the SDK', () => {
  it('starts when the pointer enters or focus reaches Connect, once', async () => {
    const loadSdk = jest.fn(() => import('@coinbase/wallet-sdk'));
    const { card } = await showApp({ loadSdk });
    const connect = within(card).getByRole('button', { name: 'Connect' });
    expect(loadSdk).not.toHaveBeenCalled();
    fireEvent.pointerEnter(connect);
    expect(loadSdk).toHaveBeenCalledTimes(1);
    fireEvent.focus(connect);
    fireEvent.click(connect);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    await waitForStatus(card, 'Connected');
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });
});

describe('Confirm on phone', () => {
  it('shows while the wallet waits for the user; Cancel rejects the request and the notice goes', async () => {
    keys.behaviour = 'manual';
    const { app, card } = await showApp();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    const notice = await screen.findByRole('status', { name: 'Confirm on phone' }, { timeout: WAIT_MS });
    fireEvent.click(within(notice).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('status', { name: 'Confirm on phone' })).toBeNull();
    // The user's own "no" (4001) is a neutral notice with Connect, not a red error with Disconnect (issue 11).
    await waitForStatus(card, 'Disconnected');
    expect(within(card).getByTestId('declined').textContent).toContain('You declined in your wallet');
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(app.store.getState().wallet.connections.coinbase.error?.code).toBe(4001);
    expect(keys.windows[0]!.closed).toBe(true);
  });

  it('goes away by itself once the user answers in the wallet', async () => {
    keys.behaviour = 'manual';
    const { card } = await showApp();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    await screen.findByRole('status', { name: 'Confirm on phone' }, { timeout: WAIT_MS });
    await act(async () => (await keys.nextPrompt()).answer(true));
    await waitForStatus(card, 'Connected');
    expect(screen.queryByRole('status', { name: 'Confirm on phone' })).toBeNull();
  });
});

describe('Connection lost', () => {
  it('appears when the link drops; Reset returns to Disconnected without a reload and without touching the other wallet', async () => {
    const reloads = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { card, injectedCard } = await showApp();
      fireEvent.click(within(card).getByRole('button', { name: 'Connect' }));
      fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
      await waitForStatus(card, 'Connected');
      const injectedAccount = within(injectedCard).getByTestId('account').textContent;

      // The user removed the dapp in the wallet: the next request there finds the link gone.
      keys.state.revoked = true;
      fireEvent.change(within(card).getByLabelText('Switch chain'), { target: { value: '10' } });
      const notice = await screen.findByRole('alert', { name: 'Connection lost' }, { timeout: WAIT_MS });
      fireEvent.click(within(notice).getByRole('button', { name: 'Reset connection' }));

      await waitForStatus(card, 'Disconnected');
      expect(screen.queryByRole('alert', { name: 'Connection lost' })).toBeNull();
      expect(within(card).getByRole('button', { name: 'Connect' })).toBeTruthy();
      expect(statusOf(injectedCard)).toBe('Connected');
      expect(within(injectedCard).getByTestId('account').textContent).toBe(injectedAccount);
      expect(reloads.mock.calls.filter((call) => String(call[0]).includes('navigation'))).toEqual([]);
    } finally {
      reloads.mockRestore();
    }
  });
});
