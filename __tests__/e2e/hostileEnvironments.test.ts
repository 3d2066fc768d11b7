// docs/behaviour.md §12 in real Chromium against the production build: each hostile environment in a fresh
// context, and in each what the user sees and that the rest of the app works (connect, read, sign).
// The hostile changes apply to the app's origin only, so the wallets' own pages (the Coinbase keys
// popup) stay as they are. The app is driven through support/appDriver.ts only.
import http from 'node:http';
import { verifyMessage } from 'ethers';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { blockNumber, TEST_ACCOUNTS } from '../support/anvil';
import {
  canConnect,
  connect,
  continueWithoutExtension,
  environmentNotice,
  failedParts,
  kindLimitation,
  reloadFromFailure,
  shownAccount,
  shownBalance,
  shownBlockNumber,
  shownPairingUri,
  shownSignature,
  signMessage,
  startConnect,
  waitForOutcome,
  waitForStatus,
  type AppSurface,
} from '../support/appDriver';
import { launchChromium } from '../support/browser';
import { freePort } from '../support/ports';
import { e2eEnv } from '../support/e2eEnv';
import { serveCoinbaseKeys, type KeysServer } from '../../scripts/dev/coinbase/keysServer';
import { installFakeWallet } from '../support/fakeWallet';
import { routeOrigin, routeRelay } from '../support/reroute';
import { trackTimers } from '../support/sdkTimers';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { startWcRelay, type WcRelay } from '../../scripts/dev/walletconnect/relay';
import { createVerifyService, type VerifyService } from '../../scripts/dev/walletconnect/verify';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';

const timers = trackTimers();

const ACCOUNT = TEST_ACCOUNTS[0];
const METAMASK = { uuid: '4d1b2c3a-7e6f-4a5b-9c8d-0e1f2a3b4c5d', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };

let browser: Browser;
let app: StaticServer;
let framer: http.Server | undefined;
let framerUrl: string;
let relay: WcRelay;
let verify: VerifyService;
let keys: KeysServer;
let restoreFetch: (() => void) | undefined;
let anvilUrl: string;
let baked: { relayPort: number; keysPort: number };
const contexts: BrowserContext[] = [];
const phones: SimulatedWallet[] = [];

/** Another site (another origin: its own port) that frames the app in `<iframe sandbox="allow-scripts">`. */
function serveFramer(appUrl: string): Promise<string> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Another site</title></head><body>
<h1>Another site</h1><iframe title="Walletdeck" sandbox="allow-scripts" src="${appUrl}/" width="1200" height="1600"></iframe></body></html>`;
  framer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) => framer!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(framer!.address() as { port: number }).port}`)));
}

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  baked = { relayPort: env.relayPort, keysPort: env.keysPort };
  verify = createVerifyService();
  restoreFetch = verify.installInNode();
  [browser, app, relay, keys] = await Promise.all([
    launchChromium(),
    serveStatic(env.distDir),
    // Their own ports: other suites hold the baked-in ones (see support/reroute.ts).
    startWcRelay(),
    freePort().then((port) => serveCoinbaseKeys({ port, accounts: [ACCOUNT.address.toLowerCase()], chains: { '31337': env.anvilUrl } })),
  ]);
  framerUrl = await serveFramer(app.url);
}, 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await Promise.all(phones.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  restoreFetch?.();
  await Promise.all([
    browser?.close(),
    app?.close(),
    relay?.close(),
    keys?.close(),
    new Promise<void>((done) => (framer ? (framer.closeAllConnections(), framer.close(() => done())) : done())),
  ]);
  timers.clearAll();
}, 30_000);

/**
 * A fresh context with the fake extension wallet announcing itself (EIP-6963) and `hostile` run
 * before the app's own code in every document of the app's origin.
 */
async function openContext(hostile?: (appOrigin: string) => void, options: { wallet?: 'announced' | 'none' } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await verify.routeBrowser(context);
  await routeRelay(context, baked.relayPort, relay.url);
  await routeOrigin(context, baked.keysPort, keys.origin);
  if (hostile) await context.addInitScript(hostile, app.url);
  if (options.wallet !== 'none') await installFakeWallet(context, { announce: METAMASK, setGlobal: false, rpcUrls: { 31337: anvilUrl } });
  return context;
}

async function openApp(hostile?: (appOrigin: string) => void, options: { wallet?: 'announced' | 'none' } = {}): Promise<Page> {
  const context = await openContext(hostile, options);
  const page = await context.newPage();
  await page.goto(app.url);
  return page;
}

