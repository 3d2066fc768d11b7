// Coinbase Wallet end to end: the built app in real headless Chromium with the real SDK, two ways,
// driven through the connect dialog and the account menu (support/appDriver.ts).
// 1. No extension: the SDK's keys popup opens on a second local origin (this suite's own keys page,
//    which speaks the SDK's popup protocol and encryption) and the test approves in it.
// 2. A fake Coinbase extension in the page (the SDK hands it back), signing in the test process.
import { HDNodeWallet, Wallet, verifyMessage, verifyTypedData } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { rpc, TEST_ACCOUNTS } from '../support/anvil';
import {
  accountButton,
  connect,
  connectDialog,
  continueWithoutExtension,
  cornerNotice,
  disconnect,
  fillTransfer,
  openSigning,
  sendTransfer,
  shownAccount,
  shownChainName,
  shownSignature,
  signMessage,
  signTypedDataSample,
  startConnect,
  switchChain,
  transferWarnings,
  waitForOutcome,
  waitForStatus,
  type Kind,
  type Status,
  networkButton,
} from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { WAIT_MS } from '../support/lifecycle';

const ACCOUNT = TEST_ACCOUNTS[0].address;
/** docs/behaviour.md §9: how long the keys window may take to answer the SDK's handshake. */
const COINBASE_HANDSHAKE_MS = 15_000;
const METAMASK = { uuid: '9b0c1a7e-2f4d-4e8a-b6c1-5d3e7f9a1b20', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };

const suite = browserSuite({
  wallets: {
    coinbase: {
      accounts: [ACCOUNT.toLowerCase()],
      // The wallet knows mainnet first, then the development chain: the SDK still connects on the app's first chain.
      // A getter: the chain's URL is known once the global set-up has run (read in the suite's beforeAll).
      get chains() {
        return { '1': 'https://cloudflare-eth.com', '31337': e2eEnv().anvilUrl };
      },
    },
  },
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Main-frame navigations after the first load (a reload would show here). */
  navigations: () => number;
}

async function openApp(setup: (context: BrowserContext) => Promise<unknown> = async () => undefined): Promise<Opened> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  await setup(context);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return { context, page, navigations: () => navigations };
}

/** A state the wallet's work brings about (the SDK's chunk, the popup): WAIT_MS is the hang guard. */
const reaches = (page: Page, kind: Kind, status: Status) => waitForStatus(page, kind, status, WAIT_MS);
const chainShown = (page: Page) => networkButton(page).getByTestId('chain');
const sdkKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('-CBWSDK:') || k.startsWith('-walletlink:')));
const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage);
const markThePage = (page: Page) => page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

/**
 * Connect through the keys popup, approving in the popup: the first time in a browser after the
 * extension suggestion, later straight to the popup (docs/behaviour.md §6.4).
 */
async function connectThroughPopup({ page }: Opened, { suggested = true } = {}): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await startConnect(page, 'coinbase');
  if (suggested) await continueWithoutExtension(page);
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Approve' }).click();
  await reaches(page, 'coinbase', 'Connected');
  return popup;
}

