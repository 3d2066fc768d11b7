// Against MetaMask's own in-page provider from npm (@metamask/providers initializeProvider over a
// WindowPostMessageStream -> ObjectMultiplex 'metamask-provider'), bundled into the page; the
// "extension background" is our JSON-RPC engine in the test process (support/metamask/background.ts)
// forwarding reads to anvil. Whatever the real provider does (connect before the app listens,
// deduplication, accountsChanged from results, 1013/1011, plain-object errors) the app meets here.
import { type Locator, type Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { alerts, recordStatuses, statusHistory, statusOf, waitForStatus, watchPageErrors } from '../support/cards';
import { until } from '../support/wait';
import { installMetaMask, type MetaMaskBackground, type MetaMaskOptions } from '../support/metamask/background';
import { browserSuite } from '../support/browserSuite';
import { WAIT_MS } from '../support/lifecycle';

const suite = browserSuite({ optimism: true });

interface App {
  page: Page;
  metamask: MetaMaskBackground;
  card: Locator;
  pageErrors: string[];
}

async function openApp(options: Partial<MetaMaskOptions> = {}): Promise<App> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  const metamask = await installMetaMask(context, { rpcUrls: suite.rpcUrls, ...options });
  await recordStatuses(context);
  const page = await context.newPage();
  const pageErrors = watchPageErrors(page);
  await page.goto(suite.server.url);
  return { page, metamask, card: page.getByTestId('card-injected'), pageErrors };
}

async function connect(app: App): Promise<void> {
  await app.card.getByRole('button', { name: 'Connect' }).click();
  await waitForStatus(app.card, 'Connected');
}

const ACCOUNT = TEST_ACCOUNTS[0].address;

