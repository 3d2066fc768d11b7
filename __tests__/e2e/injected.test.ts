// The browser-extension wallet, end to end: the built app in real headless Chromium, a fake
// extension wallet that signs in the test process and reads from real local chains (anvil). Driven
// through the header's control, the connect dialog and the account menu.
import { type BrowserContext, type Page } from 'playwright-core';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import {
  accountButton,
  cancelConnect,
  connect,
  connectDialog,
  disconnect,
  firstScreenComplete,
  headerHistory,
  openAccountMenu,
  openErrorDetails,
  openNetworkList,
  openWalletList,
  recordHeaderHistory,
  shownAccount,
  shownError,
  startConnect,
  statusOf,
  switchChain,
  tryAgain,
  waitForStatus,
  networkButton,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { until as waitUntil } from '../support/wait';


const METAMASK = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const ACCOUNT = TEST_ACCOUNTS[0].address;
const OPTIMISM_ADD_PARAMS = {
  chainId: '0xa',
  chainName: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
  blockExplorerUrls: ['https://optimistic.etherscan.io'],
};

const suite = browserSuite({ optimism: true });
let bsc: Anvil | undefined;
let rpcUrls: Record<number, string>;

beforeAll(async () => {
  bsc = await startAnvil({ chainId: 56 });
  rpcUrls = { ...suite.rpcUrls, 56: bsc.url };
}, 60_000);

afterAll(async () => {
  await bsc?.stop();
});

interface App {
  page: Page;
  wallet: FakeWallet;
}

async function newContext(): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(10_000);
  // Every state of the header's control, from the first render on (re-installed per load).
  await recordHeaderHistory(context);
  return context;
}

/** A fresh browser profile with the fake extension installed (or none), showing the app. */
async function openApp(wallet: Partial<FakeWalletOptions> | 'no wallet' = {}): Promise<App> {
  const context = await newContext();
  const fake = wallet === 'no wallet' ? (undefined as unknown as FakeWallet) : await installFakeWallet(context, { announce: METAMASK, rpcUrls, ...wallet });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return { page, wallet: fake };
}

/** Reloads and waits for the header's control of the new document. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.locator('[data-wallet-control]').waitFor();
}

/** Every alert on the page (errors, and the banner's), as text. */
const alerts = (page: Page) => page.getByRole('alert').allTextContents();
const until = (condition: () => boolean, what: string) => waitUntil(condition, { what, everyMs: 20, ms: 10_000 });
const chainShown = (page: Page) => networkButton(page).getByTestId('chain');

describe('connecting the browser wallet', () => {
  it('shows Connected, the checksummed account and the chain after one approval', async () => {
    const { page, wallet } = await openApp();
    expect(await statusOf(page, 'injected')).toBe('Disconnected');
    await connect(page, 'injected');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(await chainShown(page).textContent()).toBe('Local development chain');
    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('card-injected').getByText(ACCOUNT, { exact: true }).count()).toBe(1);
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await alerts(page)).toEqual([]);
  });
});

describe('eager reconnect on reload', () => {
  it('reconnects without a click or a prompt, never showing "Disconnected" or "Connect wallet" on the way', async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    const before = wallet.log.length;
    await reload(page);
    await waitForStatus(page, 'injected', 'Connected');
    const history = await headerHistory(page);
    // A returning user sees "Reconnecting…" (for as long as the wallet takes), then the account.
    expect(history.map((h) => h.status).every((s) => s === 'Reconnecting' || s === 'Connected')).toBe(true);
    expect(history.map((h) => h.label)).not.toContain('Connect wallet');
    expect(history.at(-1)).toEqual({ status: 'Connected', label: 'account button' });
    const asked = wallet.log.slice(before).map((r) => r.method);
    expect(asked).toContain('eth_accounts');
    expect(asked).not.toContain('eth_requestAccounts');
    expect(await shownAccount(page)).toBe(ACCOUNT);
  });

  it('ends quietly Disconnected when the wallet has not connected this site, without opening a prompt', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await firstScreenComplete(page);
    await until(() => wallet.requests('eth_accounts').length > 0, 'the silent eth_accounts');
    expect(wallet.requests('eth_accounts')).toHaveLength(1);
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(0);
    expect(wallet.pendingPrompts).toBe(0);
    expect((await headerHistory(page)).map((h) => h.status)).toEqual(['Disconnected']);
    expect(await statusOf(page, 'injected')).toBe('Disconnected');
    expect(await alerts(page)).toEqual([]);
  });
});

