// WalletConnect on a phone: the production build in headless Chromium with touch emulation at 375 px,
// the real WalletConnect SDK and the local relay, a phone wallet simulated in the test process with
// the real sign client. On a phone the QR code is not what the user needs: the connect dialog's
// progress view leads with links that open a wallet app on the same device.
import { type BrowserContext, type Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { connectDialog, expectLayout, shownAccount, tapConnect, waitForStatus } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { tearDown } from '../support/lifecycle';
import { trackTimers } from '../support/sdkTimers';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';

const timers = trackTimers();

// Its own relay and Verify service on free ports; its contexts reach them at the build's baked-in URLs.
const suite = browserSuite({ wallets: true });
const wallets: SimulatedWallet[] = [];

afterEach(async () => {
  await Promise.allSettled(wallets.splice(0).map((w) => w.close()));
});

tearDown(() => [() => timers.clearAll()]);

async function openPhone(): Promise<{ page: Page; phone: SimulatedWallet; context: BrowserContext }> {
  // Wallet links must not leave the page in the test: newContext refuses any https navigation at once.
  const context = await suite.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  // What the WalletConnect progress shows, in order, from the first render on (a state may last milliseconds).
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { wcShown: string[] }).wcShown = shown;
    new MutationObserver(() => {
      const card = document.querySelector('[data-testid=connect-dialog] article[data-testid=card-walletconnect]');
      if (!card) return;
      const now = card.querySelector('[data-testid=qr-code]')
        ? 'QR code'
        : card.querySelector('[data-testid=open-in-wallet-app]')
          ? 'wallet links'
          : card.textContent?.includes('Getting a QR code')
            ? 'reaching WalletConnect'
            : undefined;
      if (now && shown.at(-1) !== now) shown.push(now);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const phone = await startSimulatedWallet({ relayUrl: suite.relay.url, chains: [31337, 1], rpcUrls: { 31337: suite.rpcUrls[31337]! } });
  wallets.push(phone);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return { page, phone, context };
}

const progress = (page: Page) => connectDialog(page).getByTestId('card-walletconnect').and(page.locator('article'));

describe('WalletConnect in the connect dialog on a phone (touch, 375 px)', () => {
  it('reaches WalletConnect first, then leads with wallet links carrying the pairing URI; the QR code is one tap away; the link connects', async () => {
    const { page, phone } = await openPhone();
    await tapConnect(page, 'walletconnect');
    const card = progress(page);
    const open = card.getByRole('link', { name: 'Open in wallet app' });
    await open.waitFor();

    expect(await page.evaluate(() => (window as unknown as { wcShown: string[] }).wcShown)).toEqual(['reaching WalletConnect', 'wallet links']);
    const uri = (await open.getAttribute('href')) ?? '';
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    const links = await card.getByRole('listitem').getByRole('link').evaluateAll((anchors) => anchors.map((a) => ({ name: a.textContent, href: a.getAttribute('href') })));
    expect(links).toEqual([
      { name: 'MetaMask', href: `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Trust Wallet', href: `https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Rainbow', href: `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}` },
      { name: 'Uniswap Wallet', href: `https://uniswap.org/app/wc?uri=${encodeURIComponent(uri)}` },
    ]);
    // Each wallet with its mark beside its name (issue 38).
    expect(await card.getByRole('listitem').getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.querySelector('svg[aria-hidden=true]')?.getAttribute('data-mark')))).toEqual([
      'metamask',
      'trust',
      'rainbow',
      'uniswap',
    ]);
    // "Show QR code" is centred under the centred links, as every button of the sheet.
    const centre = async (locator: typeof open) => {
      const box = (await locator.boundingBox())!;
      return Math.round(box.x + box.width / 2);
    };
    const middle = await centre(open);
    expect(Math.abs((await centre(card.getByRole('button', { name: 'Show QR code' }))) - middle)).toBeLessThanOrEqual(1);
    expect(Math.abs((await centre(card.getByRole('button', { name: 'Cancel' }))) - middle)).toBeLessThanOrEqual(1);
    // The QR code is not drawn until asked for, then shows the same URI.
    expect(await card.getByTestId('qr-code').count()).toBe(0);
    await card.getByRole('button', { name: 'Show QR code' }).tap();
    await card.getByTestId('qr-code').and(page.locator('[data-state=drawn]')).waitFor();
    expect(await card.getByTestId('qr-code').getAttribute('data-content')).toBe(uri);
    // Nothing in the dialog makes the page scroll sideways.
    await expectLayout(page);

    // The wallet app that opens the link pairs with exactly that URI.
    await phone.approve(await phone.pair(uri));
    await waitForStatus(page, 'walletconnect', 'Connected');
    expect(await shownAccount(page)).toBe(TEST_ACCOUNTS[0].address);
    await connectDialog(page).waitFor({ state: 'detached' });
  });

  it('remembers the wallet tapped and lists it first after a reload', async () => {
    const { page, context } = await openPhone();
    // Stands in for the wallet's universal link (the app, or its store page).
    await context.route(/^https:\/\/link\.trustwallet\.com\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Trust Wallet</title>' }));
    await tapConnect(page, 'walletconnect');
    const uri = (await progress(page).getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')) ?? '';
    await progress(page).getByRole('link', { name: 'Trust Wallet' }).tap();
    await page.waitForURL(/^https:\/\/link\.trustwallet\.com\/wc\?/);
    expect(new URL(page.url()).searchParams.get('uri')).toBe(uri);
    await page.goto(suite.server.url);
    await page.locator('[data-wallet-control]').waitFor();
    await tapConnect(page, 'walletconnect');
    const again = progress(page);
    await again.getByRole('link', { name: 'Open in wallet app' }).waitFor();
    const names = await again.getByRole('listitem').allTextContents();
    expect(names).toEqual(['Trust Wallet (last used)', 'MetaMask', 'Rainbow', 'Uniswap Wallet']);
  });
});
