// Coinbase Wallet end to end: the built app in real headless Chromium with the real SDK, two ways.
// 1. No extension: the SDK's keys popup opens on a second local origin (the fake keys page, which
//    speaks the SDK's popup protocol and encryption) and the test approves in it.
// 2. A fake Coinbase extension in the page (the SDK hands it back), signing in the test process.
import { HDNodeWallet, Wallet, verifyMessage, verifyTypedData } from 'ethers';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { rpc, TEST_ACCOUNTS } from '../support/anvil';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { serveCoinbaseKeys, type KeysServer } from '../../scripts/dev/coinbase/keysServer';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';

const ACCOUNT = TEST_ACCOUNTS[0].address;
const METAMASK = { uuid: '9b0c1a7e-2f4d-4e8a-b6c1-5d3e7f9a1b20', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };

let browser: Browser;
let app: StaticServer;
let keys: KeysServer;
let anvilUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  [browser, app, keys] = await startAll([
    launchChromium(),
    serveStatic(env.distDir),
    serveCoinbaseKeys({
      port: env.keysPort,
      accounts: [ACCOUNT.toLowerCase()],
      chains: { '1': 'https://cloudflare-eth.com', '31337': env.anvilUrl },
    }),
  ]);
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await Promise.all([browser?.close(), app?.close(), keys?.close()]);
});

interface Opened {
  context: BrowserContext;
  page: Page;
  card: Locator;
  /** Main-frame navigations after the first load (a reload would show here). */
  navigations: () => number;
}

async function openApp(setup: (context: BrowserContext) => Promise<unknown> = async () => undefined): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  await setup(context);
  const page = await context.newPage();
  await page.goto(app.url);
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return { context, page, card: page.getByTestId('card-coinbase'), navigations: () => navigations };
}

const status = (card: Locator) => card.getByTestId('status');
const sdkKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('-CBWSDK:') || k.startsWith('-walletlink:')));

/** Connect through the suggestion dialog and the keys popup, approving in the popup. */
async function connectThroughPopup({ page, card }: Opened): Promise<Page> {
  await card.getByRole('button', { name: 'Connect' }).hover();
  await card.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Coinbase Wallet' });
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with the mobile app or pop-up' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await hasText(status(card), 'Connected');
  return popup;
}

/** Waits until the locator's text is (or matches) `text`; fails with the last text seen. */
async function hasText(locator: Locator, text: string | RegExp): Promise<void> {
  const deadline = Date.now() + WAIT_MS; // a hang guard: the message says what was seen last
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.textContent({ timeout: 1_000 }).catch(() => null)) ?? '';
    if (typeof text === 'string' ? last === text : text.test(last)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (typeof text === 'string') expect(last).toBe(text);
  else expect(last).toMatch(text);
}

