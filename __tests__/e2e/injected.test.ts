// The browser-extension wallet, end to end: the built app in real headless Chromium, a fake
// extension wallet that signs in the test process and reads from real local chains (anvil).
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { until as waitUntil } from '../support/wait';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';

const METAMASK = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const OPTIMISM_ADD_PARAMS = {
  chainId: '0xa',
  chainName: 'Optimism',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['https://mainnet.optimism.io'],
  blockExplorerUrls: ['https://optimistic.etherscan.io'],
};

let browser: Browser;
let server: StaticServer;
let optimism: Anvil;
let bsc: Anvil;
let rpcUrls: Record<number, string>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  [browser, server, optimism, bsc] = await startAll([
    launchChromium(),
    serveStatic(env.distDir),
    startAnvil({ chainId: 10 }),
    startAnvil({ chainId: 56 }),
  ]);
  rpcUrls = { 31337: env.anvilUrl, 10: optimism.url, 56: bsc.url };
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close(), optimism?.stop(), bsc?.stop()]);
});

interface App {
  page: Page;
  wallet: FakeWallet;
  card: Locator;
}

/** A fresh browser profile with the fake extension installed (or none), showing the app. */
async function openApp(wallet: Partial<FakeWalletOptions> | 'no wallet' = {}): Promise<App> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  const fake =
    wallet === 'no wallet' ? (undefined as unknown as FakeWallet) : await installFakeWallet(context, { announce: METAMASK, rpcUrls, ...wallet });
  // Every status the injected card shows, from the first render on (survives reloads: re-installed per load).
  await context.addInitScript(() => {
    const history: string[] = [];
    (window as unknown as { statusHistory: string[] }).statusHistory = history;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=card-injected] [data-testid=status]')?.textContent;
      if (text && history[history.length - 1] !== text) history.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const page = await context.newPage();
  await page.goto(server.url);
  return { page, wallet: fake, card: page.getByTestId('card-injected') };
}

async function statusOf(card: Locator): Promise<string> {
  return (await card.getByTestId('status').textContent()) ?? '';
}

async function waitForStatus(card: Locator, status: string): Promise<void> {
  await card.getByTestId('status').filter({ hasText: new RegExp(`^${status}$`) }).waitFor();
}

/** The texts of the card's alerts (errors), in order. */
async function alerts(card: Locator): Promise<string[]> {
  return card.getByRole('alert').allTextContents();
}

async function statusHistory(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statusHistory: string[] }).statusHistory);
}

const until = (condition: () => boolean, what: string) => waitUntil(condition, { what, everyMs: 20 });

async function connect(app: App): Promise<void> {
  await app.card.getByRole('button', { name: 'Connect' }).click();
  await waitForStatus(app.card, 'Connected');
}

describe('connecting the browser wallet', () => {
  it('shows Connected, the checksummed account and the chain after one approval', async () => {
    const app = await openApp();
    expect(await statusOf(app.card)).toBe('Disconnected');
    await connect(app);
    expect(await app.card.getByTestId('account').allTextContents()).toEqual([TEST_ACCOUNTS[0].address]);
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Local development chain (31337)');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await alerts(app.card)).toEqual([]);
  });
});

describe('eager reconnect on reload', () => {
  it('reconnects without a click or a prompt, never showing Disconnected on the way', async () => {
    const app = await openApp();
    await connect(app);
    const before = app.wallet.log.length;
    await app.page.reload();
    await waitForStatus(app.card, 'Connected');
    const history = await statusHistory(app.page);
    // SPEC: Reconnecting, never Disconnected; a wallet that answers before the first render shows Connected at once.
    expect(['Reconnecting', 'Connected']).toContain(history[0]);
    expect(history).not.toContain('Disconnected');
    expect(app.wallet.log.slice(before).map((r) => r.method)).not.toContain('eth_requestAccounts');
    expect(await app.card.getByTestId('account').first().textContent()).toBe(TEST_ACCOUNTS[0].address);
  });

  it('ends quietly Disconnected when the wallet has not connected this site, without opening a prompt', async () => {
    const app = await openApp({ approval: 'manual' });
    await waitForStatus(app.card, 'Disconnected');
    expect(app.wallet.requests('eth_accounts')).toHaveLength(1);
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(0);
    expect(app.wallet.pendingPrompts).toBe(0);
    expect(await alerts(app.card)).toEqual([]);
  });
});

