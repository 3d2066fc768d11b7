// The connection cards as a user meets them (issue 11): double-clicks, keyboard-only use, focus,
// the unsupported network, the user's own "no", the extension picker. Built app in real headless
// Chromium, the fake extension wallet in the test process, real anvil behind it.
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { pause, until } from '../support/wait';
import { browserSuite } from '../support/browserSuite';
import { WAIT_MS } from '../support/lifecycle';

const METAMASK = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const RABBY = { uuid: '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b', name: 'Rabby Wallet', icon: '', rdns: 'io.rabby' };

const suite = browserSuite();

async function newContext(width = 1280): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport: { width, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  // Every status the injected card shows, from the first render on.
  await context.addInitScript(() => {
    const history: string[] = [];
    (window as unknown as { statusHistory: string[] }).statusHistory = history;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=card-injected] [data-testid=status]')?.textContent;
      if (text && history[history.length - 1] !== text) history.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return context;
}

async function openApp(options: Partial<FakeWalletOptions> = {}, width = 1280): Promise<{ page: Page; wallet: FakeWallet; card: Locator }> {
  const context = await newContext(width);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, ...options });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  return { page, wallet, card: page.getByTestId('card-injected') };
}

const statusOf = async (card: Locator) => (await card.getByTestId('status').textContent()) ?? '';
const waitForStatus = (card: Locator, status: string) => card.getByTestId('status').filter({ hasText: new RegExp(`^${status}$`) }).waitFor();
const statusHistory = (page: Page) => page.evaluate(() => (window as unknown as { statusHistory: string[] }).statusHistory);
/** What has keyboard focus: its text and the card it sits in. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return { text: active?.textContent ?? '', tag: active?.tagName ?? '', card: active?.closest('[data-testid^=card-]')?.getAttribute('data-testid') ?? null };
  });

/** Polls an async condition (a page read) until it holds. */
async function eventually(read: () => Promise<boolean>, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the page');
    await pause(50);
  }
}

