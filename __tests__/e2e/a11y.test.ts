// Accessibility of every state a user can meet (issues 11 and 16): axe-core finds zero violations
// and the page never scrolls sideways, in light and dark, at 1280 px and on a 375 px phone
// (support/a11y.ts). The header's control in each of its states, the wallet list, each kind's
// progress, the account menu, the banner, the Network status dialog and the corner notices; the
// built app in real headless Chromium with the fake wallets at the edge.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { expectAccessible, phoneDiffers, recordPage } from '../support/a11y';
import {
  closeDialogs,
  connect,
  connectDialog,
  continueWithoutExtension,
  openAccountMenu,
  openErrorDetails,
  openNetworkList,
  openNetworkStatus,
  openWalletList,
  shownBalance,
  startConnect,
  switchChain,
  waitForStatus,
  networkButton,
  resizeViewport,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type Eip6963Info, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { tearDown } from '../support/lifecycle';
import { trackTimers } from '../support/sdkTimers';
import { until } from '../support/wait';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';

const timers = trackTimers();

const METAMASK: Eip6963Info = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const LONG_NAMED: Eip6963Info = { uuid: '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b', name: 'Rabby Wallet with a rather long name that must wrap', icon: '', rdns: 'io.rabby' };
const ACCOUNT = TEST_ACCOUNTS[0].address;

const suite = browserSuite({ wallets: { coinbase: { accounts: [ACCOUNT.toLowerCase()] } } });
const phones: SimulatedWallet[] = [];

afterEach(async () => {
  await Promise.allSettled(phones.splice(0).map((p) => p.close()));
});

tearDown(() => [() => timers.clearAll()]);

const newContext = (): Promise<BrowserContext> => suite.newContext({ viewport: { width: 1280, height: 800 } });

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return page;
}

async function openWith(options: Partial<FakeWalletOptions> | 'no wallet' = {}): Promise<{ page: Page; wallet: FakeWallet; context: BrowserContext }> {
  const context = await newContext();
  const wallet = options === 'no wallet' ? (undefined as unknown as FakeWallet) : await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, ...options });
  return { page: await open(context), wallet, context };
}

/** The Coinbase Wallet extension: the SDK hands this provider back as the wallet itself. */
function coinbaseExtension(context: BrowserContext, options: Partial<FakeWalletOptions> = {}): Promise<FakeWallet> {
  return installFakeWallet(context, { globalName: 'coinbaseWalletExtension', flags: { isCoinbaseWallet: true }, rpcUrls: suite.rpcUrls, ...options });
}

const control = (page: Page) => page.locator('[data-wallet-control]');
const progress = (page: Page, kind: string) => connectDialog(page).getByTestId(`card-${kind}`).and(page.locator('article'));
/**
 * Stops the page's clock (installed with `clock.install()` before the page loaded) where it is now, so
 * that a state a timer would end holds while it is checked. The page's time runs on while we ask: aim
 * a little ahead, and again if that moment has already passed.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 50; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (!String(error).includes('to the past') || ahead > 5_000) throw error;
    }
  }
}

/** How many lines a piece of text takes on screen. */
const lines = (text: Locator) =>
  text.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

describe("the header's wallet control", () => {
  it('"Connect wallet"', async () => {
    const { page } = await openWith();
    await expectAccessible(page, () => page.getByTestId('connect-button').filter({ hasText: /^Connect wallet$/ }).waitFor());
  });

  it('"Reconnecting…" (the wallet of the last visit has not answered yet)', async () => {
    const { page, wallet } = await openWith();
    await connect(page, 'injected');
    await wallet.misbehave('eth_accounts', { hang: true });
    // The reconnect's time limit would end the state: the page's clock stands still while it is checked.
    await page.clock.install();
    await page.reload();
    const reconnecting = page.getByTestId('connect-button').and(page.locator('[data-status=Reconnecting]'));
    await reconnecting.waitFor();
    await pauseClock(page);
    await expectAccessible(page, () => reconnecting.waitFor(), { pausedClock: true });
    expect(await reconnecting.textContent()).toBe('Reconnecting…');
  });

  it('the network button and the account button (balance, address)', async () => {
    const { page } = await openWith();
    await connect(page, 'injected');
    await expectAccessible(page, () => shownBalance(page));
  });

  it('"Wrong network", with the banner and its "Switch to"', async () => {
    const { page } = await openWith({ chainId: 56, knownChainIds: [31337, 56] });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
    await expectAccessible(page, () => page.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).waitFor());
    expect(await networkButton(page).getByTestId('chain').textContent()).toContain('Wrong network');
  });
});

