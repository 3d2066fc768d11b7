// Against MetaMask's own in-page provider from npm (@metamask/providers initializeProvider over a
// WindowPostMessageStream -> ObjectMultiplex 'metamask-provider'), bundled into the page; the
// "extension background" is our JSON-RPC engine in the test process (support/metamask/background.ts)
// forwarding reads to anvil. Whatever the real provider does (connect before the app listens,
// deduplication, accountsChanged from results, 1013/1011, plain-object errors) the app meets here,
// driven through the header, the connect dialog, the account menu and the banner (support/appDriver.ts).
import type { Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import {
  cancelConnect,
  closeDialogs,
  connect,
  connectDialog,
  headerHistory,
  kindPanel,
  recordHeaderHistory,
  reloadFromBanner,
  reloadRequiredBanner,
  shownAccount,
  shownChainName,
  shownError,
  startConnect,
  statusOf,
  switchChain,
  waitForDeclined,
  waitForStatus,
  watchPageErrors,
  type Status,
  networkButton,
} from '../support/appDriver';
import { until } from '../support/wait';
import { installMetaMask, type MetaMaskBackground, type MetaMaskOptions } from '../support/metamask/background';
import { browserSuite } from '../support/browserSuite';
import { WAIT_MS } from '../support/lifecycle';

const suite = browserSuite({ optimism: true });

interface App {
  page: Page;
  metamask: MetaMaskBackground;
  pageErrors: string[];
  /** Main-frame navigations after the first load (a reload shows here). */
  navigations: () => number;
}

async function openApp(options: Partial<MetaMaskOptions> = {}): Promise<App> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  const metamask = await installMetaMask(context, { rpcUrls: suite.rpcUrls, ...options });
  // Every state of the header's control, from the first render on (re-installed per load).
  await recordHeaderHistory(context);
  const page = await context.newPage();
  const pageErrors = watchPageErrors(page);
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return { page, metamask, pageErrors, navigations: () => navigations };
}

/** A state of the browser wallet, waited for (WAIT_MS: a hang guard, not a margin). */
const reaches = (page: Page, status: Status) => waitForStatus(page, 'injected', status, WAIT_MS);
/** Every alert on the page (errors, the banner), as text. */
const alerts = (page: Page) => page.getByRole('alert').allTextContents();
const chainShown = (page: Page) => networkButton(page).getByTestId('chain');

/**
 * What a returning user sees while the wallet comes back by itself: "Reconnecting…" (for as long as
 * the wallet takes: one that answers before the first render shows the account at once), then the
 * account; never "Connect wallet" on the way.
 */
async function expectSilentReconnect(page: Page): Promise<void> {
  await reaches(page, 'Connected');
  const history = await headerHistory(page);
  expect(history.map((h) => h.status).every((s) => s === 'Reconnecting' || s === 'Connected')).toBe(true);
  expect(history.map((h) => h.label)).not.toContain('Connect wallet');
  expect(history.at(-1)).toEqual({ status: 'Connected', label: 'account button' });
}

const ACCOUNT = TEST_ACCOUNTS[0].address;