/** The browser-extension kind connects, the page reads the chain, and a signature is the account's. */
async function connectReadSign(page: AppSurface): Promise<void> {
  await connect(page, 'injected', { wallet: 'MetaMask' });
  expect(await shownAccount(page, 'injected')).toBe(ACCOUNT.address);
  // The block shown is the chain's, read from it: never past its head.
  expect(await shownBlockNumber(page)).toBeLessThanOrEqual(await blockNumber(anvilUrl));
  expect(await shownBalance(page, 'injected')).toMatch(/ETH$/);
  await signMessage(page, 'hostile but calm');
  expect(verifyMessage('hostile but calm', await shownSignature(page, 'message'))).toBe(ACCOUNT.address);
}

/** A phone wallet pairs through the local relay and approves: Connected. */
async function connectPhone(page: AppSurface): Promise<SimulatedWallet> {
  const phone = await startSimulatedWallet({ relayUrl: relay.url, chains: [31337], rpcUrls: { 31337: anvilUrl } });
  phones.push(phone);
  await startConnect(page, 'walletconnect');
  await phone.approve(await phone.pair(await shownPairingUri(page)));
  await waitForStatus(page, 'walletconnect', 'Connected');
  return phone;
}

const STORAGE_REFUSED = /This browser will not remember your wallet/;

describe('storage refused', () => {
  it('reading localStorage throws: the page says once that nothing is remembered, everything works, a WalletConnect session lasts until reload', async () => {
    const page = await openApp((appOrigin) => {
      if (location.origin !== new URL(appOrigin).origin) return;
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const notice = await environmentNotice(page);
    expect(notice).toMatch(STORAGE_REFUSED);
    expect(await kindLimitation(page, 'walletconnect')).toMatch(/until you reload this page/);
    await connectReadSign(page);

    await connectPhone(page);
    expect(await shownAccount(page, 'walletconnect')).toBe(ACCOUNT.address);
    // Kept in memory only, as the page said: a reload ends it, calmly.
    await page.reload();
    expect(await environmentNotice(page)).toMatch(STORAGE_REFUSED);
    await waitForStatus(page, 'walletconnect', 'Disconnected');
  });

  it("every storage call throws: the same notice, and Coinbase Wallet's pop-up connects (its SDK keeps its keys in the page's memory)", async () => {
    const page = await openApp((appOrigin) => {
      if (location.origin !== new URL(appOrigin).origin) return;
      const refuse = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      for (const method of ['getItem', 'setItem', 'removeItem', 'key', 'clear'] as const) Storage.prototype[method] = refuse;
      Object.defineProperty(Storage.prototype, 'length', { get: refuse });
    });
    expect(await environmentNotice(page)).toMatch(STORAGE_REFUSED);
    await connectReadSign(page);

    await startConnect(page, 'coinbase');
    const popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected');
    expect(await shownAccount(page, 'coinbase')).toBe(ACCOUNT.address);
  });

  it('the app framed by another site in <iframe sandbox="allow-scripts"> starts, says nothing is remembered, and works', async () => {
    const context = await openContext();
    const page = await context.newPage();
    // 'load' waits for the frame's own load.
    await page.goto(framerUrl);
    const appFrame: Frame | undefined = page.frames().find((f) => f.url().startsWith(app.url));
    if (!appFrame) throw new Error(`the app frame never loaded: ${page.frames().map((f) => f.url()).join(', ')}`);
    // The real thing, not a stand-in: this frame's origin is opaque and its storage refused.
    expect(await appFrame.evaluate(() => [window.origin, (() => { try { return typeof localStorage; } catch (error) { return (error as Error).name; } })()])).toEqual(['null', 'SecurityError']);
    expect(await environmentNotice(appFrame)).toMatch(STORAGE_REFUSED);
    await connectReadSign(appFrame);
  });
});

describe('window.ethereum that throws when read', () => {
  const throwingEthereum = (appOrigin: string) => {
    if (location.origin !== new URL(appOrigin).origin) return;
    Object.defineProperty(window, 'ethereum', {
      configurable: false,
      get() {
        throw new TypeError('Cannot redefine property: ethereum');
      },
    });
  };

  it('beside an EIP-6963 wallet: that wallet connects, reads and signs, and nothing needs saying', async () => {
    const page = await openApp(throwingEthereum);
    expect(await environmentNotice(page)).toBeUndefined();
    await connectReadSign(page);
  });

  it('alone: the browser-wallet kind is unavailable with the reason, and WalletConnect connects and reads', async () => {
    const page = await openApp(throwingEthereum, { wallet: 'none' });
    expect(await kindLimitation(page, 'injected')).toMatch(/^Browser wallet: Your browser wallet cannot be reached: another extension in this browser is blocking it/);
    expect(await canConnect(page, 'injected')).toBe(false);
    expect(await canConnect(page, 'coinbase')).toBe(true);
    await connectPhone(page);
    expect(await shownAccount(page, 'walletconnect')).toBe(ACCOUNT.address);
    expect(await shownBalance(page, 'walletconnect')).toMatch(/ETH$/);
  });
});

describe('no IndexedDB (a private window)', () => {
  it('WalletConnect connects through the relay and its session survives a reload (it lives in site storage, never IndexedDB)', async () => {
    const page = await openApp((appOrigin) => {
      if (location.origin !== new URL(appOrigin).origin) return;
      Object.defineProperty(window, 'indexedDB', { get: () => undefined, configurable: true });
      Object.defineProperty(window, 'IDBFactory', { value: undefined, configurable: true });
    });
    expect(await page.evaluate(() => window.indexedDB)).toBeUndefined();
    expect(await environmentNotice(page)).toBeUndefined();
    await connectPhone(page);
    expect(await shownAccount(page, 'walletconnect')).toBe(ACCOUNT.address);
    expect(await shownBalance(page, 'walletconnect')).toMatch(/ETH$/);
    await signMessage(page, 'no IndexedDB');
    await waitForOutcome(page, 'message', 'signed');
    await page.reload();
    await waitForStatus(page, 'walletconnect', 'Connected');
  });
});

describe('no web crypto and no BroadcastChannel (a plain http page, an older browser)', () => {
  it('Coinbase Wallet says it needs a secure page; WalletConnect and the browser wallet connect, read and sign', async () => {
    const page = await openApp((appOrigin) => {
      if (location.origin !== new URL(appOrigin).origin) return;
      Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined, configurable: true });
      Object.defineProperty(Crypto.prototype, 'randomUUID', { value: undefined, configurable: true });
      Object.defineProperty(window, 'BroadcastChannel', { value: undefined, configurable: true });
    });
    expect(await page.evaluate(() => [typeof crypto.subtle, typeof crypto.randomUUID, typeof BroadcastChannel])).toEqual(['undefined', 'undefined', 'undefined']);
    expect(await kindLimitation(page, 'coinbase')).toMatch(/^Coinbase Wallet: Coinbase Wallet can only open its pop-up or reach the mobile app on a secure \(https\) page/);
    expect(await canConnect(page, 'coinbase')).toBe(false);
    await connectReadSign(page);
    await connectPhone(page);
    await signMessage(page, 'signed by the phone');
    await waitForOutcome(page, 'message', 'signed');
  });
});