describe('the wallet list', () => {
  it('one browser extension', async () => {
    const { page } = await openWith();
    const dialog = await openWalletList(page);
    await expectAccessible(page, () => dialog.getByTestId('card-injected').getByRole('button', { name: /^Connect MetaMask/ }).waitFor());
  });

  it('two browser extensions, one with a long name that wraps inside the dialog', async () => {
    const context = await newContext();
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls });
    await installFakeWallet(context, { globalName: 'rabbyWallet', announce: LONG_NAMED, rpcUrls: suite.rpcUrls });
    const page = await open(context);
    const dialog = await openWalletList(page);
    const name = dialog.locator('.wallet-choice-name').filter({ hasText: LONG_NAMED.name });
    const wrapsInside = async () => {
      await name.waitFor();
      const [box, inside] = await Promise.all([name.boundingBox(), dialog.boundingBox()]);
      expect(box!.x + box!.width).toBeLessThanOrEqual(inside!.x + inside!.width);
      if ((page.viewportSize()?.width ?? 0) <= 375) expect(await lines(name)).toBeGreaterThan(1);
    };
    await expectAccessible(page, wrapsInside);
  });

  it('no browser wallet at all ("Get a wallet")', async () => {
    const { page } = await openWith('no wallet');
    const dialog = await openWalletList(page);
    await expectAccessible(page, () => dialog.getByTestId('get-a-wallet').getByRole('link', { name: /^Get a wallet/ }).waitFor());
  });
});

describe("a browser extension's progress", () => {
  it('waiting for the wallet, then the words that say where its prompt is', async () => {
    const context = await newContext();
    const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, approval: 'manual' });
    // The long-wait words come after a few seconds: the page's clock stands still while the first state is checked.
    await context.clock.install();
    const page = await open(context);
    await startConnect(page, 'injected');
    await until(() => wallet.pendingPrompts === 1, { ms: 10_000, what: 'the wallet prompt' });
    const card = progress(page, 'injected');
    await card.getByText('Approve the connection in MetaMask.').waitFor();
    await pauseClock(page);
    await expectAccessible(page, () => card.getByText('Approve the connection in MetaMask.').waitFor(), { pausedClock: true });
    expect(await card.getByTestId('where-is-the-prompt').count()).toBe(0);
    await page.clock.resume();
    await expectAccessible(page, () => card.getByTestId('where-is-the-prompt').waitFor());
  });

  it('the wallet already has a request open (-32002)', async () => {
    const { page, wallet } = await openWith({ approval: 'manual' });
    await wallet.misbehave('eth_requestAccounts', { error: { code: -32002, message: "Request of type 'wallet_requestPermissions' already pending" } });
    await startConnect(page, 'injected');
    await expectAccessible(page, () => progress(page, 'injected').getByTestId('request-open').waitFor());
  });

  it('declined', async () => {
    const { page } = await openWith({ approval: 'reject' });
    await startConnect(page, 'injected');
    await expectAccessible(page, () => progress(page, 'injected').getByTestId('declined').waitFor());
  });

  it('an error, with Details opened', async () => {
    const { page, wallet } = await openWith();
    await wallet.misbehave('eth_chainId', { result: 'banana' });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Error');
    const alert = await openErrorDetails(page, 'injected');
    await expectAccessible(page, () => alert.locator('details[open]').getByText('Invalid chainId banana').waitFor());
  });

  it('Reload required, in the dialog and then in the banner', async () => {
    const { page, wallet } = await openWith();
    await connect(page, 'injected');
    await wallet.emit('disconnect', [{ code: 1011, message: 'Page reload required' }]);
    await waitForStatus(page, 'injected', 'Reload required');
    await page.getByTestId('connect-button').click();
    await expectAccessible(page, () => progress(page, 'injected').getByRole('button', { name: 'Reload page' }).waitFor());
    await closeDialogs(page);
    await expectAccessible(page, () => page.getByTestId('banner').getByRole('button', { name: 'Reload page' }).waitFor());
  });
});