/** Presses Tab until the given control has focus (keyboard only, as a user would). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

describe('a double-click on Connect never disconnects (issue 8 item 6)', () => {
  it('with a wallet that approves at once: Connected, one eth_requestAccounts', async () => {
    const app = await openApp();
    await app.card.getByRole('button', { name: 'Connect' }).dblclick();
    await waitForStatus(app.card, 'Connected');
    await app.page.waitForTimeout(600);
    expect(await statusOf(app.card)).toBe('Connected');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect((await statusHistory(app.page)).slice(1)).not.toContain('Disconnected');
  });

  it('when the connection lands between the two clicks, the second click does not hit Disconnect', async () => {
    const app = await openApp();
    const box = (await app.card.getByRole('button', { name: 'Connect' }).boundingBox())!;
    await app.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitForStatus(app.card, 'Connected');
    // The rest of the same double-click (the press with click count 2) lands on the control now in
    // Connect's slot, Disconnect: it belongs to a click sequence that began before Disconnect existed.
    const disconnect = app.card.getByRole('button', { name: 'Disconnect' });
    const moved = (await disconnect.boundingBox())!;
    await app.page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await app.page.mouse.down({ clickCount: 2 });
    await app.page.mouse.up({ clickCount: 2 });
    await app.page.waitForTimeout(600);
    expect(await statusOf(app.card)).toBe('Connected');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(1);
    // A deliberate single click later still disconnects.
    await disconnect.click();
    await waitForStatus(app.card, 'Disconnected');
  });

  it('with a wallet that waits for the user: still one request, Connected after approval', async () => {
    const app = await openApp({ approval: 'manual' });
    await app.card.getByRole('button', { name: 'Connect' }).dblclick();
    await until(() => app.wallet.pendingPrompts === 1);
    await app.page.waitForTimeout(300);
    expect(await statusOf(app.card)).toBe('Connecting');
    await app.wallet.approvePending();
    await waitForStatus(app.card, 'Connected');
    expect(app.wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect((await statusHistory(app.page)).slice(1)).not.toContain('Disconnected');
  });
});

describe('keyboard only', () => {
  it('connect, then disconnect: focus follows the primary control, never <body>', async () => {
    const app = await openApp();
    await tabTo(app.page, app.card.getByRole('button', { name: 'Connect' }));
    await app.page.keyboard.press('Enter');
    await waitForStatus(app.card, 'Connected');
    expect(await focused(app.page)).toMatchObject({ text: 'Disconnect', card: 'card-injected' });
    await app.page.keyboard.press('Enter');
    await waitForStatus(app.card, 'Disconnected');
    expect(await focused(app.page)).toMatchObject({ text: 'Connect', card: 'card-injected' });
  });

  it('after an error focus is on Try again, and after it succeeds on Disconnect', async () => {
    const app = await openApp();
    app.wallet.misbehave('eth_chainId', { result: 'banana' });
    await tabTo(app.page, app.card.getByRole('button', { name: 'Connect' }));
    await app.page.keyboard.press('Enter');
    await waitForStatus(app.card, 'Error');
    expect(await focused(app.page)).toMatchObject({ text: 'Try again', card: 'card-injected' });
    app.wallet.misbehave('eth_chainId', undefined);
    await app.page.keyboard.press('Enter');
    await waitForStatus(app.card, 'Connected');
    expect(await focused(app.page)).toMatchObject({ text: 'Disconnect', card: 'card-injected' });
  });

  it('Cancel by keyboard hands focus to Connect, not to <body>', async () => {
    const app = await openApp({ approval: 'manual' });
    await tabTo(app.page, app.card.getByRole('button', { name: 'Connect' }));
    await app.page.keyboard.press('Enter');
    await until(() => app.wallet.pendingPrompts === 1);
    await tabTo(app.page, app.card.getByRole('button', { name: 'Cancel' }));
    await app.page.keyboard.press('Enter');
    await waitForStatus(app.card, 'Disconnected');
    await eventually(async () => (await focused(app.page)).card === 'card-injected');
    expect(await focused(app.page)).toMatchObject({ text: 'Connect', card: 'card-injected' });
  });

  it('walking the chain list with the arrow keys asks nothing; Enter asks the wallet once', async () => {
    const app = await openApp({ knownChainIds: [31337, 1, 10, 56, 137, 8453, 42161, 11155111] });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connected');
    const select = app.card.getByLabel('Switch chain');
    await tabTo(app.page, select);
    // Walk a few options, then on to Optimism (a chain the table has RPC URLs for), all with arrow keys.
    for (let i = 0; i < 3; i++) await app.page.keyboard.press('ArrowDown');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    for (let i = 0; i < 30 && (await select.inputValue()) !== '10'; i++) {
      await app.page.keyboard.press(values.indexOf(await select.inputValue()) < values.indexOf('10') ? 'ArrowDown' : 'ArrowUp');
    }
    await app.page.waitForTimeout(400);
    expect(app.wallet.requests('wallet_switchEthereumChain')).toHaveLength(0);
    expect(await app.card.getByRole('alert').count()).toBe(0);
    const target = Number(await select.inputValue());
    expect(target).toBe(10);
    await app.page.keyboard.press('Enter');
    await until(() => app.wallet.requests('wallet_switchEthereumChain').length > 0);
    await app.card.getByTestId('chain').filter({ hasText: `(${target})` }).waitFor();
    await app.page.waitForTimeout(300);
    expect(app.wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: `0x${target.toString(16)}` }]]);
    // Optimism's table entry has an explorer: the account row links to the address there.
    expect(await app.card.locator('.account-row').getByRole('link').getAttribute('href')).toBe(`https://optimistic.etherscan.io/address/${TEST_ACCOUNTS[0].address}`);
  });

  it('focus returns to Connect after the extension-suggestion dialog closes (Escape and Not now)', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const card = page.getByTestId('card-coinbase');
    const connect = card.getByRole('button', { name: 'Connect' });
    const dialog = page.getByRole('dialog', { name: 'Connect Coinbase Wallet' });
    await tabTo(page, connect);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => (await focused(page)).card === 'card-coinbase');
    expect(await focused(page)).toMatchObject({ text: 'Connect', card: 'card-coinbase' });

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Not now' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await eventually(async () => (await focused(page)).card === 'card-coinbase');
    expect(await focused(page)).toMatchObject({ text: 'Connect', card: 'card-coinbase' });
  });
});

describe('states users see', () => {
  it('a wallet on an unsupported chain: calm notice, Switch to <chain>, no sideways scroll at 375 px', async () => {
    const app = await openApp({ chainId: 56, knownChainIds: [31337, 56] }, 375);
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Unsupported network');
    expect(await app.card.getByRole('alert').count()).toBe(0);
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await app.card.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).click();
    await waitForStatus(app.card, 'Connected');
    expect(app.wallet.requests('wallet_switchEthereumChain')).toHaveLength(1);
  });

  it('the user declines: a neutral notice and Connect, not an error with Disconnect', async () => {
    const app = await openApp({ approval: 'reject' });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await app.card.getByTestId('declined').filter({ hasText: 'You declined in your wallet' }).waitFor();
    expect(await statusOf(app.card)).toBe('Disconnected');
    expect(await app.card.getByRole('button', { name: 'Disconnect' }).count()).toBe(0);
    expect(await app.card.getByRole('button', { name: 'Connect' }).count()).toBe(1);
  });

  it('a link gone for good (1011): the wallet\'s message and Reload page, which reloads', async () => {
    const app = await openApp();
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connected');
    await app.wallet.emit('disconnect', [{ code: 1011, message: 'Page reload required' }]);
    await waitForStatus(app.card, 'Reload required');
    expect(await app.card.getByRole('alert').allTextContents()).toContainEqual(expect.stringContaining('Page reload required'));
    expect(await app.card.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await app.page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await app.card.getByRole('button', { name: 'Reload page' }).click();
    await eventually(async () => (await app.page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)) === undefined);
    await waitForStatus(app.card, 'Connected');
  });

  it('account row: short address, full one on focus, Copy, explorer link only where the table has one', async () => {
    const app = await openApp();
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await app.card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(app.card, 'Connected');
    const address = TEST_ACCOUNTS[0].address;
    const row = app.card.locator('.account-row');
    expect(await row.locator('.address-short').textContent()).toBe(`${address.slice(0, 6)}…${address.slice(-4)}`);
    expect(await row.locator('.address').getAttribute('title')).toBe(address);
    await row.getByRole('button', { name: /^Copy/ }).click();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // The local chain has no explorer; the badge is absent until the user chose (they did: Connect).
    expect(await row.getByRole('link').count()).toBe(0);
  });

  it('no wallet: "Get a wallet" beside "MetaMask not installed"; no Current badge before any choice', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const card = page.getByTestId('card-injected');
    expect(await page.getByText('Current', { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByRole('alert').filter({ hasText: 'MetaMask not installed' }).waitFor();
    expect(await card.getByRole('link', { name: 'Get a wallet' }).getAttribute('href')).toBe('https://ethereum.org/en/wallets/find-wallet/');
    expect(await card.getByText('Current', { exact: true }).count()).toBe(1);
  });
});

describe('choosing among announced extensions', () => {
  it('the picked wallet is the one asked, and stays picked after a reload', async () => {
    const context = await newContext();
    const metamask = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls });
    const rabby = await installFakeWallet(context, { globalName: 'rabbyWallet', announce: RABBY, rpcUrls: suite.rpcUrls, privateKeys: [TEST_ACCOUNTS[1].privateKey] });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const card = page.getByTestId('card-injected');
    const picker = card.getByRole('group', { name: 'Browser wallets in this browser' });
    await picker.getByRole('button', { name: 'Rabby Wallet' }).click();
    await waitForStatus(card, 'Connected');
    expect(rabby.requests('eth_requestAccounts')).toHaveLength(1);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
    expect(await card.getByTestId('account').allTextContents()).toEqual([TEST_ACCOUNTS[1].address]);
    // An icon is drawn only from a data URI: MetaMask's, not Rabby's empty one.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await waitForStatus(card, 'Disconnected');
    expect(await picker.locator('img').count()).toBe(1);

    await page.reload();
    await waitForStatus(card, 'Disconnected');
    expect(await picker.getByRole('button', { name: 'Rabby Wallet' }).getAttribute('aria-pressed')).toBe('true');
    expect(await picker.getByRole('button', { name: 'MetaMask' }).getAttribute('aria-pressed')).toBe('false');
    await card.getByRole('button', { name: 'Connect' }).click();
    await waitForStatus(card, 'Connected');
    expect(rabby.requests('eth_requestAccounts')).toHaveLength(2);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
  });
});
