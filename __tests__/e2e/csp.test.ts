// The shipped Content-Security-Policy (scripts/csp.js) holds every flow of the app: each
// wallet kind connects (the fake extension, Coinbase through its pop-up and with the pop-up blocked,
// WalletConnect through the local relay), the chain is read, a name is shown, a message is signed and
// a transfer sent, with zero violations. The policy arrives as the static host sends it (the build's
// _headers, header) and in the page (<meta>). A control proves the listeners see a violation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { verifyMessage } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { blockNumber, TEST_ACCOUNTS } from '../support/anvil';
import {
  connect,
  continueWithoutExtension,
  sendTransfer,
  shownAccount,
  shownBalance,
  shownBlockNumber,
  shownError,
  waitForShownName,
  shownPairingUri,
  shownSignature,
  signMessage,
  startConnect,
  waitForOutcome,
  waitForStatus,
} from '../support/appDriver';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { serveCoinbaseKeys, type KeysServer } from '../../scripts/dev/coinbase/keysServer';
import { installFakeWallet } from '../support/fakeWallet';
import { freePort } from '../support/ports';
import { routeOrigin, routeRelay } from '../support/reroute';
import { trackTimers } from '../support/sdkTimers';
import { until } from '../support/wait';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { startWcRelay, type WcRelay } from '../../scripts/dev/walletconnect/relay';
import { createVerifyService, type VerifyService } from '../../scripts/dev/walletconnect/verify';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';

const timers = trackTimers();

// anvil's account 3: no other suite uses it, so its name and nonce are ours.
const OWNER = { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' };
const OWNER_NAME = 'policy.test';
const METAMASK = { uuid: '6a2f7c1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };

let browser: Browser;
let app: StaticServer;
let relay: WcRelay;
let keys: KeysServer;
let verify: VerifyService;
let restoreFetch: (() => void) | undefined;
let anvilUrl: string;
let distDir: string;
let baked: { relayPort: number; keysPort: number };
const contexts: BrowserContext[] = [];
const phones: SimulatedWallet[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  distDir = env.distDir;
  baked = { relayPort: env.relayPort, keysPort: env.keysPort };
  verify = createVerifyService();
  restoreFetch = verify.installInNode();
  [browser, app, relay, keys] = await Promise.all([
    launchChromium(),
    serveStatic(env.distDir),
    // Their own ports: other suites hold the baked-in ones (see support/reroute.ts).
    startWcRelay(),
    freePort().then((port) => serveCoinbaseKeys({ port, accounts: [OWNER.address.toLowerCase()], chains: { '31337': env.anvilUrl } })),
  ]);
  await deployEns(anvilUrl);
  await registerName(anvilUrl, OWNER_NAME, OWNER.address);
}, 60_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await Promise.all(phones.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  restoreFetch?.();
  await Promise.all([browser?.close(), app?.close(), relay?.close(), keys?.close()]);
  timers.clearAll();
}, 30_000);

interface Watched {
  page: Page;
  /** Every violation the app's pages reported (the event, and Chromium's console line), in order. */
  violations: string[];
}

/** A fresh context whose app pages report every CSP violation, as an event and as a console line. */
async function openWatched(setup: (context: BrowserContext) => Promise<unknown> = async () => undefined): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await verify.routeBrowser(context);
  await routeRelay(context, baked.relayPort, relay.url);
  await routeOrigin(context, baked.keysPort, keys.origin);
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await setup(context);
  const page = await context.newPage();
  const response = await page.goto(app.url);
  // The policy as a host that reads _headers sends it.
  expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
  return { page, violations };
}