describe("MetaMask's real in-page provider", () => {
  it('is what the page gets (window.ethereum, announced as io.metamask); at start the app only asks eth_accounts', async () => {
    const context = await suite.browser.newContext();
    suite.contexts.push(context);
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
    const card = page.getByTestId('card-injected');
    await waitForStatus(card, 'Disconnected');
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
    await waitForStatus(app.card, 'Disconnected');
    await connect(app);
    expect(await app.card.getByTestId('account').allTextContents()).toEqual([ACCOUNT]);
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Local development chain (31337)');
    expect(app.metamask.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await alerts(app.card)).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it('reload: reconnects silently (Reconnecting, then Connected; no eth_requestAccounts)', async () => {
    const app = await openApp();
    await connect(app);
    const before = app.metamask.log.length;
    await app.page.reload();
    await waitForStatus(app.card, 'Connected');
    const history = await statusHistory(app.page);
    expect(history[0]).toBe('Reconnecting');
    expect(history).not.toContain('Disconnected');
    expect(app.metamask.log.slice(before).map((r) => r.method)).not.toContain('eth_requestAccounts');
    expect(await app.card.getByTestId('account').first().textContent()).toBe(ACCOUNT);
  });

  it('reject: 4001 arrives as a plain object; the card says calmly that the user declined, and Connect works again', async () => {
    const app = await openApp({ approval: 'reject' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    // Issue 11: the user's own "no" is a neutral notice, not a red error (the catalogue's error stays in state).
    await app.card.getByTestId('declined').filter({ hasText: 'You declined in your wallet' }).waitFor();
    expect(await alerts(app.card)).toEqual([]);
    app.metamask.core.approval = 'approve';
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connected');
    expect(await alerts(app.card)).toEqual([]);
  });

  describe('-32002: a connect request already open in MetaMask', () => {
    it('a second request while the first is pending opens no second prompt; approving the first connects', async () => {
      const app = await openApp({ approval: 'manual' });
      await app.card.getByRole('button', { name: 'Connect' }).click();
      await until(() => app.metamask.core.prompts.length === 1, { what: 'the MetaMask prompt' });
      await app.card.getByRole('button', { name: 'Cancel' }).click();
      await waitForStatus(app.card, 'Disconnected');
      await app.card.getByRole('button', { name: 'Connect' }).click();
      await waitForStatus(app.card, 'Connecting');
      // The fresh request has reached MetaMask (answered -32002): still the one prompt.
      await until(() => app.metamask.requests('eth_requestAccounts').length === 2, { what: 'the fresh request' });
      expect(app.metamask.core.prompts).toHaveLength(1);
      await app.metamask.core.approvePending();
      await waitForStatus(app.card, 'Connected');
      expect(app.metamask.core.prompts).toHaveLength(0);
      expect(await app.card.getByTestId('account').first().textContent()).toBe(ACCOUNT);
    });

    it('after a reload the prompt is still open: the app says so, and approving it connects', async () => {
      const app = await openApp({ approval: 'manual' });
      await app.card.getByRole('button', { name: 'Connect' }).click();
      await until(() => app.metamask.core.prompts.length === 1, { what: 'the MetaMask prompt' });
      await app.page.reload();
      await waitForStatus(app.card, 'Disconnected');
      await app.card.getByRole('button', { name: 'Connect' }).click();
      await app.card.getByRole('status').filter({ hasText: 'Your wallet already has a request waiting' }).waitFor();
      expect(await statusOf(app.card)).toBe('Connecting');
      expect(app.metamask.core.prompts).toHaveLength(1);
      await app.metamask.core.approvePending();
      await waitForStatus(app.card, 'Connected');
      expect(await alerts(app.card)).toEqual([]);
    });
  });

  it('4902 -> wallet_addEthereumChain with full parameters -> the chain MetaMask reports', async () => {
    const app = await openApp();
    await connect(app);
    await app.card.getByLabel('Switch chain').selectOption('10');
    await app.card.getByTestId('chain').filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: OP Mainnet (10)');
    expect(await statusOf(app.card)).toBe('Connected');
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
    expect(await alerts(app.card)).toEqual([]);
  });

  it('lock goes idle; unlock reconnects without a click (accountsChanged([]) then [account])', async () => {
    const app = await openApp();
    await connect(app);
    const requestsBefore = app.metamask.requests('eth_requestAccounts').length;
    await app.metamask.core.lock();
    await waitForStatus(app.card, 'Disconnected');
    expect(await alerts(app.card)).toEqual([]);
    await app.metamask.core.unlock();
    await waitForStatus(app.card, 'Connected');
    expect(await app.card.getByTestId('account').first().textContent()).toBe(ACCOUNT);
    expect(app.metamask.requests('eth_requestAccounts')).toHaveLength(requestsBefore);
  });

  it('1013 (chain unreachable): stays connected, recovers through `connect`, then follows the wallet again', async () => {
    const app = await openApp();
    await connect(app);
    await app.metamask.core.loseChain();
    // The provider has taken the 1013 in (isConnected() false): the app saw it too, and stays Connected.
    await app.page.waitForFunction(() => !(window as unknown as { ethereum: { isConnected(): boolean } }).ethereum.isConnected());
    expect(await statusOf(app.card)).toBe('Connected');
    await app.metamask.core.regainChain();
    await app.page.waitForFunction(() => (window as unknown as { ethereum: { isConnected(): boolean } }).ethereum.isConnected());
    expect(await statusOf(app.card)).toBe('Connected');
    expect(await alerts(app.card)).toEqual([]);
    await app.metamask.core.switchChain(10);
    await app.card.getByTestId('chain').filter({ hasText: 'OP Mainnet (10)' }).waitFor();
    expect(await statusOf(app.card)).toBe('Connected');
  });

  it('1011 (stream failure): the card says Reload required and offers Reload page, which reconnects', async () => {
    const app = await openApp();
    await connect(app);
    await app.metamask.core.breakLink();
    await waitForStatus(app.card, 'Reload required');
    expect(await app.card.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await app.card.getByRole('button', { name: 'Reload page' }).click();
    await waitForStatus(app.card, 'Connected');
    expect((await statusHistory(app.page))[0]).toBe('Reconnecting');
  });
});
