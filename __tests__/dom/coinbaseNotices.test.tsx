// What the user sees around a Coinbase connection: the extension suggestion in the connect dialog,
// the "Confirm on phone" notice with Cancel, "Connection lost" with Reset. Real store, sagas,
// connector and SDK; the wallet end is the fake keys popup. The browser wallet is connected beside it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chainName } from '../../src/lib/chains';
import { CoinbaseConnector, type CoinbaseConnectorOptions } from '../../src/lib/connectors/coinbase';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { CornerNotices } from '../../src/features/wallet/CornerNotice';
import { WalletControl } from '../../src/features/wallet/WalletControl';
import ConnectDialog from '../../src/features/wallet/connect/ConnectDialog';
import AccountMenu from '../../src/features/wallet/menu/AccountMenu';
import { selectKindView } from '../../store/selectors';
import { walletActions } from '../../store/walletSlice';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { FAKE_KEYS_URL, KEYS_WINDOW_TIMEOUTS, WALLET_ACCOUNT_CHECKSUMMED, installFakeKeys, type FakeKeys } from '../support/fakeCoinbasePopup';
import { WAIT_MS } from '../support/lifecycle';
import { renderInPage } from '../support/renderApp';
import { startWalletApp } from '../support/walletHarness';


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
    await app.connectors.coinbase?.disconnect();
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
  renderInPage(
    app.store,
    app.chains,
    <>
      <WalletControl />
      <ConnectDialog />
      <AccountMenu />
      <CornerNotices ids={['coinbase']} />
    </>,
  );
  // The browser wallet beside it reconnects: the header shows its account.
  await screen.findByTestId('account-button', {}, { timeout: WAIT_MS });
  return { app };
}

const statusOf = (app: ReturnType<typeof startWalletApp>, id: ConnectionId) => selectKindView(app.store.getState(), id);
const waitForStatus = (app: ReturnType<typeof startWalletApp>, id: ConnectionId, status: string) =>
  waitFor(() => expect(statusOf(app, id)).toBe(status), { timeout: WAIT_MS });

/** The connect dialog's wallet list, opened from the account menu ("Connect another wallet"). */
function openWalletList(): HTMLElement {
  fireEvent.click(screen.getByTestId('account-button'));
  fireEvent.click(screen.getByRole('button', { name: 'Connect another wallet' }));
  return screen.getByTestId('wallet-list');
}

/** Chooses Coinbase Wallet in the list. */
function chooseCoinbase(): void {
  fireEvent.click(within(within(openWalletList()).getByTestId('card-coinbase')).getByRole('button', { name: /^Connect Coinbase Wallet/ }));
}

/** Chooses Coinbase Wallet and goes on without its extension. */
function connectCoinbase(): void {
  chooseCoinbase();
  fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
}

const headerAccount = () => screen.getByTestId('account-button');

