// The connect controls as a user meets them (issues 11 and 16): double-clicks, keyboard-only use and
// focus, the unsupported network, the user's own "no", the choice among browser extensions. The
// header's control, the connect dialog (wallet list, then a wallet's progress) and the account menu;
// built app in real headless Chromium, the fake extension wallet in the test process, real anvil
// behind it.
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import {
  accountButton,
  accountMenu,
  closeDialogs,
  connect,
  connectDialog,
  headerHistory,
  openWalletList,
  recordHeaderHistory,
  statusOf,
  waitForStatus,
  networkButton,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { until } from '../support/wait';


const METAMASK = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const ACCOUNT = TEST_ACCOUNTS[0].address;

const suite = browserSuite({ optimism: true });

async function newContext(width = 1280): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport: { width, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(15_000);
  await recordHeaderHistory(context);
  return context;
}

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return page;
}

async function openApp(options: Partial<FakeWalletOptions> = {}, width = 1280): Promise<{ page: Page; wallet: FakeWallet }> {
  const context = await newContext(width);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, ...options });
  return { page: await open(context), wallet };
}

/** The wallet list's row for the extension of that name. */
const row = (page: Page, name: string) => connectDialog(page).getByTestId('wallet-list').getByRole('button', { name: new RegExp(`^(Connect|Use) ${name}\\b`) });
/** A button of the kind's progress in the connect dialog. */
const progressButton = (page: Page, kind: string, name: string) =>
  connectDialog(page).getByTestId(`card-${kind}`).and(page.locator('article')).getByRole('button', { name, exact: true });

/** The statuses the header's control went through after the first one (the page's start). */
const laterStatuses = async (page: Page) => (await headerHistory(page)).slice(1).map((h) => h.status);

/**
 * The rest of a double-click (the press with click count 2) on `target`: the sequence began with a
 * click elsewhere, before `target` was on screen.
 */
async function secondPressOn(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
}

/** A single click at the centre of `target`, with the mouse (starts a click sequence). */
async function firstPressOn(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Where keyboard focus is, in words, for failure messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return '<body>';
    const name = active.getAttribute('aria-label') ?? active.textContent ?? '';
    return `<${active.tagName.toLowerCase()}${active.getAttribute('data-testid') ? ` data-testid=${active.getAttribute('data-testid')}` : ''}> "${name.trim().slice(0, 60)}"`;
  });

/** Waits until `target` has keyboard focus (focus moves after a dialog closes); says where it is instead. */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await target.evaluate((el) => el === document.activeElement).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`focus never reached ${what}: it is on ${await describeFocus(page)}`);
    await page.waitForTimeout(50);
  }
}

/** Presses Tab until the given control has focus (keyboard only, as a user would); returns what it passed. */
async function tabTo(page: Page, target: Locator): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return passed;
    await page.keyboard.press('Tab');
    passed.push(await describeFocus(page));
  }
  throw new Error(`Tab never reached the control; it passed ${passed.join(', ')}`);
}