describe('switching to a chain the wallet does not know', () => {
  async function switchToOptimism({ page, wallet }: App): Promise<void> {
    await connect(page, 'injected');
    await switchChain(page, 'injected', 'OP Mainnet');
    await chainShown(page).filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await chainShown(page).textContent()).toBe('OP Mainnet');
    expect(await statusOf(page, 'injected')).toBe('Connected');
    const methods = wallet.log.map((r) => r.method);
    const switched = methods.indexOf('wallet_switchEthereumChain');
    const added = methods.indexOf('wallet_addEthereumChain');
    expect(switched).toBeGreaterThan(-1);
    expect(added).toBeGreaterThan(switched);
    expect(methods.lastIndexOf('eth_chainId')).toBeGreaterThan(added);
    expect(wallet.requests('wallet_switchEthereumChain')[0]?.params).toEqual([{ chainId: '0xa' }]);
    expect(wallet.requests('wallet_addEthereumChain')[0]?.params).toEqual([OPTIMISM_ADD_PARAMS]);
    expect(wallet.chainId).toBe(10);
    expect(wallet.knowsChain(10)).toBe(true);
  }

  it('adds the chain with full parameters after 4902, then shows the chain the wallet reports', async () => {
    await switchToOptimism(await openApp());
  });

  it('does the same when a mobile-style wallet nests 4902 inside -32603', async () => {
    const app = await openApp({ nestUnknownChainError: true });
    await switchToOptimism(app);
    const menu = await openAccountMenu(app.page);
    expect(await menu.getByText('Network not switched.').count()).toBe(0);
    expect(await alerts(app.page)).toEqual([]);
  });
});

describe('the user rejects the connection in the wallet', () => {
  it('shows a calm "You declined" notice (not a red error), then Try again connects', async () => {
    const { page, wallet } = await openApp({ approval: 'reject' });
    await startConnect(page, 'injected');
    const card = connectDialog(page).getByTestId('card-injected');
    await card.getByTestId('declined').filter({ hasText: 'You declined in MetaMask.' }).waitFor();
    expect(await statusOf(page, 'injected')).toBe('Disconnected');
    expect(await alerts(page)).toEqual([]);
    expect(await card.getByRole('button', { name: /^Disconnect/ }).count()).toBe(0);
    wallet.approval = 'approve';
    await tryAgain(page, 'injected');
    await waitForStatus(page, 'injected', 'Connected');
    expect(await alerts(page)).toEqual([]);
  });
});

describe('disconnecting', () => {
  async function connectThenDisconnect({ page, wallet }: App): Promise<void> {
    await connect(page, 'injected');
    await disconnect(page, 'injected');
    expect(await accountButton(page).count()).toBe(0);
    expect(await page.getByTestId('connect-button').textContent()).toBe('Connect wallet');
    await until(() => wallet.requests('wallet_revokePermissions').length === 1, 'wallet_revokePermissions');
    expect(wallet.requests('wallet_revokePermissions')[0]?.params).toEqual([{ eth_accounts: {} }]);
  }

  async function reloadStaysDisconnected({ page, wallet }: App): Promise<void> {
    const before = wallet.log.length;
    await reload(page);
    // The start-up is over (a silent reconnect would have asked by now).
    await firstScreenComplete(page);
    expect(await headerHistory(page)).toEqual([{ status: 'Disconnected', label: 'Connect wallet' }]);
    expect(wallet.log.slice(before).map((r) => r.method)).not.toContain('eth_accounts');
  }

  it('revokes the permission and does not reconnect silently after a reload', async () => {
    const app = await openApp();
    await connectThenDisconnect(app);
    expect(app.wallet.isConnected(suite.server.url)).toBe(false);
    await reloadStaysDisconnected(app);
  });

  it('remembers the disconnect even with a wallet that cannot revoke (still connected on its side)', async () => {
    const app = await openApp({ supportsRevoke: false });
    await connectThenDisconnect(app);
    expect(app.wallet.isConnected(suite.server.url)).toBe(true);
    await reloadStaysDisconnected(app);
  });

  it('reconnects silently again once the user has connected again', async () => {
    const app = await openApp();
    await connectThenDisconnect(app);
    await connect(app.page, 'injected');
    await reload(app.page);
    await waitForStatus(app.page, 'injected', 'Connected');
    const history = await headerHistory(app.page);
    expect(history.map((h) => h.status).every((s) => s === 'Reconnecting' || s === 'Connected')).toBe(true);
  });
});