describe('the extension suggestion', () => {
  it('shows when Coinbase Wallet is chosen and no extension is installed, with an install link and a way to continue', async () => {
    const { app } = await showApp();
    chooseCoinbase();
    const dialog = screen.getByRole('dialog', { name: 'Coinbase Wallet' });
    expect(within(dialog).getByRole('link', { name: /^Install the Coinbase Wallet extension/ }).getAttribute('href')).toBe(
      'https://www.coinbase.com/wallet/downloads',
    );
    // Nothing has started yet: no window, not the current connection.
    expect(keys.windows).toHaveLength(0);
    expect(app.store.getState().wallet.current).toBe('injected');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    await waitForStatus(app, 'coinbase', 'Connected');
    // Connected: the dialog closes and the header shows the Coinbase account, the wallet chosen last.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headerAccount().getAttribute('data-kind')).toBe('coinbase');
    expect(within(headerAccount()).getByTestId('account').getAttribute('data-address')).toBe(WALLET_ACCOUNT_CHECKSUMMED);
    expect(keys.windows).toHaveLength(1);
  });

  it('closes with Escape (the dialog cancel) and connects nothing', async () => {
    const { app } = await showApp();
    chooseCoinbase();
    const dialog = screen.getByRole('dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await app.settle(30);
    expect(statusOf(app, 'coinbase')).toBe('Disconnected');
    expect(app.store.getState().wallet.activity.coinbase.extensionSuggestion).toBeUndefined();
    expect(keys.windows).toHaveLength(0);
  });

  it('is skipped when the extension is installed: listed as installed, choosing it goes straight to it', async () => {
    const extension = new FakeEip1193Provider({ chainId: 1 });
    Object.assign(window, { coinbaseWalletExtension: extension });
    const { app } = await showApp();
    const list = openWalletList();
    const installed = within(list).getByRole('region', { name: 'Installed' });
    fireEvent.click(within(within(installed).getByTestId('card-coinbase')).getByRole('button', { name: /^Connect Coinbase Wallet/ }));
    expect(screen.queryByRole('link', { name: /Install the Coinbase Wallet extension/ })).toBeNull();
    await waitForStatus(app, 'coinbase', 'Connected');
    expect(extension.count('eth_requestAccounts')).toBe(1);
  });
});

describe('the extension suggestion is shown once', () => {
  /** Connects through the suggestion, then disconnects: the next choice of Coinbase Wallet is the subject. */
  async function passedOnce(app: ReturnType<typeof startWalletApp>): Promise<void> {
    connectCoinbase();
    await waitForStatus(app, 'coinbase', 'Connected');
    act(() => {
      app.store.dispatch(walletActions.disconnectRequested({ id: 'coinbase' }));
      // Back to the browser wallet beside it, whose account menu lists the wallets.
      app.store.dispatch(walletActions.currentChosen({ id: 'injected' }));
    });
    await waitForStatus(app, 'coinbase', 'Disconnected');
  }

  it('after "Continue", the next connect opens the window directly, also on the next visit', async () => {
    const { app } = await showApp();
    await passedOnce(app);
    expect(app.storage.dump()).toMatchObject({ 'walletdeck.withoutExtension': '["coinbase"]' });
    chooseCoinbase();
    expect(screen.queryByRole('link', { name: /Install the Coinbase Wallet extension/ })).toBeNull();
    await waitForStatus(app, 'coinbase', 'Connected');
    expect(keys.windows).toHaveLength(2);
    // The next visit reads it back.
    const next = startWalletApp({ storage: app.storage.dump() });
    apps.push(next);
    expect(next.store.getState().wallet.withoutExtension).toEqual(['coinbase']);
  });

  it('with site storage refused, it is remembered for the page\'s life', async () => {
    const { app } = await showApp();
    app.storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await passedOnce(app);
    chooseCoinbase();
    expect(screen.queryByRole('link', { name: /Install the Coinbase Wallet extension/ })).toBeNull();
    await waitForStatus(app, 'coinbase', 'Connected');
    expect(keys.windows).toHaveLength(2);
  });
});

describe('preloading the SDK', () => {
  it('starts when the pointer enters or focus reaches Coinbase Wallet in the list, once', async () => {
    const loadSdk = jest.fn(() => import('@coinbase/wallet-sdk'));
    const { app } = await showApp({ loadSdk });
    const connect = within(within(openWalletList()).getByTestId('card-coinbase')).getByRole('button', { name: /^Connect Coinbase Wallet/ });
    expect(loadSdk).not.toHaveBeenCalled();
    fireEvent.pointerEnter(connect);
    expect(loadSdk).toHaveBeenCalledTimes(1);
    fireEvent.focus(connect);
    fireEvent.click(connect);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with the mobile app or pop-up' }));
    await waitForStatus(app, 'coinbase', 'Connected');
    expect(loadSdk).toHaveBeenCalledTimes(1);
  });
});

describe('Confirm on phone', () => {
  // One wait, one notice (docs/behaviour.md §6.4, §6.7): the dialog that shows the connect says where to
  // approve; the corner speaks only for a wait that no open part of the page shows.
  it('a connect: the dialog says to approve in the window the SDK opened, the corner says nothing; Cancel ends it', async () => {
    keys.behaviour = 'manual';
    const { app } = await showApp();
    connectCoinbase();
    await keys.nextPrompt();
    await app.waitFor((s) => s.wallet.activity.coinbase.awaitingWallet && s.wallet.activity.coinbase.walletWindow === 'answered');
    const card = screen.getByTestId('card-coinbase');
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Approve the connection in the Coinbase Wallet window.'));
    expect(card.textContent).not.toContain('phone');
    expect(screen.queryByTestId('notice-coinbase')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitForStatus(app, 'coinbase', 'Disconnected');
    expect(keys.windows[0]!.closed).toBe(true);
  });

  it('a connect answered in the window: the notice never showed, and none is left', async () => {
    keys.behaviour = 'manual';
    const { app } = await showApp();
    connectCoinbase();
    await act(async () => (await keys.nextPrompt()).answer(true));
    await waitForStatus(app, 'coinbase', 'Connected');
    expect(screen.queryByRole('status', { name: 'Confirm on phone' })).toBeNull();
  });

  it('a network switch waiting with no menu open: in the corner; in the menu instead while it is open; Cancel rejects it', async () => {
    const { app } = await showApp();
    connectCoinbase();
    await waitForStatus(app, 'coinbase', 'Connected');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    keys.behaviour = 'manual';
    // Asked from elsewhere than the menu (the banner, Sign and send's offer): the window waits on the user.
    act(() => void app.store.dispatch(walletActions.chainSwitchRequested({ id: 'coinbase', chainId: 10 })));
    // The window does not know OP Mainnet (4902): the app adds it, and that prompt waits on the user.
    await keys.nextPrompt();
    await app.waitFor((s) => s.wallet.activity.coinbase.awaitingWallet);
    const notice = await screen.findByRole('status', { name: 'Confirm on phone' }, { timeout: WAIT_MS });
    expect(notice.textContent).toContain('Coinbase Wallet');

    // The account menu says the same wait, with its own Stop waiting: the corner gives way to it.
    fireEvent.click(headerAccount());
    const menu = await screen.findByRole('dialog');
    // The chain's and the wallet's names are isolated (<bdi>) inside the sentence: its whole text is read.
    expect(menu.querySelector('.notice')?.textContent).toContain(`Switching to ${chainName(app.chains, 10)}: confirm in Coinbase Wallet.`);
    expect(screen.queryByTestId('notice-coinbase')).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await screen.findByRole('status', { name: 'Confirm on phone' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Confirm on phone' })).toBeNull());
    await app.waitFor((s) => s.wallet.activity.coinbase.switchingTo === undefined);
    expect(statusOf(app, 'coinbase')).toBe('Connected');
  });
});

describe('Connection lost', () => {
  it('appears when the link drops; Reset returns to Disconnected without a reload and without touching the other wallet', async () => {
    const reloads = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { app } = await showApp();
      const injectedAccount = app.store.getState().wallet.connections.injected.accounts;
      connectCoinbase();
      await waitForStatus(app, 'coinbase', 'Connected');
      await waitFor(() => expect(headerAccount().getAttribute('data-kind')).toBe('coinbase'));

      // The user removed the dapp in the wallet: the next request there finds the link gone.
      keys.state.revoked = true;
      fireEvent.click(headerAccount());
      const menu = screen.getByTestId('account-menu');
      fireEvent.click(within(menu).getByText('Switch network'));
      fireEvent.click(within(menu).getByRole('button', { name: chainName(app.chains, 10) }));
      const notice = await screen.findByRole('alert', { name: 'Connection lost' }, { timeout: WAIT_MS });
      fireEvent.click(within(notice).getByRole('button', { name: 'Reset connection' }));

      await waitForStatus(app, 'coinbase', 'Disconnected');
      expect(screen.queryByRole('alert', { name: 'Connection lost' })).toBeNull();
      expect(screen.getByTestId('connect-button').textContent).toBe('Connect wallet');
      // The browser wallet beside it is untouched.
      expect(statusOf(app, 'injected')).toBe('Connected');
      expect(app.store.getState().wallet.connections.injected.accounts).toEqual(injectedAccount);
      expect(reloads.mock.calls.filter((call) => String(call[0]).includes('navigation'))).toEqual([]);
    } finally {
      reloads.mockRestore();
    }
  });
});