describe('a double-click never cancels, goes back or disconnects (issue 8 item 6)', () => {
  it('on a wallet row, with a wallet that approves at once: Connected, one eth_requestAccounts', async () => {
    const { page, wallet } = await openApp();
    await openWalletList(page);
    await row(page, 'MetaMask').dblclick();
    await waitForStatus(page, 'injected', 'Connected');
    await connectDialog(page).waitFor({ state: 'detached' });
    expect(await statusOf(page, 'injected')).toBe('Connected');
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await laterStatuses(page)).not.toContain('Disconnected');
  });

  it('on a wallet row, with a wallet that waits for the user: still one request, Connected after approval', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await openWalletList(page);
    await row(page, 'MetaMask').dblclick();
    await until(() => wallet.pendingPrompts === 1, { ms: 10_000, what: 'the wallet prompt' });
    expect(await statusOf(page, 'injected')).toBe('Connecting');
    await wallet.approvePending();
    await waitForStatus(page, 'injected', 'Connected');
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
    expect(await laterStatuses(page)).not.toContain('Disconnected');
  });

  it("the second press lands on the progress view's Cancel: ignored; a click of its own cancels", async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await openWalletList(page);
    await firstPressOn(page, row(page, 'MetaMask'));
    const cancel = progressButton(page, 'injected', 'Cancel');
    await cancel.waitFor();
    await until(() => wallet.pendingPrompts === 1, { ms: 10_000, what: 'the wallet prompt' });
    // Cancel appeared after the sequence began on the row: the rest of that double-click is not for it.
    await secondPressOn(page, cancel);
    expect(await statusOf(page, 'injected')).toBe('Connecting');
    expect(await cancel.isVisible()).toBe(true);
    // A deliberate click (a sequence of its own) still cancels.
    await cancel.click();
    await waitForStatus(page, 'injected', 'Disconnected');
    expect(await progressButton(page, 'injected', 'Connect').isVisible()).toBe(true);
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
  });

  it("the second press lands on the refusal's Back or Try again: ignored; a click of its own goes back", async () => {
    const { page, wallet } = await openApp({ approval: 'reject' });
    await openWalletList(page);
    await firstPressOn(page, row(page, 'MetaMask'));
    const declined = connectDialog(page).getByTestId('declined');
    await declined.waitFor();
    await secondPressOn(page, progressButton(page, 'injected', 'Back'));
    await secondPressOn(page, progressButton(page, 'injected', 'Try again'));
    expect(await declined.isVisible()).toBe(true);
    expect(await connectDialog(page).getByTestId('wallet-list').count()).toBe(0);
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
    await progressButton(page, 'injected', 'Back').click();
    await connectDialog(page).getByTestId('wallet-list').waitFor();
  });

  it("the second press lands on the extension suggestion's Back or Continue: ignored", async () => {
    const context = await newContext();
    const page = await open(context);
    await openWalletList(page);
    await firstPressOn(page, connectDialog(page).getByTestId('card-coinbase').getByRole('button').first());
    const back = progressButton(page, 'coinbase', 'Back');
    await back.waitFor();
    let popups = 0;
    page.on('popup', () => popups++);
    await secondPressOn(page, back);
    await secondPressOn(page, progressButton(page, 'coinbase', 'Continue with the mobile app or pop-up'));
    expect(await back.isVisible()).toBe(true);
    expect(await statusOf(page, 'coinbase')).toBe('Disconnected');
    expect(popups).toBe(0);
    await back.click();
    await connectDialog(page).getByTestId('wallet-list').waitFor();
  });

  it("a double-click on the account button: the second press on the menu's Disconnect is ignored", async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    await firstPressOn(page, accountButton(page));
    const menu = accountMenu(page);
    await menu.waitFor();
    const disconnectButton = menu.getByTestId('card-injected').getByRole('button', { name: /^Disconnect/ });
    await secondPressOn(page, disconnectButton);
    expect(await statusOf(page, 'injected')).toBe('Connected');
    expect(wallet.requests('wallet_revokePermissions')).toHaveLength(0);
    // A deliberate single click later still disconnects.
    await disconnectButton.click();
    await waitForStatus(page, 'injected', 'Disconnected');
    expect(wallet.requests('eth_requestAccounts')).toHaveLength(1);
  });
});