describe('no browser wallet installed', () => {
  it('the list says "No browser wallet found" and offers no browser wallet; nothing fails', async () => {
    const { page } = await openApp('no wallet');
    expect(await statusOf(page, 'injected')).toBe('Disconnected');
    const dialog = await openWalletList(page);
    await dialog.getByTestId('get-a-wallet').getByText('No browser wallet found').waitFor();
    expect(await dialog.getByTestId('card-injected').count()).toBe(0);
    expect(await page.getByTestId('connect-button').getAttribute('data-status')).toBe('Disconnected');
    expect(await alerts(page)).toEqual([]);
  });
});

describe('a connect request already pending in the wallet (-32002)', () => {
  it('after Cancel, Connect asks afresh (docs/behaviour.md §2.6: a request belongs to its attempt) but the wallet shows no second prompt; approving connects', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await startConnect(page, 'injected');
    await until(() => wallet.pendingPrompts === 1, 'the wallet prompt');
    await cancelConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Disconnected');
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Connecting');
    await until(() => wallet.requests('eth_requestAccounts').length === 2, 'the fresh request');
    // The wallet answered the fresh request with -32002: the dialog says where the open one is.
    await connectDialog(page).getByTestId('request-open').waitFor();
    expect(wallet.pendingPrompts).toBe(1);
    await wallet.approvePending();
    await waitForStatus(page, 'injected', 'Connected');
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(2);
  });

  it('tells the user where to finish a request from before a reload that is still open', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await startConnect(page, 'injected');
    await until(() => wallet.pendingPrompts === 1, 'the wallet prompt');
    await reload(page);
    await waitForStatus(page, 'injected', 'Disconnected');
    await startConnect(page, 'injected');
    const notice = connectDialog(page).getByTestId('request-open');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('MetaMask already has a request open.');
    expect(await statusOf(page, 'injected')).toBe('Connecting');
    expect(await alerts(page)).toEqual([]);
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(2);
    expect(wallet.pendingPrompts).toBe(1);
    await wallet.approvePending();
    await waitForStatus(page, 'injected', 'Connected');
    await connectDialog(page).waitFor({ state: 'detached' });
    expect(await notice.count()).toBe(0);
    expect(await shownAccount(page)).toBe(ACCOUNT);
  });
});

describe('the wallet moves to a chain the app does not support', () => {
  it('says so in the header, the banner and the menu, and lets the user switch back to a supported one', async () => {
    const { page, wallet } = await openApp({ knownChainIds: [31337, 56] });
    await connect(page, 'injected');
    await wallet.switchChain(56);
    // Issue 11: a calm "Unsupported network" with a way out, not a red error with the catalogue's raw message.
    await waitForStatus(page, 'injected', 'Unsupported network');
    expect(await chainShown(page).textContent()).toContain('Wrong network');
    expect(await page.locator('[data-error-name]').count()).toBe(0);
    // The banner's content is a chunk of its own, loaded when this state comes: wait for it, not for a speed.
    await page.getByTestId('unsupported').getByRole('button', { name: 'Switch to Local development chain' }).waitFor();
    expect(await page.getByTestId('unsupported').getByRole('button', { name: 'Switch to Local development chain' }).count()).toBe(1);
    const list = await openNetworkList(page);
    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('network-section').textContent()).toContain("Your wallet is on BNB Smart Chain (56), a network this app doesn't support.");
    expect(await list.getByRole('button', { name: /^Local development chain/ }).count()).toBe(1);
    await switchChain(page, 'injected', 'Local development chain');
    await waitForStatus(page, 'injected', 'Connected');
    await chainShown(page).filter({ hasText: 'Local development chain' }).waitFor();
    expect(await chainShown(page).textContent()).toBe('Local development chain');
    expect(wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0x7a69' }]]);
    expect(await alerts(page)).toEqual([]);
  });
});