describe("Coinbase Wallet's progress", () => {
  it('the extension suggestion', async () => {
    const { page } = await openWith('no wallet');
    await startConnect(page, 'coinbase');
    await expectAccessible(page, () => progress(page, 'coinbase').getByRole('link', { name: /Install the Coinbase Wallet extension/ }).waitFor());
  });

  it('its window waits: the dialog says to approve in the window, and no corner notice says it again', async () => {
    const { page } = await openWith('no wallet');
    await startConnect(page, 'coinbase');
    const popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).waitFor();
    await expectAccessible(page, async () => {
      await progress(page, 'coinbase').getByText('Approve the connection in the Coinbase Wallet window.').waitFor();
    });
    expect(await page.getByTestId('notice-coinbase').count()).toBe(0);
    expect(await progress(page, 'coinbase').getByText(/phone/).count()).toBe(0);
  });

  it('waiting for the extension, then the words that say where its prompt is', async () => {
    const context = await newContext();
    const wallet = await coinbaseExtension(context, { approval: 'manual' });
    await context.clock.install();
    const page = await open(context);
    await startConnect(page, 'coinbase');
    await until(() => wallet.pendingPrompts === 1, { ms: 10_000, what: 'the wallet prompt' });
    const card = progress(page, 'coinbase');
    const waiting = card.getByText('Approve the connection in the Coinbase Wallet extension.');
    await waiting.waitFor();
    await pauseClock(page);
    await expectAccessible(page, () => waiting.waitFor(), { pausedClock: true });
    await page.clock.resume();
    await expectAccessible(page, () => card.getByTestId('where-is-the-prompt').waitFor());
  });

  it('declined in the extension', async () => {
    const context = await newContext();
    await coinbaseExtension(context, { approval: 'reject' });
    const page = await open(context);
    await startConnect(page, 'coinbase');
    await expectAccessible(page, () => progress(page, 'coinbase').getByTestId('declined').waitFor());
  });

  it('an error, with Details opened', async () => {
    const context = await newContext();
    const wallet = await coinbaseExtension(context);
    const page = await open(context);
    await wallet.misbehave('eth_chainId', { result: 'banana' });
    await startConnect(page, 'coinbase');
    await waitForStatus(page, 'coinbase', 'Error');
    const alert = await openErrorDetails(page, 'coinbase');
    await expectAccessible(page, () => alert.locator('details[open]').waitFor());
  });

  it('"Connection lost" corner notice', async () => {
    const context = await newContext();
    const wallet = await coinbaseExtension(context);
    const page = await open(context);
    await connect(page, 'coinbase');
    await wallet.emit('disconnect', [{ code: 4900, message: 'Disconnected from all chains' }]);
    await expectAccessible(page, () => page.getByTestId('notice-coinbase').getByText('Connection lost').waitFor());
  });
});

describe("WalletConnect's progress", () => {
  async function pairing(): Promise<{ page: Page; dialog: Locator; phone: SimulatedWallet }> {
    const { page } = await openWith('no wallet');
    const phone = await startSimulatedWallet({ relayUrl: suite.relay.url, chains: [31337], rpcUrls: { 31337: suite.rpcUrls[31337]! } });
    phones.push(phone);
    await startConnect(page, 'walletconnect');
    return { page, dialog: connectDialog(page), phone };
  }

  it('the QR code (1280 px), the phone links (375 px)', async () => {
    const { page, dialog } = await pairing();
    await expectAccessible(page, async () => {
      if ((page.viewportSize()?.width ?? 0) > 375) await dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
      else await dialog.getByTestId('open-in-wallet-app').waitFor();
    });
  });

  it('the phone links with the QR code shown too (375 px)', async () => {
    const { page, dialog } = await pairing();
    await expectAccessible(page, async () => {
      if ((page.viewportSize()?.width ?? 0) > 375) return dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
      const toggle = dialog.getByRole('button', { name: /QR code$/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
    });
  });

  it('declined on the phone', async () => {
    const { page, dialog, phone } = await pairing();
    const uri = await dialog.getByTestId('pairing-uri').inputValue();
    await phone.reject(await phone.pair(uri));
    await expectAccessible(page, () => progress(page, 'walletconnect').getByTestId('declined').waitFor());
  });
});

describe('the account menu', () => {
  it('with the network list open', async () => {
    const { page } = await openWith();
    await connect(page, 'injected');
    const list = await openNetworkList(page);
    await expectAccessible(page, () => list.getByRole('button').first().waitFor());
  });

  it('a network switch waiting for the wallet (in the menu and in the banner)', async () => {
    const { page, wallet } = await openWith();
    await connect(page, 'injected');
    await wallet.misbehave('wallet_switchEthereumChain', { hang: true });
    await switchChain(page, 'injected', 'Ethereum');
    const menu = await openAccountMenu(page);
    await expectAccessible(page, () => menu.getByRole('button', { name: 'Stop waiting' }).waitFor());

    const other = await openWith({ chainId: 56, knownChainIds: [31337, 56] });
    await startConnect(other.page, 'injected');
    await waitForStatus(other.page, 'injected', 'Unsupported network');
    await other.wallet.misbehave('wallet_switchEthereumChain', { hang: true });
    await other.page.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).click();
    await expectAccessible(other.page, () => other.page.getByTestId('unsupported').getByRole('button', { name: 'Stop waiting' }).waitFor());
  });

  it('a network switch that did not happen (in the menu and in the banner)', async () => {
    const { page, wallet } = await openWith();
    await connect(page, 'injected');
    wallet.approval = 'reject';
    await switchChain(page, 'injected', 'Ethereum');
    const menu = await openAccountMenu(page);
    await expectAccessible(page, () => menu.getByText('Network not switched.').waitFor());

    const other = await openWith({ chainId: 56, knownChainIds: [31337, 56] });
    await startConnect(other.page, 'injected');
    await waitForStatus(other.page, 'injected', 'Unsupported network');
    other.wallet.approval = 'reject';
    await other.page.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).click();
    await expectAccessible(other.page, () => other.page.getByTestId('unsupported').getByText('Network not switched.').waitFor());
  });

  it('another connected wallet listed', async () => {
    const context = await newContext();
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls });
    await coinbaseExtension(context, { privateKeys: [TEST_ACCOUNTS[1].privateKey] });
    const page = await open(context);
    await connect(page, 'injected');
    await connect(page, 'coinbase');
    const menu = await openAccountMenu(page);
    await expectAccessible(page, () => menu.getByTestId('card-injected').getByRole('button', { name: /^Use this wallet/ }).waitFor());
  });

  it('an update from the wallet that was ignored', async () => {
    const { page, wallet } = await openWith();
    await connect(page, 'injected');
    await wallet.emit('chainChanged', ['banana']);
    const menu = await openAccountMenu(page);
    await expectAccessible(page, () => menu.getByTestId('card-injected').getByRole('alert').waitFor());
  });
});
describe('the Network status dialog', () => {
  it('from the footer', async () => {
    const { page } = await openWith();
    const dialog = await openNetworkStatus(page);
    await expectAccessible(page, () => dialog.getByTestId('network-panel').waitFor());
    expect(await control(page).count()).toBe(1);
  });
});