describe('switching to a chain the wallet does not know', () => {
  async function switchToOptimism(app: App): Promise<void> {
    await connect(app);
    await app.card.getByLabel('Switch chain').selectOption('10');
    await app.card.getByTestId('chain').filter({ hasText: 'Optimism' }).waitFor();
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Optimism (10)');
    expect(await statusOf(app.card)).toBe('Connected');
    const methods = app.wallet.log.map((r) => r.method);
    const switched = methods.indexOf('wallet_switchEthereumChain');
    const added = methods.indexOf('wallet_addEthereumChain');
    expect(switched).toBeGreaterThan(-1);
    expect(added).toBeGreaterThan(switched);
    expect(methods.lastIndexOf('eth_chainId')).toBeGreaterThan(added);
    expect(app.wallet.requests('wallet_switchEthereumChain')[0]?.params).toEqual([{ chainId: '0xa' }]);
    expect(app.wallet.requests('wallet_addEthereumChain')[0]?.params).toEqual([OPTIMISM_ADD_PARAMS]);
    expect(app.wallet.chainId).toBe(10);
    expect(app.wallet.knowsChain(10)).toBe(true);
  }

  it('adds the chain with full parameters after 4902, then shows the chain the wallet reports', async () => {
    await switchToOptimism(await openApp());
  });

  it('does the same when a mobile-style wallet nests 4902 inside -32603', async () => {
    const app = await openApp({ nestUnknownChainError: true });
    await switchToOptimism(app);
    expect(await app.card.getByRole('alert').filter({ hasText: 'Chain not switched' }).count()).toBe(0);
  });
});