describe('through the keys popup on a second local origin', () => {
  it('connects on the first chain after the extension suggestion, the dialog saying to approve in the window while the popup waits', async () => {
    const { page } = await openApp();
    await startConnect(page, 'coinbase');
    // The dialog offers no chain: the suggestion comes first, with the extension's install link.
    const progress = connectDialog(page).getByTestId('card-coinbase');
    await expect(progress.getByRole('link', { name: /^Install the Coinbase Wallet extension/ }).getAttribute('href')).resolves.toBe(
      'https://www.coinbase.com/wallet/downloads',
    );
    const popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await popupOpened;
    expect(new URL(popup.url()).origin).toBe(suite.keys.origin);
    expect(new URL(popup.url()).origin).not.toBe(new URL(page.url()).origin);
    // Where the SDK has it wait: its window, said once, in the dialog (issue 38), not "on your phone" in the corner too.
    await progress.getByText('Approve the connection in the Coinbase Wallet window.').waitFor();
    expect(await cornerNotice(page, 'coinbase').count()).toBe(0);
    await popup.getByTestId('method').filter({ hasText: /^eth_requestAccounts$/ }).waitFor();
    await popup.getByRole('button', { name: 'Approve' }).click();

    await reaches(page, 'coinbase', 'Connected');
    expect(await accountButton(page).getAttribute('data-kind')).toBe('coinbase');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(await shownChainName(page)).toBe('Local development chain');
    expect(await chainShown(page).getAttribute('data-chain-id')).toBe('31337');
    expect(await cornerNotice(page, 'coinbase').count()).toBe(0);
    // The dialog closes by itself on connect, and focus lands on the account button.
    await connectDialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'account-button');
    // The wallet's window closes itself once answered.
    if (!popup.isClosed()) await popup.waitForEvent('close');
  });

  it('switches to a chain the wallet does not know: 4902, then add (approved in the popup), then on it', async () => {
    const opened = await openApp();
    await connectThroughPopup(opened);
    const { page } = opened;
    const popupOpened = page.waitForEvent('popup');
    await switchChain(page, 'coinbase', 'OP Mainnet');
    const popup = await popupOpened;
    await popup.getByTestId('method').filter({ hasText: /^wallet_addEthereumChain$/ }).waitFor();
    await popup.getByRole('button', { name: 'Approve' }).click();
    await chainShown(page).filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await chainShown(page).getAttribute('data-chain-id')).toBe('10');
    await reaches(page, 'coinbase', 'Connected');
  });

  it('disconnects without reloading the page, and the next connect asks the wallet again, without the suggestion', async () => {
    const opened = await openApp();
    const { page } = opened;
    await connectThroughPopup(opened);
    await markThePage(page);
    await disconnect(page, 'coinbase');
    expect(await stillTheSamePage(page)).toBe(true);
    expect(opened.navigations()).toBe(0);
    expect(await sdkKeys(page)).toEqual([]);
    const opens = suite.keys.opened.length;
    // The suggestion was passed once: the second connect opens the popup directly, with no click between.
    await connectThroughPopup(opened, { suggested: false });
    expect(suite.keys.opened.length).toBe(opens + 1);
    expect(await page.evaluate(() => localStorage.getItem('walletdeck.withoutExtension'))).toBe('["coinbase"]');
  });

  it('after a reload, reconnects silently from the stored session without opening the popup', async () => {
    const opened = await openApp();
    const { page } = opened;
    await connectThroughPopup(opened);
    const popupsBefore = suite.keys.opened.length;
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await page.reload();
    await reaches(page, 'coinbase', 'Connected');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(popups).toBe(0);
    expect(suite.keys.opened.length).toBe(popupsBefore);
  });
});

describe('a keys window that never answers', () => {
  it.each<[string, boolean]>([
    ['a page that does nothing', false],
    ['the browser\'s error page (network blocked)', true],
  ])('(%s) ends in plain words with Try again once the handshake limit runs out, and Try again connects', async (_what, blocked) => {
    let answering = false;
    const { page } = await openApp(async (context) => {
      // The time limit is the subject: the page's clock moves only when the test says.
      await context.clock.install();
      // The keys page loads, but nothing in it ever speaks to the SDK (a network error page does the same).
      await context.route(`${suite.keys.origin}/**`, (route) =>
        answering
          ? route.fallback()
          : blocked
            ? route.abort('internetdisconnected')
            : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Nothing here</title><p>Nothing here</p>' }),
      );
    });
    await startConnect(page, 'coinbase');
    const popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await popupOpened;
    if (!blocked) await popup.getByText('Nothing here').waitFor();
    const progress = connectDialog(page).getByTestId('card-coinbase');
    // Nothing is asked of the user yet: the window has not answered.
    await progress.getByRole('status').filter({ hasText: 'Opening the Coinbase Wallet window…' }).waitFor();
    await page.clock.runFor(COINBASE_HANDSHAKE_MS);
    await reaches(page, 'coinbase', 'Error');
    await progress.getByText('Coinbase Wallet did not open. Check your connection, then try again.').waitFor();
    await expectAccessible(page);
    expect(popup.isClosed() || (await popup.evaluate(() => window.closed))).toBe(true);
    // Back online: Try again opens a window that answers.
    answering = true;
    const again = page.waitForEvent('popup');
    await progress.getByRole('button', { name: 'Try again' }).click();
    await (await again).getByRole('button', { name: 'Approve' }).click();
    await reaches(page, 'coinbase', 'Connected');
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
        rpcUrls: suite.rpcUrls,
        knownChainIds: [31337],
        chainId: 31337,
      });
      metamask = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, connectedOrigins: [suite.server.url] });
    });
    await reaches(opened.page, 'injected', 'Connected');
    return Object.assign(opened, { coinbase: coinbase!, metamask: metamask! });
  }

  it('connects through the extension: no suggestion, no popup', async () => {
    const { page, coinbase } = await openWithExtension();
    let popups = 0;
    page.on('popup', () => (popups += 1));
    // Connected without "Continue with the mobile app or pop-up": the suggestion would have held the connect.
    await connect(page, 'coinbase', { timeout: WAIT_MS });
    expect(await accountButton(page).getAttribute('data-kind')).toBe('coinbase');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(await chainShown(page).getAttribute('data-chain-id')).toBe('31337');
    // The dialog closes by itself on connect, and focus lands on the account button.
    await connectDialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'account-button');
    expect(popups).toBe(0);
    expect(coinbase.requests('eth_requestAccounts')).toHaveLength(1);
  });

  it('switches to an unknown chain: 4902, then add, then on it', async () => {
    const { page, coinbase } = await openWithExtension();
    await connect(page, 'coinbase', { timeout: WAIT_MS });
    await switchChain(page, 'coinbase', 'OP Mainnet');
    await chainShown(page).filter({ hasText: 'OP Mainnet' }).waitFor();
    expect(await chainShown(page).getAttribute('data-chain-id')).toBe('10');
    expect(coinbase.requests('wallet_switchEthereumChain')).toHaveLength(1);
    expect(coinbase.requests('wallet_addEthereumChain')).toHaveLength(1);
    expect(coinbase.knowsChain(10)).toBe(true);
  });

  it('disconnects without a reload and without touching the browser wallet', async () => {
    const opened = await openWithExtension();
    const { page, metamask } = opened;
    await connect(page, 'coinbase', { timeout: WAIT_MS });
    await markThePage(page);
    await disconnect(page, 'coinbase');
    expect(await stillTheSamePage(page)).toBe(true);
    expect(opened.navigations()).toBe(0);
    await reaches(page, 'injected', 'Connected');
    expect(metamask.requests('wallet_revokePermissions')).toHaveLength(0);
    expect(metamask.isConnected(suite.server.url)).toBe(true);
    // Back to the browser wallet: nothing is asked of it, its account is as it was.
    await startConnect(page, 'injected', { wallet: 'MetaMask' });
    await reaches(page, 'injected', 'Connected');
    expect(await accountButton(page).getAttribute('data-kind')).toBe('injected');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(metamask.requests('eth_requestAccounts')).toHaveLength(0);
  });

  it('after a reload, reconnects silently (eth_accounts, never a second prompt)', async () => {
    const { page, coinbase } = await openWithExtension();
    await connect(page, 'coinbase', { timeout: WAIT_MS });
    await page.reload();
    await reaches(page, 'coinbase', 'Connected');
    expect(await accountButton(page).getAttribute('data-kind')).toBe('coinbase');
    expect(await shownAccount(page)).toBe(ACCOUNT);
    expect(coinbase.requests('eth_requestAccounts')).toHaveLength(1);
    expect(coinbase.requests('eth_accounts').length).toBeGreaterThan(0);
  });
});

