// The connect pattern every dapp user knows: one "Connect wallet" button, a dialog listing
// every way to connect, each wallet's progress inside it, an account button and menu, one banner for a
// network the app does not support. The built app in real headless Chromium; the fake extension
// wallet, the Coinbase keys popup and a WalletConnect phone (real sign client, local relay) at the
// edge. The states only this suite reaches are checked for axe violations and layout (support/a11y.ts);
// the others are the a11y suite's, which checks each state once.
import type { BrowserContext, Page } from 'playwright-core';
import { TEST_ACCOUNTS, startAnvil, type Anvil } from '../support/anvil';
import { expectAccessible } from '../support/a11y';
import {
  accountButton,
  accountMenu,
  cancelConnect,
  closeDialogs,
  connect,
  connectDialog,
  continueWithoutExtension,
  disconnect,
  expectLayout,
  openAccountMenu,
  openSigning,
  openWalletList,
  shownAccount,
  shownBalance,
  startConnect,
  statusOf,
  switchFromUnsupported,
  waitForStatus,
  networkButton,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type Eip6963Info, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';
import { trackTimers } from '../support/sdkTimers';
import { setUp, tearDown } from '../support/lifecycle';

const timers = trackTimers();

const ORANGE = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Ccircle cx="4" cy="4" r="4" fill="%23f6851b"/%3E%3C/svg%3E';
const METAMASK: Eip6963Info = { uuid: '7d1f3c2a-9b8e-4c6d-a5f4-3e2d1c0b9a88', name: 'MetaMask', icon: ORANGE, rdns: 'io.metamask' };
const RABBY: Eip6963Info = { uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Rabby Wallet', icon: '', rdns: 'io.rabby' };
const ACCOUNT = TEST_ACCOUNTS[0].address;

const suite = browserSuite({ wallets: { coinbase: { accounts: [ACCOUNT.toLowerCase()] } } });
let bsc: Anvil | undefined;
const phones: SimulatedWallet[] = [];

setUp(async () => {
  bsc = await startAnvil({ chainId: 56 });
});

afterEach(async () => {
  await Promise.allSettled(phones.splice(0).map((p) => p.close()));
});

tearDown(() => [bsc, () => timers.clearAll()]);

const newContext = (): Promise<BrowserContext> => suite.newContext({ viewport: { width: 1280, height: 800 } });

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return page;
}

async function openWith(options: Partial<FakeWalletOptions> | 'no wallet' = {}): Promise<{ page: Page; wallet: FakeWallet | undefined; context: BrowserContext }> {
  const context = await newContext();
  const wallet = options === 'no wallet' ? undefined : await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, ...options });
  return { page: await open(context), wallet, context };
}