describe('a later chunk that answers 404 (a deploy replaced the chunk names)', () => {
  it('the signing panel says so with Reload where it would be; connect and read work; Reload brings it back', async () => {
    const context = await openContext();
    const missing = /\/js\/signing\.[0-9a-f]+\.js$/;
    await context.route(missing, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const page = await context.newPage();
    await page.goto(app.url);
    await connect(page, 'injected', { wallet: 'MetaMask' });
    expect(await shownAccount(page, 'injected')).toBe(ACCOUNT.address);
    expect(await shownBalance(page, 'injected')).toMatch(/ETH$/);
    const section = page.getByTestId('sign-section');
    const open = section.getByRole('button', { name: 'Open', exact: true });
    if ((await open.count()) > 0) await open.click();
    const failed = await failedParts(page);
    expect(failed.some((text) => /^The signing panel could not be downloaded: the network may have dropped, or the site was updated meanwhile/.test(text))).toBe(true);
    expect(failed.join(' ')).toMatch(/Reason: Loading chunk \S+ failed\. \(error: http:\/\/127\.0\.0\.1:\d+\/js\/signing\.[0-9a-f]+\.js\)/);

    await context.unroute(missing);
    await reloadFromFailure(page);
    await waitForStatus(page, 'injected', 'Connected');
    await signMessage(page, 'after the reload');
    expect(verifyMessage('after the reload', await shownSignature(page, 'message'))).toBe(ACCOUNT.address);
  });
});