describe('the shipped policy', () => {
  it('is in the build twice: a <meta> in the page, and a header rule in _headers for every path', () => {
    const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const headers = readFileSync(path.join(distDir, '_headers'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${meta}`);
    const directives = new Map(meta!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    // Avatars come from the configured image source only (ENS's metadata service by default, docs/behaviour.md §5.5).
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'https://metadata.ens.domains']);
    // Exactly the build's RPC endpoints, relay, Verify and the Coinbase link: the development chain of this build is one of them.
    expect(directives.get('connect-src')).toEqual(expect.arrayContaining(["'self'", anvilUrl, `ws://127.0.0.1:${baked.relayPort}`, 'https://verify.walletconnect.org', 'wss://www.walletlink.org']));
    expect(directives.get('frame-src')).toEqual(['https://verify.walletconnect.org', 'https://verify.walletconnect.com']);
    // Scripts only from the app: no inline script anywhere in the page.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('is enforced, and the listeners see what it blocks (the control for the tests below)', async () => {
    const { page, violations } = await openWatched();
    await waitForStatus(page, 'injected', 'Disconnected');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedByAnAttacker = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { injectedByAnAttacker?: boolean }).injectedByAnAttacker === true;
    });
    expect(ran).toBe(false);
    await until(() => violations.some((v) => v.startsWith('script-src-elem blocked inline')), { ms: 10_000, what: 'the blocked inline script to be reported' });
  });
});

describe('every flow under the shipped policy, zero violations', () => {
  it('the browser extension: connect, block and balance, the verified name, sign a message, send a transfer to confirmed', async () => {
    const { page, violations } = await openWatched((context) =>
      installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [OWNER.privateKey] }),
    );
    await connect(page, 'injected', { wallet: 'MetaMask' });
    expect(await shownAccount(page, 'injected')).toBe(OWNER.address);
    // The block shown is the chain's, read from it: never past its head.
    expect(await shownBlockNumber(page)).toBeLessThanOrEqual(await blockNumber(anvilUrl));
    expect(await shownBalance(page, 'injected')).toMatch(/ETH$/);
    await waitForShownName(page, OWNER_NAME);
    await signMessage(page, 'held to its own code');
    expect(verifyMessage('held to its own code', await shownSignature(page, 'message'))).toBe(OWNER.address);
    await sendTransfer(page, TEST_ACCOUNTS[1].address, '0.001');
    await waitForOutcome(page, 'transaction', 'confirmed', 30_000);
    expect(violations).toEqual([]);
  });

  it('Coinbase Wallet through its pop-up: connect and sign; with the pop-up blocked, its own snackbar styles are allowed', async () => {
    const { page, violations } = await openWatched();
    // The SDK connects on the first chain the app lists: the local one, whose reads this build can make offline.
    await startConnect(page, 'coinbase');
    let popupOpened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    let popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected');
    expect(await shownAccount(page, 'coinbase')).toBe(OWNER.address);
    expect(await shownBalance(page, 'coinbase')).toMatch(/ETH$/);
    popupOpened = page.waitForEvent('popup');
    await signMessage(page, 'signed in the pop-up');
    popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).click();
    expect(verifyMessage('signed in the pop-up', await shownSignature(page, 'message'))).toBe(OWNER.address);
    expect(violations).toEqual([]);

    // A browser that blocks the pop-up: the SDK inserts its snackbar (inline <style> of fixed text).
    const blocked = await openWatched((context) =>
      context.addInitScript(() => {
        window.open = () => null;
      }),
    );
    await startConnect(blocked.page, 'coinbase');
    await continueWithoutExtension(blocked.page);
    await waitForStatus(blocked.page, 'coinbase', 'Error');
    expect(await shownError(blocked.page, 'coinbase')).toMatch(/blocked the Coinbase Wallet window/);
    expect(blocked.violations).toEqual([]);
  });

  it('WalletConnect through the local relay, with the Verify frame: connect, balance, sign', async () => {
    const { page, violations } = await openWatched();
    const phone = await startSimulatedWallet({ relayUrl: relay.url, chains: [31337], rpcUrls: { 31337: anvilUrl }, privateKeys: [OWNER.privateKey] });
    phones.push(phone);
    await startConnect(page, 'walletconnect');
    await phone.approve(await phone.pair(await shownPairingUri(page)));
    await waitForStatus(page, 'walletconnect', 'Connected');
    expect(await shownAccount(page, 'walletconnect')).toBe(OWNER.address);
    expect(await shownBalance(page, 'walletconnect')).toMatch(/ETH$/);
    await signMessage(page, 'signed on the phone');
    expect(verifyMessage('signed on the phone', await shownSignature(page, 'message'))).toBe(OWNER.address);
    expect(violations).toEqual([]);
  });
});