/** Where keyboard focus is: its test id, or its text. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent ?? '');

describe('connect each kind from the dialog, disconnect from the menu', () => {
  it('a browser extension: listed by its own name and icon, its progress in the dialog, then the account button and menu', async () => {
    const { page, wallet } = await openWith({ approval: 'manual' });
    expect(await page.getByTestId('connect-button').textContent()).toBe('Connect wallet');

    const dialog = await openWalletList(page);
    const row = dialog.getByTestId('card-injected').getByRole('button', { name: /^Connect MetaMask\b/ });
    expect(await row.locator('img').getAttribute('src')).toBe(ORANGE);

    await startConnect(page, 'injected', { wallet: 'MetaMask' });
    await waitForStatus(page, 'injected', 'Connecting');
    await dialog.getByText('Approve the connection in MetaMask.').waitFor();
    // A wait that grows long says where the prompt is; Cancel stays.
    await dialog.getByTestId('where-is-the-prompt').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);

    await wallet!.approvePending();
    await waitForStatus(page, 'injected', 'Connected');
    await connectDialog(page).waitFor({ state: 'detached' });
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(await shownBalance(page)).toMatch(/ETH$/);
    expect(await networkButton(page).getByTestId('chain').textContent()).toContain('Local development chain');
    // Focus lands on the account button.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'account-button');

    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('card-injected').getByTestId('status').textContent()).toBe('Connected');
    expect(await menu.getByText(ACCOUNT).count()).toBe(1);
    await disconnect(page, 'injected');
    expect(await page.getByTestId('connect-button').textContent()).toBe('Connect wallet');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'connect-button');
    expect(wallet!.requests('eth_requestAccounts')).toHaveLength(1);
  });

  it('Coinbase Wallet without its extension: the suggestion, then its window', async () => {
    const { page } = await openWith('no wallet');
    await startConnect(page, 'coinbase');
    const card = connectDialog(page).getByTestId('card-coinbase');
    await card.getByRole('link', { name: /Install the Coinbase Wallet extension/ }).waitFor();
    const popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await popupOpened;
    await waitForStatus(page, 'coinbase', 'Connecting');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(await accountButton(page).getAttribute('data-kind')).toBe('coinbase');
    await openAccountMenu(page);
    await disconnect(page, 'coinbase');
    expect(await page.getByTestId('connect-button').getAttribute('data-status')).toBe('Disconnected');
  });

  it('WalletConnect: the QR code of the pairing link in the dialog, the phone approves, the dialog closes', async () => {
    const { page } = await openWith('no wallet');
    const phone = await startSimulatedWallet({ relayUrl: suite.relay.url, chains: [31337], rpcUrls: { 31337: suite.rpcUrls[31337]! } });
    phones.push(phone);
    await startConnect(page, 'walletconnect');
    const dialog = connectDialog(page);
    await dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
    const uri = await dialog.getByTestId('pairing-uri').inputValue();
    const proposal = await phone.pair(uri);
    await phone.approve(proposal, {});
    await waitForStatus(page, 'walletconnect', 'Connected');
    expect(await accountButton(page).getAttribute('data-kind')).toBe('walletconnect');
    await openAccountMenu(page);
    await disconnect(page, 'walletconnect');
  });
});

describe('two browser extensions', () => {
  it('both are listed by name; the one chosen is asked, named in the menu, and marked Recent after a reload', async () => {
    const context = await newContext();
    const metamask = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, setGlobal: false, globalName: 'metamaskProvider' });
    const rabby = await installFakeWallet(context, { announce: RABBY, rpcUrls: suite.rpcUrls, setGlobal: false, globalName: 'rabbyProvider' });
    const page = await open(context);
    const dialog = await openWalletList(page);
    const names = await dialog.getByTestId('card-injected').locator('.wallet-choice-name').allTextContents();
    expect(names.map((n) => n.replace(/^(Connect|Use) /, ''))).toEqual(['MetaMask', 'Rabby Wallet']);
    // An icon is drawn only from a data URI: MetaMask's, not Rabby's empty one.
    const row = (name: string) => dialog.getByTestId('card-injected').getByRole('button', { name: new RegExp(`^(Connect|Use) ${name}\\b`) });
    expect(await row('MetaMask').locator('img').count()).toBe(1);
    expect(await row('Rabby Wallet').locator('img').count()).toBe(0);
    await connect(page, 'injected', { wallet: 'Rabby Wallet' });
    expect(rabby.requests('eth_requestAccounts')).toHaveLength(1);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('card-injected').getByRole('heading').textContent()).toBe('Rabby Wallet');
    await closeDialogs(page);

    await page.reload();
    await waitForStatus(page, 'injected', 'Connected');
    await disconnect(page, 'injected');
    const list = await openWalletList(page);
    const rows = list.getByTestId('card-injected').getByRole('listitem');
    // The wallet used last leads, labelled Recent.
    expect(await rows.first().textContent()).toMatch(/Rabby Wallet.*Recent/);
    expect(await rows.filter({ hasText: 'MetaMask' }).getByText('Recent').count()).toBe(0);
    await expectAccessible(page);
    // The first row (the wallet used last) connects Rabby again.
    await list.getByTestId('card-injected').getByRole('button').first().click();
    await waitForStatus(page, 'injected', 'Connected');
    expect(rabby.requests('eth_requestAccounts')).toHaveLength(2);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
  });

  it('a name announced with bidirectional-override characters is shown without them', async () => {
    const spoof = { ...RABBY, uuid: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091', name: 'Rabby \u202eksaMateM\u202c', rdns: 'io.spoof' };
    const { page } = await openWith({ announce: spoof });
    const dialog = await openWalletList(page);
    const text = await dialog.getByTestId('card-injected').textContent();
    expect(text).toContain('Rabby ksaMateM');
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('no wallet at all', () => {
  it('says so with a way to get one, and offers only what works here', async () => {
    const { page } = await openWith('no wallet');
    const dialog = await openWalletList(page);
    await dialog.getByTestId('get-a-wallet').getByText('No browser wallet found').waitFor();
    expect(await dialog.getByRole('link', { name: /^Get a wallet/ }).getAttribute('href')).toBe('https://ethereum.org/en/wallets/find-wallet/');
    expect(await dialog.getByTestId('card-injected').count()).toBe(0);
    expect(await dialog.getByTestId('card-coinbase').count()).toBe(1);
    expect(await dialog.getByTestId('card-walletconnect').count()).toBe(1);
    // Nothing is Recent before a choice; the kind chosen is, even when its connect was cancelled.
    expect(await dialog.getByText('Recent', { exact: true }).count()).toBe(0);
    await startConnect(page, 'walletconnect');
    await waitForStatus(page, 'walletconnect', 'Connecting');
    await cancelConnect(page, 'walletconnect');
    await dialog.getByTestId('card-walletconnect').and(page.locator('article')).getByRole('button', { name: 'Back', exact: true }).click();
    const recent = dialog.getByTestId('wallet-list').getByText('Recent', { exact: true });
    await recent.waitFor();
    expect(await recent.count()).toBe(1);
    expect(await dialog.getByTestId('card-walletconnect').getByText('Recent', { exact: true }).count()).toBe(1);
  });
});

describe('a refusal, and a wallet that already has a request open', () => {
  it('a refusal in calm words, with Try again and Back', async () => {
    const { page, wallet } = await openWith({ approval: 'reject' });
    await startConnect(page, 'injected');
    const card = connectDialog(page).getByTestId('card-injected');
    await card.getByTestId('declined').getByText('You declined in MetaMask.').waitFor();
    // A calm notice, not an error: no alert, no Disconnect; Try again and Back.
    expect(await statusOf(page, 'injected')).toBe('Disconnected');
    expect(await card.getByRole('alert').count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Disconnect/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Back' }).count()).toBe(1);
    expect(await page.getByTestId('connect-button').getAttribute('data-status')).toBe('Disconnected');
    wallet!.approval = 'approve';
    await card.getByRole('button', { name: 'Try again' }).click();
    await waitForStatus(page, 'injected', 'Connected');
  });

  it('-32002: the wallet has a request open, and the dialog says where to finish it', async () => {
    const { page, wallet } = await openWith({ approval: 'manual' });
    await wallet!.misbehave('eth_requestAccounts', { error: { code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" } });
    await startConnect(page, 'injected');
    await connectDialog(page).getByTestId('request-open').waitFor();
    await cancelConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Disconnected');
  });
});

describe('a wallet on a network the app does not support', () => {
  it("one banner with Switch to <chain>; no other chain's data on the page; the switch brings everything back", async () => {
    const { page, wallet } = await openWith({ rpcUrls: { ...suite.rpcUrls, 56: bsc!.url }, knownChainIds: [31337, 56], chainId: 56 });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
    const banner = page.getByTestId('unsupported');
    expect(await banner.textContent()).toContain("Your wallet is on BNB Smart Chain (56), a network this app doesn't support.");
    expect(await networkButton(page).getByTestId('chain').textContent()).toContain('Wrong network');
    expect(await accountButton(page).getByTestId('balance').count()).toBe(0);
    expect(await page.getByTestId('block-number').count()).toBe(0);
    // Not an error: no catalogue message, no red alert with Try again.
    expect(await page.locator('[data-error-name]').count()).toBe(0);
    await switchFromUnsupported(page, 'injected');
    await waitForStatus(page, 'injected', 'Connected');
    expect(wallet!.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0x7a69' }]]);
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('block-number').waitFor();
    expect(await statusOf(page, 'injected')).toBe('Connected');
  });
});

describe('the account menu', () => {
  it('copy address with feedback, and the networks the wallet can switch to', async () => {
    const { page, context } = await openWith();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await connect(page, 'injected');
    const account = accountButton(page).getByTestId('account');
    expect(await account.textContent()).toBe(`${ACCOUNT.slice(0, 6)}…${ACCOUNT.slice(-4)}`);
    expect(await account.getAttribute('title')).toBe(ACCOUNT);
    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('card-injected').getByText(ACCOUNT, { exact: true }).count()).toBe(1);
    // The local chain has no explorer.
    expect(await menu.getByRole('link', { name: /explorer/ }).count()).toBe(0);
    await menu.getByRole('button', { name: /^Copy address/ }).click();
    await menu.getByRole('button', { name: /^Copied/ }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT);
    await menu.getByText('Switch network').click();
    const networks = await menu.getByRole('list', { name: 'Networks' }).getByRole('button').allTextContents();
    expect(networks.some((n) => n.startsWith('Local development chain'))).toBe(true);
    await expectAccessible(page);
    expect(await accountMenu(page).isVisible()).toBe(true);
  });

  it('another connected wallet is listed there, and switching to it asks nothing', async () => {
    const context = await newContext();
    const metamask = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls });
    // The Coinbase Wallet extension: the SDK hands this provider back as the wallet itself.
    const coinbase = await installFakeWallet(context, {
      globalName: 'coinbaseWalletExtension',
      flags: { isCoinbaseWallet: true },
      rpcUrls: suite.rpcUrls,
      privateKeys: [TEST_ACCOUNTS[1].privateKey],
    });
    const page = await open(context);
    await connect(page, 'injected');
    await connect(page, 'coinbase');
    expect(await accountButton(page).getAttribute('data-kind')).toBe('coinbase');
    expect(await shownAccount(page)).toBe(TEST_ACCOUNTS[1].address);
    const menu = await openAccountMenu(page);
    const other = menu.getByTestId('card-injected');
    expect(await other.getByTestId('status').textContent()).toBe('Connected');
    await other.getByRole('button', { name: /^Use this wallet/ }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=account-button]')?.getAttribute('data-kind') === 'injected');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(1);
    expect(coinbase.requests('eth_requestAccounts')).toHaveLength(1);
  });
});

describe('Sign and send on a phone', () => {
  it('opening it at 375 px never makes the page scroll sideways', async () => {
    const { page } = await openWith();
    await connect(page, 'injected');
    await page.setViewportSize({ width: 375, height: 800 });
    await openSigning(page);
    await page.getByTestId('sign-transaction').waitFor();
    await expectLayout(page);
    await expectAccessible(page, () => page.getByTestId('sign-transaction').waitFor());
  });
});

describe('keyboard', () => {
  it('Escape closes the dialog and cancels what it started; focus returns to Connect wallet', async () => {
    const { page, wallet } = await openWith({ approval: 'manual' });
    await page.getByTestId('connect-button').focus();
    await page.keyboard.press('Enter');
    await connectDialog(page).getByTestId('wallet-list').waitFor();
    // Focus is inside the dialog, on its first wallet.
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Connecting');
    await page.keyboard.press('Escape');
    await connectDialog(page).waitFor({ state: 'detached' });
    await waitForStatus(page, 'injected', 'Disconnected');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'connect-button');
    expect(await focused(page)).toBe('connect-button');
    expect(wallet!.pendingPrompts).toBe(1);
  });
});