describe('through the keys popup on a second local origin', () => {
  it('connects on the chosen chain after the suggestion dialog, showing "Confirm on phone" while the popup waits', async () => {
    const opened = await openApp();
    const { page, card } = opened;
    await card.getByLabel('Chain to connect to').selectOption('31337');
    await card.getByRole('button', { name: 'Connect' }).hover();
    await card.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Coinbase Wallet' });
    await expect(dialog.getByRole('link', { name: 'Install the Coinbase Wallet extension' }).getAttribute('href')).resolves.toBe(
      'https://www.coinbase.com/wallet/downloads',
    );
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue with the mobile app or pop-up' }).click();
    const popup = await popupOpened;
    expect(new URL(popup.url()).origin).toBe(keys.origin);
    expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
    await hasText(page.getByRole('status', { name: 'Confirm on phone' }), /Confirm on phone/);
    await hasText(popup.getByTestId('method'), 'eth_requestAccounts');
    await popup.getByRole('button', { name: 'Approve' }).click();

    await hasText(status(card), 'Connected');
    await hasText(card.getByTestId('account'), ACCOUNT);
    await hasText(card.getByTestId('chain'), /Local development chain.*\(31337\)/);
    expect(await page.getByRole('status', { name: 'Confirm on phone' }).count()).toBe(0);
    // The wallet's window closes itself once answered.
    if (!popup.isClosed()) await popup.waitForEvent('close');
  });

  it('switches to a chain the wallet does not know: 4902, then add (approved in the popup), then on it', async () => {
    const opened = await openApp();
    await connectThroughPopup(opened);
    const { page, card } = opened;
    const popupOpened = page.waitForEvent('popup');
    await card.getByLabel('Switch chain').selectOption('10');
    const popup = await popupOpened;
    await hasText(popup.getByTestId('method'), 'wallet_addEthereumChain');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await hasText(card.getByTestId('chain'), /OP Mainnet.*\(10\)/);
    await hasText(status(card), 'Connected');
  });

  it('disconnects without reloading the page, and the next connect asks the wallet again', async () => {
    const opened = await openApp();
    const { page, card } = opened;
    await connectThroughPopup(opened);
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await hasText(status(card), 'Disconnected');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(opened.navigations()).toBe(0);
    expect(await sdkKeys(page)).toEqual([]);
    await connectThroughPopup(opened);
  });

  it('after a reload, reconnects silently from the stored session without opening the popup', async () => {
    const opened = await openApp();
    const { page, card } = opened;
    await connectThroughPopup(opened);
    const popupsBefore = keys.opened.length;
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await page.reload();
    await hasText(status(card), 'Connected');
    await hasText(card.getByTestId('account'), ACCOUNT);
    expect(popups).toBe(0);
    expect(keys.opened.length).toBe(popupsBefore);
  });
});

describe('with a Coinbase extension in the page', () => {
  /** The Coinbase extension, and a MetaMask already connected beside it. */
  async function openWithExtension(): Promise<Opened & { coinbase: FakeWallet; metamask: FakeWallet }> {
    let coinbase: FakeWallet | undefined;
    let metamask: FakeWallet | undefined;
    const opened = await openApp(async (context) => {
      coinbase = await installFakeWallet(context, {
        globalName: 'coinbaseWalletExtension',
        flags: { isCoinbaseWallet: true },
        rpcUrls: { 31337: anvilUrl },
        knownChainIds: [31337],
        chainId: 31337,
      });
      metamask = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, connectedOrigins: [app.url] });
    });
    await hasText(status(opened.page.getByTestId('card-injected')), 'Connected');
    return Object.assign(opened, { coinbase: coinbase!, metamask: metamask! });
  }

  it('connects through the extension: no suggestion, no popup', async () => {
    const opened = await openWithExtension();
    const { page, card, coinbase } = opened;
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await card.getByRole('button', { name: 'Connect' }).click();
    await hasText(status(card), 'Connected');
    await hasText(card.getByTestId('account'), ACCOUNT);
    await hasText(card.getByTestId('chain'), /\(31337\)/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(popups).toBe(0);
    expect(coinbase.requests('eth_requestAccounts')).toHaveLength(1);
  });

  it('switches to an unknown chain: 4902, then add, then on it', async () => {
    const opened = await openWithExtension();
    const { card, coinbase } = opened;
    await card.getByRole('button', { name: 'Connect' }).click();
    await hasText(status(card), 'Connected');
    await card.getByLabel('Switch chain').selectOption('10');
    await hasText(card.getByTestId('chain'), /OP Mainnet.*\(10\)/);
    expect(coinbase.requests('wallet_switchEthereumChain')).toHaveLength(1);
    expect(coinbase.requests('wallet_addEthereumChain')).toHaveLength(1);
    expect(coinbase.knowsChain(10)).toBe(true);
  });

  it('disconnects without a reload and without touching the browser wallet', async () => {
    const opened = await openWithExtension();
    const { page, card } = opened;
    const injected = page.getByTestId('card-injected');
    await card.getByRole('button', { name: 'Connect' }).click();
    await hasText(status(card), 'Connected');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await hasText(status(card), 'Disconnected');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(opened.navigations()).toBe(0);
    await hasText(status(injected), 'Connected');
    await hasText(injected.getByTestId('account'), ACCOUNT);
  });

  it('after a reload, reconnects silently (eth_accounts, never a second prompt)', async () => {
    const opened = await openWithExtension();
    const { page, card, coinbase } = opened;
    await card.getByRole('button', { name: 'Connect' }).click();
    await hasText(status(card), 'Connected');
    await page.reload();
    await hasText(status(card), 'Connected');
    await hasText(card.getByTestId('account'), ACCOUNT);
    expect(coinbase.requests('eth_requestAccounts')).toHaveLength(1);
    expect(coinbase.requests('eth_accounts').length).toBeGreaterThan(0);
  });
});