describe('the user rejects the connection in the wallet', () => {
  it('shows a neutral "You declined" notice (issue 11: not a red error) and Connect again', async () => {
    const app = await openApp({ approval: 'reject' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await app.card.getByTestId('declined').filter({ hasText: 'You declined in your wallet' }).waitFor();
    expect(await statusOf(app.card)).toBe('Disconnected');
    expect(await alerts(app.card)).toEqual([]);
    expect(await app.card.getByRole('button', { name: 'Disconnect' }).count()).toBe(0);
    app.wallet.approval = 'approve';
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connected');
    expect(await alerts(app.card)).toEqual([]);
  });
});

describe('disconnecting', () => {
  async function connectThenDisconnect(app: App): Promise<void> {
    await connect(app);
    await app.card.getByRole('button', { name: 'Disconnect' }).click();
    await waitForStatus(app.card, 'Disconnected');
    expect(await app.card.getByTestId('account').count()).toBe(0);
    await until(() => app.wallet.requests('wallet_revokePermissions').length === 1, 'wallet_revokePermissions');
    expect(app.wallet.requests('wallet_revokePermissions')[0]?.params).toEqual([{ eth_accounts: {} }]);
  }

  async function reloadStaysDisconnected(app: App): Promise<void> {
    const before = app.wallet.log.length;
    await app.page.reload();
    await app.card.getByRole('button', { name: 'Connect' }).waitFor();
    // Long enough for a silent reconnect to have shown up (it takes a few ms with this wallet).
    await app.page.waitForTimeout(300);
    expect(await statusHistory(app.page)).toEqual(['Disconnected']);
    expect(app.wallet.log.slice(before).map((r) => r.method)).not.toContain('eth_accounts');
  }

  it('revokes the permission and does not reconnect silently after a reload', async () => {
    const app = await openApp();
    await connectThenDisconnect(app);
    expect(app.wallet.isConnected(server.url)).toBe(false);
    await reloadStaysDisconnected(app);
  });

  it('remembers the disconnect even with a wallet that cannot revoke (still connected on its side)', async () => {
    const app = await openApp({ supportsRevoke: false });
    await connectThenDisconnect(app);
    expect(app.wallet.isConnected(server.url)).toBe(true);
    await reloadStaysDisconnected(app);
  });

  it('reconnects silently again once the user has connected again', async () => {
    const app = await openApp();
    await connectThenDisconnect(app);
    await connect(app);
    await app.page.reload();
    await waitForStatus(app.card, 'Connected');
    expect(await statusHistory(app.page)).not.toContain('Disconnected');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(2);
  });
});

describe('no browser wallet installed', () => {
  it('says "MetaMask not installed" when the user connects', async () => {
    const app = await openApp('no wallet');
    expect(await statusOf(app.card)).toBe('Disconnected');
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Error');
    expect(await alerts(app.card)).toEqual(['MetaMask not installed']);
  });
});

describe('a connect request already pending in the wallet (-32002)', () => {
  it('after Cancel, Connect asks afresh (SPEC: a request belongs to its attempt) but the wallet shows no second prompt; approving connects', async () => {
    const app = await openApp({ approval: 'manual' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await until(() => app.wallet.pendingPrompts === 1, 'the wallet prompt');
    await app.card.getByRole('button', { name: 'Cancel' }).click();
    await waitForStatus(app.card, 'Disconnected');
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connecting');
    await until(() => app.wallet.requests('eth_requestAccounts').length === 2, 'the fresh request');
    await app.page.waitForTimeout(200);
    // The wallet answered the fresh request with -32002: still one prompt for the user.
    expect(app.wallet.pendingPrompts).toBe(1);
    await app.wallet.approvePending();
    await waitForStatus(app.card, 'Connected');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(2);
  });

  it('tells the user to look at their wallet when a request from before a reload is still open', async () => {
    const app = await openApp({ approval: 'manual' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await until(() => app.wallet.pendingPrompts === 1, 'the wallet prompt');
    await app.page.reload();
    await waitForStatus(app.card, 'Disconnected');
    await app.card.getByRole('button', { name: 'Connect' }).click();
    const notice = app.card.getByRole('status').filter({ hasText: 'Your wallet already has a request waiting' });
    await notice.waitFor();
    expect(await statusOf(app.card)).toBe('Connecting');
    expect(await alerts(app.card)).toEqual([]);
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(2);
    expect(app.wallet.pendingPrompts).toBe(1);
    await app.wallet.approvePending();
    await waitForStatus(app.card, 'Connected');
    expect(await notice.count()).toBe(0);
    expect(await app.card.getByTestId('account').first().textContent()).toBe(TEST_ACCOUNTS[0].address);
  });
});

describe('the wallet moves to a chain the app does not support', () => {
  it('shows the unsupported chain and lets the user switch back to a supported one', async () => {
    const app = await openApp({ knownChainIds: [31337, 56] });
    await connect(app);
    await app.wallet.switchChain(56);
    // Issue 11: a calm "Unsupported network" with a way out, not a red error with the raw SPEC message.
    await waitForStatus(app.card, 'Unsupported network');
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Unsupported chain 56 (56)');
    expect(await alerts(app.card)).toEqual([]);
    expect(await app.card.getByTestId('unsupported').getByRole('button', { name: 'Switch to Local development chain' }).count()).toBe(1);
    const selector = app.card.getByLabel('Switch chain');
    expect(await selector.locator('option:checked').textContent()).toBe('Unsupported chain 56: pick a supported one');
    await selector.selectOption('31337');
    await waitForStatus(app.card, 'Connected');
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Local development chain (31337)');
    expect(app.wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0x7a69' }]]);
    expect(await alerts(app.card)).toEqual([]);
  });
});

describe('malformed answers from the wallet', () => {
  it('an invalid chain id on connect is a clear error, not a crash', async () => {
    const app = await openApp();
    app.wallet.misbehave('eth_chainId', { result: 'banana' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Error');
    expect(await alerts(app.card)).toEqual(['Invalid chainId banana']);
    expect(await app.page.getByText('Something went wrong').count()).toBe(0);
    app.wallet.misbehave('eth_chainId', undefined);
    await app.card.getByRole('button', { name: 'Try again' }).click();
    await waitForStatus(app.card, 'Connected');
  });

  it('an invalid address on connect is a clear error', async () => {
    const app = await openApp();
    app.wallet.misbehave('eth_requestAccounts', { result: ['0x12345'] });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Error');
    expect(await alerts(app.card)).toEqual(['Invalid account 0x12345']);
  });

  it('an invalid chainChanged while connected is reported and ignored', async () => {
    const app = await openApp();
    await connect(app);
    await app.wallet.emit('chainChanged', ['banana']);
    await app.card.getByRole('alert').filter({ hasText: 'Ignored an invalid update' }).waitFor();
    expect(await alerts(app.card)).toEqual(['Ignored an invalid update from the wallet: Invalid chainId banana']);
    expect(await statusOf(app.card)).toBe('Connected');
    expect(await app.card.getByTestId('chain').textContent()).toBe('Chain: Local development chain (31337)');
  });

  it('a chain switch the wallet never answers: the user can stop waiting and stays connected', async () => {
    const app = await openApp();
    await connect(app);
    app.wallet.misbehave('wallet_switchEthereumChain', { hang: true });
    await app.card.getByLabel('Switch chain').selectOption('1');
    await app.card.getByRole('status').filter({ hasText: 'Switching to Mainnet' }).waitFor();
    expect(await app.card.getByLabel('Switch chain').isDisabled()).toBe(true);
    await app.card.getByRole('button', { name: 'Stop waiting' }).click();
    await app.card.getByRole('status').filter({ hasText: 'Switching to' }).waitFor({ state: 'detached' });
    expect(await app.card.getByLabel('Switch chain').isEnabled()).toBe(true);
    expect(await statusOf(app.card)).toBe('Connected');
    expect(await alerts(app.card)).toEqual([]);
  });

  it('a request the wallet never answers can be cancelled', async () => {
    const app = await openApp();
    app.wallet.misbehave('eth_requestAccounts', { hang: true });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connecting');
    await app.card.getByRole('button', { name: 'Cancel' }).click();
    await waitForStatus(app.card, 'Disconnected');
    expect(await alerts(app.card)).toEqual([]);
  });
});

describe('events from the wallet while connected', () => {
  it('follows an account switch made in the wallet', async () => {
    const app = await openApp({ privateKeys: [TEST_ACCOUNTS[0].privateKey, TEST_ACCOUNTS[1].privateKey] });
    await connect(app);
    await app.wallet.selectAccount(TEST_ACCOUNTS[1].address);
    await app.card.getByTestId('account').first().filter({ hasText: TEST_ACCOUNTS[1].address }).waitFor();
    expect(await app.card.getByTestId('account').allTextContents()).toEqual([TEST_ACCOUNTS[1].address, TEST_ACCOUNTS[0].address]);
    expect(await statusOf(app.card)).toBe('Connected');
  });

  it('ignores the extension\'s "reconnecting" disconnect (1013) but reports a real one (4900)', async () => {
    const app = await openApp();
    await connect(app);
    await app.wallet.emit('disconnect', [{ code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' }]);
    await app.wallet.emit('chainChanged', ['0x7a69']);
    expect(await statusOf(app.card)).toBe('Connected');
    await app.wallet.emit('disconnect', [{ code: 4900, message: 'Disconnected from all chains' }]);
    await waitForStatus(app.card, 'Error');
    expect(await alerts(app.card)).toEqual(['The provider is disconnected from all chains. (wallet says: Disconnected from all chains)']);
  });
});