describe('keyboard only', () => {
  it('connect from the header through the dialog, disconnect from the menu: focus follows, never <body>', async () => {
    const { page } = await openApp();
    const connectButton = page.getByTestId('connect-button');
    await tabTo(page, connectButton);
    await page.keyboard.press('Enter');
    // The list opens with focus on the wallet.
    await expectFocusOn(page, row(page, 'MetaMask'), 'the MetaMask row');
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Connected');
    await connectDialog(page).waitFor({ state: 'detached' });
    await expectFocusOn(page, accountButton(page), 'the account button');
    await page.keyboard.press('Enter');
    const menu = accountMenu(page);
    await menu.waitFor();
    await tabTo(page, menu.getByTestId('card-injected').getByRole('button', { name: /^Disconnect/ }));
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Disconnected');
    await expectFocusOn(page, connectButton, '"Connect wallet"');
    expect(await connectButton.textContent()).toBe('Connect wallet');
  });

  it('Cancel hands focus to Connect, Back to the wallet row, Escape to "Connect wallet"', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await tabTo(page, page.getByTestId('connect-button'));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, row(page, 'MetaMask'), 'the MetaMask row');
    await page.keyboard.press('Enter');
    await until(() => wallet.pendingPrompts === 1, { ms: 10_000, what: 'the wallet prompt' });
    await tabTo(page, progressButton(page, 'injected', 'Cancel'));
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Disconnected');
    await expectFocusOn(page, progressButton(page, 'injected', 'Connect'), 'Connect in the progress view');
    await tabTo(page, progressButton(page, 'injected', 'Back'));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, row(page, 'MetaMask'), 'the MetaMask row after Back');
    await page.keyboard.press('Escape');
    await connectDialog(page).waitFor({ state: 'detached' });
    await expectFocusOn(page, page.getByTestId('connect-button'), '"Connect wallet" after Escape');
  });

  it('after an error focus stays in its progress, Try again is the next stop after Details, and after it succeeds focus is on the account button', async () => {
    const { page, wallet } = await openApp();
    await wallet.misbehave('eth_chainId', { result: 'banana' });
    await tabTo(page, page.getByTestId('connect-button'));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, row(page, 'MetaMask'), 'the MetaMask row');
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Error');
    // Focus stays at the top of the progress (its alert is announced), never on <body>.
    await expectFocusOn(page, connectDialog(page).getByTestId('card-injected').and(page.locator('article')), 'the progress');
    const passed = await tabTo(page, progressButton(page, 'injected', 'Try again'));
    expect(passed).toEqual([expect.stringContaining('"Details"'), expect.stringContaining('"Try again"')]);
    await wallet.misbehave('eth_chainId', undefined);
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Connected');
    await expectFocusOn(page, accountButton(page), 'the account button');
  });

  it('walking the network list with the keyboard asks nothing; Enter on a network asks the wallet once', async () => {
    const { page, wallet } = await openApp({ knownChainIds: [31337, 1, 10, 56, 137, 8453, 42161, 11155111] });
    await connect(page, 'injected');
    await expectFocusOn(page, accountButton(page), 'the account button');
    await page.keyboard.press('Enter');
    const menu = accountMenu(page);
    await menu.waitFor();
    const networks = menu.getByTestId('network-section');
    await tabTo(page, networks.locator('summary'));
    await page.keyboard.press('Enter');
    const list = networks.getByRole('list', { name: 'Networks', exact: true });
    await list.waitFor();
    const optimism = list.getByRole('button', { name: 'OP Mainnet', exact: true });
    // Walk down the list past Optimism and back up to it, all with the keyboard.
    const passed = await tabTo(page, optimism);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, optimism, 'OP Mainnet');
    expect(passed.filter((p) => p.startsWith('<button')).length).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await until(() => wallet.requests('wallet_switchEthereumChain').length > 0, { ms: 10_000, what: 'the switch request' });
    await networkButton(page).getByTestId('chain').filter({ hasText: 'OP Mainnet' }).waitFor();
    // Only the network chosen was asked for: nothing while walking.
    expect(wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0xa' }]]);
    expect(await menu.getByRole('alert').count()).toBe(0);
    // Optimism's table entry has an explorer: the menu links to the address there.
    expect(await menu.getByRole('link', { name: /^View on explorer/ }).getAttribute('href')).toBe(`https://optimistic.etherscan.io/address/${ACCOUNT}`);
  });

  it('the Coinbase extension suggestion: Escape returns focus to "Connect wallet", Back to the Coinbase row', async () => {
    const context = await newContext();
    const page = await open(context);
    const connectButton = page.getByTestId('connect-button');
    const coinbaseRow = connectDialog(page).getByTestId('wallet-list').getByTestId('card-coinbase').getByRole('button').first();
    await tabTo(page, connectButton);
    await page.keyboard.press('Enter');
    await tabTo(page, coinbaseRow);
    await page.keyboard.press('Enter');
    const back = progressButton(page, 'coinbase', 'Back');
    await back.waitFor();
    await page.keyboard.press('Escape');
    await connectDialog(page).waitFor({ state: 'detached' });
    await expectFocusOn(page, connectButton, '"Connect wallet" after Escape');
    expect(await statusOf(page, 'coinbase')).toBe('Disconnected');
    await closeDialogs(page);

    await expectFocusOn(page, connectButton, '"Connect wallet"');
    await page.keyboard.press('Enter');
    await tabTo(page, coinbaseRow);
    await page.keyboard.press('Enter');
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await expectFocusOn(page, coinbaseRow, 'the Coinbase row after Back');
  });
});

describe('states users see', () => {
  // The unsupported chain, a refusal, the account, no wallet and choosing among extensions are the
  // connect-pattern suite's (connectPattern.test.ts); this suite keeps what only it reaches.
  it("a link gone for good (1011): the wallet's message under Details and Reload page, which reloads", async () => {
    const { page, wallet } = await openApp();
    await connect(page, 'injected');
    await wallet.emit('disconnect', [{ code: 1011, message: 'Page reload required' }]);
    await waitForStatus(page, 'injected', 'Reload required');
    expect(await page.getByTestId('banner').getByRole('button', { name: 'Reload page' }).count()).toBe(1);
    await page.getByTestId('connect-button').click();
    const card = connectDialog(page).getByTestId('card-injected');
    await card.getByRole('button', { name: 'Reload page' }).waitFor();
    expect(await card.getByRole('alert').allTextContents()).toContainEqual(expect.stringContaining('Page reload required'));
    expect(await card.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await card.getByRole('button', { name: 'Reload page' }).click();
    await page.waitForFunction(() => (window as unknown as { beforeReload?: boolean }).beforeReload === undefined);
    await page.locator('[data-wallet-control]').waitFor();
    await waitForStatus(page, 'injected', 'Connected');
  });
});