describe('the check itself: at 375 px the full axe run comes back whenever the phone shows what the desktop did not', () => {
  /** A page of our own (no app) at 1280 px: `phoneOnly` (if any) is shown at 375 px and below, hidden above. */
  async function sample(phoneOnly: string, extraCss = '', reused?: Page): Promise<Page> {
    const page = reused ?? (await (await newContext()).newPage());
    await resizeViewport(page, { width: 1280, height: 800 });
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>sample</title><style>
        .phone { display: none } @media (max-width: 400px) { .phone { display: block } .wide { padding: 4px } } ${extraCss}
      </style></head><body><main><h1>Sample</h1><p class="wide">Words.</p>${phoneOnly ? `<div class="phone">${phoneOnly}</div>` : ''}</main></body></html>`,
    );
    return page;
  }

  it('a width that changes only geometry is no difference; an element shown, generated words, a word, an attribute or a new element is', async () => {
    const differsAt375 = async (page: Page) => {
      await recordPage(page);
      await resizeViewport(page, { width: 375, height: 800 });
      return phoneDiffers(page);
    };
    const page = await sample('');
    expect(await differsAt375(page)).toBe(false);
    expect(await differsAt375(await sample('<p>On a phone.</p>', '', page))).toBe(true);
    expect(await differsAt375(await sample('', '@media (max-width: 400px) { h1::after { content: " (phone)" } }', page))).toBe(true);

    await sample('', '', page);
    const changes = [
      () => (document.querySelector('p')!.textContent = 'Other words.'),
      () => document.querySelector('p')!.setAttribute('aria-hidden', 'true'),
      () => document.querySelector('main')!.append(document.createElement('span')),
    ];
    for (const change of changes) {
      await recordPage(page);
      expect(await phoneDiffers(page)).toBe(false);
      await page.evaluate(change);
      expect(await phoneDiffers(page)).toBe(true);
    }
  });

  it('an image without a text alternative shown only on a phone is found at 375 px', async () => {
    const page = await sample('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">');
    const failure = await expectAccessible(page).then(
      () => 'no failure',
      (error: unknown) => String(error),
    );
    expect(failure).toMatch(/light 375px\\?": Array \[[\s+]*\\?"image-alt/);
    expect(failure).not.toMatch(/light 1280px\\?": Array \[[\s+]*\\?"image-alt/);
  });
});