describe("MetaMask's real in-page provider", () => {
  it('is what the page gets (window.ethereum, announced as io.metamask); at start the app only asks eth_accounts', async () => {
    const context = await suite.newContext();
    const metamask = await installMetaMask(context, { rpcUrls: suite.rpcUrls });
    // Listen for the announcement before any page script runs, as a dapp would.
    await context.addInitScript(() => {
      window.addEventListener('eip6963:announceProvider', (event) => {
        const { info, provider } = (event as CustomEvent<{ info: { rdns: string }; provider: unknown }>).detail;
        (window as unknown as { announced: unknown[] }).announced ??= [];
        (window as unknown as { announced: unknown[] }).announced.push({ rdns: info.rdns, same: provider === (window as unknown as { ethereum: unknown }).ethereum });
      });
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await reaches(page, 'Disconnected');
    const seen = await page.evaluate(() => {
      const ethereum = (window as unknown as { ethereum?: { isMetaMask?: boolean; _metamask?: unknown; isConnected(): boolean } }).ethereum;
      return { isMetaMask: ethereum?.isMetaMask, experimental: typeof ethereum?._metamask, connected: ethereum?.isConnected() };
    });
    expect(seen).toEqual({ isMetaMask: true, experimental: 'object', connected: true });
    expect(await page.evaluate(() => (window as unknown as { announced: unknown[] }).announced[0])).toEqual({ rdns: 'io.metamask', same: true });
    await until(() => metamask.requests('eth_accounts').length > 0, { what: 'the silent eth_accounts' });
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
    expect(metamask.core.prompts).toHaveLength(0);
  });

  it('connects: one approval, the checksummed account, the chain', async () => {
    const app = await openApp();
    await reaches(app.page, 'Disconnected');
    await connect(app.page, 'injected', { wallet: 'MetaMask', timeout: WAIT_MS });
    expect(await shownAccount(app.page)).toBe(ACCOUNT);
    expect(await shownChainName(app.page)).toBe('Local development chain');
    expect(await chainShown(app.page).getAttribute('data-chain-id')).toBe('31337');
    expect(app.metamask.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await alerts(app.page)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it('reload: reconnects silently (Reconnecting or at once Connected, never "Connect wallet"; no eth_requestAccounts)', async () => {
    const app = await openApp();
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    const before = app.metamask.log.length;
    await app.page.reload();
    await expectSilentReconnect(app.page);
    expect(app.metamask.log.slice(before).map((r) => r.method)).not.toContain('eth_requestAccounts');
    expect(await shownAccount(app.page)).toBe(ACCOUNT);
  });

  it('reject: 4001 arrives as a plain object; the dialog says calmly that the user declined, and Try again connects', async () => {
    const app = await openApp({ approval: 'reject' });
    await startConnect(app.page, 'injected');
    // Issue 11: the user's own "no" is a neutral notice, not a red error (the catalogue's error stays in state).
    await waitForDeclined(app.page, 'injected');
    await connectDialog(app.page).getByTestId('declined').filter({ hasText: 'You declined in MetaMask.' }).waitFor();
    expect(await statusOf(app.page, 'injected')).toBe('Disconnected');
    expect(await alerts(app.page)).toEqual([]);
    app.metamask.core.approval = 'approve';
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    expect(await alerts(app.page)).toEqual([]);
  });

  describe('-32002: a connect request already open in MetaMask', () => {
    it('a second request while the first is pending opens no second prompt; approving the first connects', async () => {
      const app = await openApp({ approval: 'manual' });
      await startConnect(app.page, 'injected');
      await until(() => app.metamask.core.prompts.length === 1, { what: 'the MetaMask prompt' });
      await cancelConnect(app.page, 'injected');
      await reaches(app.page, 'Disconnected');
      await startConnect(app.page, 'injected');
      await reaches(app.page, 'Connecting');
      // The fresh request has reached MetaMask (answered -32002): still the one prompt.
      await until(() => app.metamask.requests('eth_requestAccounts').length === 2, { what: 'the fresh request' });
      expect(app.metamask.core.prompts).toHaveLength(1);
      await app.metamask.core.approvePending();
      await reaches(app.page, 'Connected');
      expect(app.metamask.core.prompts).toHaveLength(0);
      expect(await shownAccount(app.page)).toBe(ACCOUNT);
    });

    it('after a reload the prompt is still open: the app says so, and approving it connects', async () => {
      const app = await openApp({ approval: 'manual' });
      await startConnect(app.page, 'injected');
      await until(() => app.metamask.core.prompts.length === 1, { what: 'the MetaMask prompt' });
      await app.page.reload();
      await reaches(app.page, 'Disconnected');
      await startConnect(app.page, 'injected');
      await connectDialog(app.page).getByTestId('request-open').filter({ hasText: 'MetaMask already has a request open' }).waitFor();
      expect(await statusOf(app.page, 'injected')).toBe('Connecting');
      expect(app.metamask.core.prompts).toHaveLength(1);
      await app.metamask.core.approvePending();
      await reaches(app.page, 'Connected');
      expect(await alerts(app.page)).toEqual([]);
    });
  });

  it('4902 -> wallet_addEthereumChain with full parameters -> the chain MetaMask reports', async () => {
    const app = await openApp();
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    await switchChain(app.page, 'injected', 'OP Mainnet');
    await chainShown(app.page).filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await shownChainName(app.page)).toBe('OP Mainnet');
    expect(await chainShown(app.page).getAttribute('data-chain-id')).toBe('10');
    expect(await statusOf(app.page, 'injected')).toBe('Connected');
    const methods = app.metamask.log.map((r) => r.method);
    expect(methods.indexOf('wallet_addEthereumChain')).toBeGreaterThan(methods.indexOf('wallet_switchEthereumChain'));
    expect(app.metamask.requests('wallet_addEthereumChain')[0]?.params).toEqual([
      {
        chainId: '0xa',
        chainName: 'OP Mainnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
        blockExplorerUrls: ['https://optimistic.etherscan.io'],
      },
    ]);
    expect(app.metamask.core.chainId).toBe(10);
    expect(await alerts(app.page)).toEqual([]);
  });

  it('lock goes idle; unlock reconnects without a click (accountsChanged([]) then [account])', async () => {
    const app = await openApp();
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    const requestsBefore = app.metamask.requests('eth_requestAccounts').length;
    await app.metamask.core.lock();
    await reaches(app.page, 'Disconnected');
    expect(await alerts(app.page)).toEqual([]);
    await app.metamask.core.unlock();
    await reaches(app.page, 'Connected');
    expect(await shownAccount(app.page)).toBe(ACCOUNT);
    expect(app.metamask.requests('eth_requestAccounts')).toHaveLength(requestsBefore);
  });

  it('1013 (chain unreachable): stays connected, recovers through `connect`, then follows the wallet again', async () => {
    const app = await openApp();
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    await app.metamask.core.loseChain();
    // The provider has taken the 1013 in (isConnected() false): the app saw it too, and stays Connected.
    await app.page.waitForFunction(() => !(window as unknown as { ethereum: { isConnected(): boolean } }).ethereum.isConnected());
    expect(await statusOf(app.page, 'injected')).toBe('Connected');
    await app.metamask.core.regainChain();
    await app.page.waitForFunction(() => (window as unknown as { ethereum: { isConnected(): boolean } }).ethereum.isConnected());
    expect(await statusOf(app.page, 'injected')).toBe('Connected');
    expect(await alerts(app.page)).toEqual([]);
    await app.metamask.core.switchChain(10);
    await chainShown(app.page).filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await chainShown(app.page).getAttribute('data-chain-id')).toBe('10');
    expect(await statusOf(app.page, 'injected')).toBe('Connected');
  });

  it('1011 (stream failure): the banner says Reload required and offers only Reload page, which reconnects', async () => {
    const app = await openApp();
    await connect(app.page, 'injected', { timeout: WAIT_MS });
    await app.metamask.core.breakLink();
    await reaches(app.page, 'Reload required');
    const banner = await reloadRequiredBanner(app.page);
    expect(banner).toEqual({ text: 'The link to MetaMask is broken. Reload the page to connect again.', buttons: ['Reload page'] });
    // The header's control opens the same state in the dialog: the plain words, Reload page, no Try again.
    expect(await shownError(app.page, 'injected')).toMatch(/^The link to MetaMask is broken\. Reload the page to connect again\./);
    expect(await kindPanel(app.page, 'injected').getByRole('button', { name: 'Reload page' }).count()).toBe(1);
    expect(await kindPanel(app.page, 'injected').getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await closeDialogs(app.page);
    const reloaded = app.page.waitForEvent('load');
    await reloadFromBanner(app.page);
    await reloaded;
    await expectSilentReconnect(app.page);
    expect(app.navigations()).toBeGreaterThan(0);
  });
});