describe('signing and sending with the Coinbase extension', () => {
  // Anvil's account 4: its balance and nonce are this suite's.
  const OWNER = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'/0/4");

  async function connectedPanel(): Promise<{ page: Page; panel: Locator; coinbase: FakeWallet }> {
    let coinbase: FakeWallet | undefined;
    const opened = await openApp(async (context) => {
      coinbase = await installFakeWallet(context, {
        globalName: 'coinbaseWalletExtension',
        flags: { isCoinbaseWallet: true },
        rpcUrls: { 31337: anvilUrl },
        knownChainIds: [31337],
        chainId: 31337,
        privateKeys: [OWNER.privateKey],
      });
    });
    await opened.card.getByRole('button', { name: 'Connect' }).click();
    await hasText(status(opened.card), 'Connected');
    const panel = opened.page.getByTestId('sign-section');
    await panel.getByRole('button', { name: 'Open' }).click();
    await hasText(panel.getByTestId('sign-target'), new RegExp(`As ${OWNER.address} on Local development chain, with Coinbase Wallet`));
    return { page: opened.page, panel, coinbase: coinbase! };
  }

  const outcomeOf = (panel: Locator, kind: string, status: string) =>
    panel.locator(`[data-testid=sign-${kind}] [data-testid=outcome][data-status=${status}]`);

  it('signs a message and typed data through the extension, each signer recovered and matching', async () => {
    const { panel, coinbase } = await connectedPanel();
    await panel.getByTestId('sign-message').getByLabel('Message to sign').fill('Coinbase says hi');
    await panel.getByTestId('sign-message').getByRole('button', { name: 'Sign message' }).click();
    const message = outcomeOf(panel, 'message', 'signed');
    await message.waitFor();
    expect(verifyMessage('Coinbase says hi', (await message.getByTestId('signature').textContent()) ?? '')).toBe(OWNER.address);

    const form = panel.getByTestId('sign-typedData');
    await form.getByRole('button', { name: 'Sign typed data' }).click();
    const typed = outcomeOf(panel, 'typedData', 'signed');
    await typed.waitFor();
    const data = JSON.parse(await form.getByLabel('Typed data (JSON)').inputValue()) as {
      types: Record<string, { name: string; type: string }[]>;
      domain: Record<string, unknown>;
      message: Record<string, unknown>;
    };
    const { EIP712Domain: _domain, ...types } = data.types;
    expect(verifyTypedData(data.domain, types, data.message, (await typed.getByTestId('signature').textContent()) ?? '')).toBe(OWNER.address);
    expect(coinbase.requests('personal_sign')).toHaveLength(1);
    expect(coinbase.requests('eth_signTypedData_v4')).toHaveLength(1);
  });

  it('sends a transfer mined on anvil to confirmed; a refusal is a calm "You declined"', async () => {
    const { panel, coinbase } = await connectedPanel();
    const recipient = Wallet.createRandom().address;
    const form = panel.getByTestId('sign-transaction');
    await form.getByLabel('To').fill(recipient);
    await form.getByLabel('Amount (ETH)').fill('0.25');
    await hasText(form.getByTestId('fee'), /^Network fee/);
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await outcomeOf(panel, 'transaction', 'confirmed').waitFor({ timeout: WAIT_MS });
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [recipient, 'latest']))).toBe(25n * 10n ** 16n);

    coinbase.approval = 'reject';
    await panel.getByTestId('sign-message').getByRole('button', { name: 'Sign message' }).click();
    await hasText(outcomeOf(panel, 'message', 'declined'), 'You declined the request in Coinbase Wallet.');
  });
});
