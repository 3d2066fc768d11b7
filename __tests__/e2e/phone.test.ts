// The WalletConnect dialog on a phone: the production build in headless Chromium with touch emulation
// at 375 px, the real WalletConnect SDK and the local relay, a phone wallet simulated in the test
// process with the real sign client. On a phone the QR code is not what the user needs: the dialog
// leads with links that open a wallet app on the same device.
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { trackTimers } from '../support/sdkTimers';
import { startWcRelay, type WcRelay } from '../support/wcRelay';
import { createVerifyService, type VerifyService } from '../support/wcVerify';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';

const timers = trackTimers();

let browser: Browser;
let server: StaticServer;
let relay: WcRelay;
let verify: VerifyService;
let restoreFetch: () => void;
let anvilUrl: string;
const contexts: BrowserContext[] = [];
const wallets: SimulatedWallet[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  verify = createVerifyService();
  restoreFetch = verify.installInNode();
  [browser, server, relay] = await startAll([launchChromium(), serveStatic(env.distDir), startWcRelay({ port: env.relayPort })]);
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await Promise.all(wallets.splice(0).map((w) => w.close()));
});

afterAll(async () => {
  restoreFetch?.();
  await Promise.all([browser?.close(), server?.close(), relay?.close()]);
  timers.clearAll();
});

async function openPhone(): Promise<{ page: Page; phone: SimulatedWallet }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  // Wallet links must not leave the page in the test: any https navigation is refused at once.
  await context.route(/^https:\/\//, (route) => route.abort('internetdisconnected'));
  await verify.routeBrowser(context);
  // Every title the WalletConnect dialog shows, in order (the reaching state may last milliseconds).
  await context.addInitScript(() => {
    const titles: string[] = [];
    (window as unknown as { qrTitles: string[] }).qrTitles = titles;
    new MutationObserver(() => {
      const title = document.querySelector('dialog.qr-dialog h2')?.textContent ?? '';
      if (title && titles.at(-1) !== title) titles.push(title);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const phone = await startSimulatedWallet({ relayUrl: relay.url, chains: [31337, 1], rpcUrls: { 31337: anvilUrl } });
  wallets.push(phone);
  const page = await context.newPage();
  await page.goto(server.url);
  return { page, phone };
}

describe('the WalletConnect dialog on a phone (touch, 375 px)', () => {
  it('reaches the relay first, then leads with wallet links carrying the pairing URI; the QR code is one click away; the link connects', async () => {
    const { page, phone } = await openPhone();
    const card = page.getByTestId('card-walletconnect');
    await card.getByRole('button', { name: 'Connect' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Open in your wallet app' });
    const open = dialog.getByRole('link', { name: 'Open in wallet app' });
    await open.waitFor();

    expect(await page.evaluate(() => (window as unknown as { qrTitles: string[] }).qrTitles)).toEqual([
      'Connecting to WalletConnect',
      'Open in your wallet app',
    ]);
    const uri = (await open.getAttribute('href')) ?? '';
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const links = await dialog.getByRole('listitem').getByRole('link').evaluateAll((anchors) =>
      anchors.map((a) => ({ name: a.textContent, href: a.getAttribute('href') })),
    );
    expect(links).toEqual([
      { name: 'MetaMask', href: `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Trust Wallet', href: `https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Rainbow', href: `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Uniswap Wallet', href: `https://uniswap.org/app/wc?uri=${encodeURIComponent(uri)}` },
    ]);
    // The QR code is not drawn until asked for, then shows the same URI.
    expect(await dialog.getByTestId('qr-code').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Show QR code' }).tap();
    await dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
    expect(await dialog.getByTestId('qr-code').getAttribute('data-content')).toBe(uri);
    // Nothing in the dialog makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The wallet app that opens the link pairs with exactly that URI.
    await phone.approve(await phone.pair(uri));
    await card.getByText('Connected').waitFor();
    expect(await card.getByTestId('account').allTextContents()).toEqual([TEST_ACCOUNTS[0].address]);
    expect(await dialog.count()).toBe(0);
  });

  it('remembers the wallet tapped and lists it first after a reload', async () => {
    const { page } = await openPhone();
    // Stands in for the wallet's universal link (the app, or its store page).
    await page.context().route(/^https:\/\/link\.trustwallet\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Trust Wallet</title>' }),
    );
    const card = page.getByTestId('card-walletconnect');
    await card.getByRole('button', { name: 'Connect' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Open in your wallet app' });
    const uri = (await dialog.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')) ?? '';
    await dialog.getByRole('link', { name: 'Trust Wallet' }).tap();
    await page.waitForURL(/^https:\/\/link\.trustwallet\.com\/wc\?/);
    expect(new URL(page.url()).searchParams.get('uri')).toBe(uri);
    await page.goto(server.url);
    await page.getByTestId('card-walletconnect').getByRole('button', { name: /^(Connect|Try again)$/ }).tap();
    const again = page.getByRole('dialog', { name: 'Open in your wallet app' });
    await again.getByRole('link', { name: 'Open in wallet app' }).waitFor();
    const names = await again.getByRole('listitem').allTextContents();
    expect(names).toEqual(['Trust Wallet (last used)', 'MetaMask', 'Rainbow', 'Uniswap Wallet']);
  });
});