describe('malformed answers from the wallet', () => {
  it('an invalid chain id on connect is a clear error, not a crash', async () => {
    const { page, wallet } = await openApp();
    await wallet.misbehave('eth_chainId', { result: 'banana' });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Error');
    const alert = await openErrorDetails(page, 'injected');
    expect(await alert.locator('.error-message').textContent()).toBe('Invalid chainId banana');
    expect(await alert.textContent()).toContain('MetaMask answered with something this app cannot use.');
    expect(await page.getByText(/^Something went wrong:/).count()).toBe(0);
    await wallet.misbehave('eth_chainId', undefined);
    await tryAgain(page, 'injected');
    await waitForStatus(page, 'injected', 'Connected');
  });

  it('an invalid address on connect is a clear error', async () => {
    const { page, wallet } = await openApp();
    await wallet.misbehave('eth_requestAccounts', { result: ['0x12345'] });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Error');
    expect(await shownError(page, 'injected')).toContain('Invalid account 0x12345');
  });

  it('an invalid chainChanged while connected is reported and ignored', async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    await wallet.emit('chainChanged', ['banana']);
    expect(await statusOf(page, 'injected')).toBe('Connected');
    expect(await chainShown(page).textContent()).toBe('Local development chain');
    const menu = await openAccountMenu(page);
    const reported = menu.getByTestId('card-injected').getByRole('alert');
    await reported.waitFor();
    expect(await reported.textContent()).toContain('Invalid chainId banana');
    expect(await menu.getByTestId('card-injected').getByTestId('status').textContent()).toBe('Connected');
  });

  it('a chain switch the wallet never answers: the user can stop waiting and stays connected', async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    await wallet.misbehave('wallet_switchEthereumChain', { hang: true });
    await switchChain(page, 'injected', 'Ethereum');
    const menu = await openAccountMenu(page);
    const networks = menu.getByTestId('network-section');
    const waiting = networks.getByRole('status').filter({ hasText: 'Switching to Ethereum' });
    await waiting.waitFor();
    const choices = networks.getByRole('list', { name: 'Networks' }).getByRole('button');
    expect(await choices.first().isDisabled()).toBe(true);
    await networks.getByRole('button', { name: 'Stop waiting' }).click();
    await waiting.waitFor({ state: 'detached' });
    expect(await choices.first().isEnabled()).toBe(true);
    expect(await statusOf(page, 'injected')).toBe('Connected');
    expect(await alerts(page)).toEqual([]);
  });

  it('a request the wallet never answers can be cancelled', async () => {
    const { page, wallet } = await openApp();
    await wallet.misbehave('eth_requestAccounts', { hang: true });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Connecting');
    await cancelConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Disconnected');
    expect(await alerts(page)).toEqual([]);
  });
});

describe('events from the wallet while connected', () => {
  it('follows an account switch made in the wallet', async () => {
    const { page, wallet } = await openApp({ privateKeys: [TEST_ACCOUNTS[0].privateKey, TEST_ACCOUNTS[1].privateKey] });
    await connect(page, 'injected');
    await wallet.selectAccount(TEST_ACCOUNTS[1].address);
    await accountButton(page).getByTestId('account').and(page.locator(`[data-address="${TEST_ACCOUNTS[1].address}"]`)).waitFor();
    expect(await shownAccount(page)).toBe(TEST_ACCOUNTS[1].address);
    expect(await statusOf(page, 'injected')).toBe('Connected');
  });

  it('ignores the extension\'s "reconnecting" disconnect (1013) but reports a real one (4900)', async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    await wallet.emit('disconnect', [{ code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' }]);
    await wallet.emit('chainChanged', ['0x7a69']);
    expect(await statusOf(page, 'injected')).toBe('Connected');
    await wallet.emit('disconnect', [{ code: 4900, message: 'Disconnected from all chains' }]);
    await waitForStatus(page, 'injected', 'Error');
    const alert = await openErrorDetails(page, 'injected');
    expect(await alert.locator('.error-message').textContent()).toBe('The provider is disconnected from all chains.');
    expect(await alert.locator('.error-detail').textContent()).toBe('MetaMask says: Disconnected from all chains');
  });
});