describe('signing and sending with the Coinbase extension', () => {
  // Anvil's account 4: its balance and nonce are this suite's.
  const OWNER = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'/0/4");

  async function connected(): Promise<{ page: Page; coinbase: FakeWallet }> {
    let coinbase: FakeWallet | undefined;
    const { page } = await openApp(async (context) => {
      coinbase = await installFakeWallet(context, {
        globalName: 'coinbaseWalletExtension',
        flags: { isCoinbaseWallet: true },
        rpcUrls: suite.rpcUrls,
        knownChainIds: [31337],
        chainId: 31337,
        privateKeys: [OWNER.privateKey],
      });
    });
    await connect(page, 'coinbase', { timeout: WAIT_MS });
    const section = await openSigning(page);
    await section
      .getByTestId('sign-target')
      .filter({ hasText: new RegExp(`As ${OWNER.address} on Local development chain, with Coinbase Wallet`) })
      .waitFor();
    return { page, coinbase: coinbase! };
  }

  it('signs a message and typed data through the extension, each signer recovered and matching', async () => {
    const { page, coinbase } = await connected();
    await signMessage(page, 'Coinbase says hi');
    expect(verifyMessage('Coinbase says hi', await shownSignature(page, 'message'))).toBe(OWNER.address);

    await signTypedDataSample(page);
    const signature = await shownSignature(page, 'typedData');
    const section = await openSigning(page);
    const data = JSON.parse(await section.getByTestId('sign-typedData').getByLabel('Typed data (JSON)').inputValue()) as {
      types: Record<string, { name: string; type: string }[]>;
      domain: Record<string, unknown>;
      message: Record<string, unknown>;
    };
    const { EIP712Domain: _domain, ...types } = data.types;
    expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(OWNER.address);
    expect(coinbase.requests('personal_sign')).toHaveLength(1);
    expect(coinbase.requests('eth_signTypedData_v4')).toHaveLength(1);
  });

  it('sends a transfer mined on anvil to confirmed; a refusal is a calm "You declined"', async () => {
    const { page, coinbase } = await connected();
    const recipient = Wallet.createRandom().address;
    await fillTransfer(page, recipient, '0.25');
    expect((await transferWarnings(page)).fee).toMatch(/^Network fee/);
    await sendTransfer(page, recipient, '0.25');
    await waitForOutcome(page, 'transaction', 'confirmed', WAIT_MS);
    expect(BigInt(await rpc<string>(suite.rpcUrls[31337]!, 'eth_getBalance', [recipient, 'latest']))).toBe(25n * 10n ** 16n);

    coinbase.approval = 'reject';
    await signMessage(page, 'Coinbase says hi');
    const declined = await waitForOutcome(page, 'message', 'declined');
    expect(((await declined.textContent()) ?? '').trim()).toBe('You declined the request in Coinbase Wallet.');
  });
});
