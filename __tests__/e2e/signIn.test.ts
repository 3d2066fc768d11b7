// Sign-In with Ethereum in real Chromium (docs/behaviour.md §13): what no saga or DOM test can show.
// The app is built for this file with WALLETDECK_SIGN_IN_URL naming the reference backend
// (server/siwe), which the file runs on that port against the run's anvil; the browser keeps the
// backend's real HttpOnly, Secure, SameSite=Strict cookie across two ports of 127.0.0.1, its tabs talk
// over a real BroadcastChannel, and the wallets are the harness's: the browser-extension wallet, a
// WalletConnect phone wallet in this process (over the suite's relay) and the development Coinbase
// keys popup. One page (and its tabs) goes through the extension's cases in order, each leaving the
// state the next starts from. (Playwright's Chromium blocks no popup: whether a real browser lets the
// SDK open its window for the signature without a click is not seen here.)
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { getBytes } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { parseSiweMessage } from 'viem/siwe';
import type { RunningSiweServer } from '../../server/siwe/server';
import { TEST_ACCOUNTS } from '../support/anvil';
import { closeDialogs, connect, continueWithoutExtension, disconnect, expectLayout, firstScreenComplete, openAccountMenu, resizeViewport, shownPairingUri, startConnect, waitForStatus } from '../support/appDriver';
import { axeViolations } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { setUp, tearDown, WAIT_MS } from '../support/lifecycle';
import { freePort } from '../support/ports';
import { trackTimers } from '../support/sdkTimers';
import { untilAsync } from '../support/wait';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';
import { STATEMENT, startBackend, tempFolder, testConfig } from '../siwe/backend';

const ROOT = path.resolve(__dirname, '../..');
const [ALICE, BOB, CAROL] = TEST_ACCOUNTS.map((account) => account.address) as [string, string, string];
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const timers = trackTimers();
let folder: ReturnType<typeof tempFolder>;
let backendPort: number;
let backend: RunningSiweServer | undefined;
let build: ChildProcess | undefined;
let built: Promise<string>;

/** `webpack --mode production` with the run's baked-in settings and the sign-in backend's URL. */
function buildWithSignIn(signInUrl: string, outDir: string): Promise<string> {
  const env = e2eEnv();
  return new Promise((resolve, reject) => {
    let stderr = '';
    build = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        WALLETDECK_OUT_DIR: outDir,
        WALLETDECK_DEV_CHAIN_URL: env.anvilUrl,
        WALLETCONNECT_RELAY_URL: env.relayUrl,
        WALLETCONNECT_PROJECT_ID: 'walletdeck-e2e',
        COINBASE_KEYS_URL: env.keysUrl,
        WALLETDECK_SIGN_IN_URL: signInUrl,
      },
    });
    build.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-16_000)));
    build.once('error', reject);
    build.once('close', (code) => (code === 0 ? resolve(outDir) : reject(new Error(`the sign-in build failed (exit code ${code}):\n${stderr}`))));
  });
}

// Before the suite's own set-up, which serves this build once it is made (Chromium and the relay start meanwhile).
setUp(async () => {
  folder = tempFolder();
  backendPort = await freePort();
  built = buildWithSignIn(`http://127.0.0.1:${backendPort}`, path.join(folder.path, 'dist'));
  // Awaited by the suite's set-up; a failure there is the one reported.
  built.catch(() => undefined);
});
const suite = browserSuite({ wallets: true, distDir: () => built });

/** The backend on its port, for the app's origin, checking signatures against the run's anvil; its store survives a restart. */
async function startSignInBackend(): Promise<RunningSiweServer> {
  const config = testConfig({ port: backendPort, allowedOrigins: [suite.server.url], chains: { 31337: e2eEnv().anvilUrl, 1: e2eEnv().anvilUrl }, storePath: path.join(folder.path, 'store.sqlite') });
  return startBackend(config);
}

setUp(async () => {
  backend = await startSignInBackend();
});
tearDown(() => [() => timers.clearAll(), backend, () => build?.kill(), () => folder?.remove()]);

/** The header's sign-in, once it shows `status` (and, when given, `text`). */
async function signInShows(page: Page, status: string, text?: string): Promise<void> {
  const shown = page.locator(`[data-testid=sign-in][data-status=${status}]`);
  await (text === undefined ? shown : shown.filter({ hasText: text })).waitFor();
}

/** The header with its sign-in fits at 320 and 375 px (a mark there, the words read out only); back to 1280 px after. */
async function fitsOnPhones(page: Page): Promise<void> {
  for (const width of [320, 375]) {
    await resizeViewport(page, { width, height: 740 });
    await expectLayout(page);
  }
  await resizeViewport(page, { width: 1280, height: 800 });
}

/** What the page asked the backend, as `METHOD /path` (the browser's own CORS preflights are not requests of the app). */
function backendRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  const origin = `http://127.0.0.1:${backendPort}`;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && request.method() !== 'OPTIONS') seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

/** The scripts a page loaded, by chunk name. */
function loadedScripts(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const match = /\/js\/([^./]+)\.[^/]+\.js$/.exec(request.url());
    if (match) seen.push(match[1] as string);
  });
  return seen;
}

/** The backend's session cookie as the browser keeps it. */
async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(`http://127.0.0.1:${backendPort}`)).find((cookie) => cookie.name === 'siwe_session');
}

describe('with the browser-extension wallet, one page through every case', () => {
  let context: BrowserContext;
  let wallet: FakeWallet;
  let page: Page;
  let requests: string[];
  let scripts: string[];
  const signatures = () => wallet.requests('personal_sign');

  setUp(async () => {
    // Not the suite's per-test context: the cases below go on from each other's state.
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(WAIT_MS);
    // An extension without wallet_revokePermissions: a Disconnect in one tab leaves the wallet connected in the other.
    wallet = await installFakeWallet(context, {
      rpcUrls: suite.rpcUrls,
      knownChainIds: [31337, 1],
      privateKeys: TEST_ACCOUNTS.slice(0, 3).map((account) => account.privateKey),
      supportsRevoke: false,
    });
    requests = backendRequests(context);
    scripts = loadedScripts(context);
    page = await context.newPage();
  });
  tearDown(() => [context]);

  it('a first visit loads no sign-in code; Connect brings it and one signature of a message written from the page signs in, with the session in a cookie', async () => {
    await page.goto(suite.server.url);
    await firstScreenComplete(page);
    expect([...scripts].sort()).toEqual(['main', 'vendor']);
    expect(requests).toEqual([]);

    await connect(page, 'injected');
    await signInShows(page, 'signedIn', `Signed in as ${short(ALICE)}`);
    expect(scripts).toContain('signin');
    expect(signatures()).toHaveLength(1);
    const [hex, signer] = signatures()[0]!.params as [string, string];
    const text = new TextDecoder().decode(getBytes(hex));
    const message = parseSiweMessage(text);
    const app = new URL(suite.server.url);
    expect([message.domain, message.uri, message.scheme, message.chainId, message.statement, message.address?.toLowerCase(), signer.toLowerCase()]).toEqual([
      app.host,
      `${app.origin}/`,
      'http',
      31337,
      STATEMENT,
      ALICE.toLowerCase(),
      ALICE.toLowerCase(),
    ]);
    // The first nonce was for a sign-in within the connect's approval (ERC-7846 wallet_connect), which this
    // extension does not know (4200): the usual sign-in followed the connect.
    expect(wallet.requests('wallet_connect')).toHaveLength(1);
    expect(requests).toEqual(['GET /nonce', 'GET /session', 'GET /nonce', 'POST /verify', 'GET /session']);
    // The browser kept the backend's cookie on a plain-http 127.0.0.1 (another port: the same site), out of the page's reach.
    expect(await sessionCookie(context)).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await fitsOnPhones(page);
  });

  it('another account without a session shows "Sign in as …" and asks nothing; once signed, switching back needs no signature', async () => {
    await wallet.selectAccount(BOB);
    await signInShows(page, 'signedOut');
    expect(await page.getByTestId('sign-in-action').innerText()).toBe(`Sign in as ${short(BOB)}`);
    expect(signatures()).toHaveLength(1);

    await page.getByTestId('sign-in-action').click();
    await signInShows(page, 'signedIn', `Signed in as ${short(BOB)}`);
    expect(signatures()).toHaveLength(2);

    await wallet.selectAccount(ALICE);
    await signInShows(page, 'signedIn', `Signed in as ${short(ALICE)}`);
    expect(signatures()).toHaveLength(2);
  });

  it('a chain switch in the wallet keeps the session: no signature, no request to the backend', async () => {
    const before = requests.length;
    await wallet.switchChain(1);
    await page.getByTestId('network-button').getByTestId('chain').filter({ hasText: 'Ethereum' }).waitFor();
    await signInShows(page, 'signedIn', `Signed in as ${short(ALICE)}`);
    expect(requests.slice(before)).toEqual([]);
    await wallet.switchChain(31337);
    await page.getByTestId('network-button').getByTestId('chain').filter({ hasText: 'Local development chain' }).waitFor();
    expect([signatures().length, requests.slice(before), await page.getByTestId('sign-in').getAttribute('data-status')]).toEqual([2, [], 'signedIn']);
  });

  it('a decline is "declined" with "Sign in", after one prompt', async () => {
    wallet.approval = 'reject';
    await wallet.selectAccount(CAROL);
    await signInShows(page, 'signedOut');
    await page.getByTestId('sign-in-action').click();
    await signInShows(page, 'declined', 'You declined to sign in.');
    expect(await page.getByTestId('sign-in-action').innerText()).toBe('Sign in');
    expect(signatures()).toHaveLength(3);
  });

  it('the backend down: "unreachable" with Retry and no prompt; back up, Retry signs in', async () => {
    await backend?.close();
    backend = undefined;
    wallet.approval = 'approve';
    await page.getByTestId('sign-in-action').click();
    await signInShows(page, 'unreachable', "The sign-in service can't be reached.");
    expect(await page.getByTestId('sign-in-action').innerText()).toBe('Retry');
    expect(await axeViolations(page)).toEqual([]);
    await fitsOnPhones(page);
    // On a phone the header's mark says sign-in waits for the user; the account menu has the words and the action.
    await resizeViewport(page, { width: 375, height: 740 });
    expect([await page.getByTestId('sign-in-action').isVisible(), await page.getByTestId('sign-in').locator('.sign-in-mark').isVisible()]).toEqual([false, true]);
    const menu = await openAccountMenu(page);
    expect(await menu.getByTestId('menu-sign-in').locator('p').innerText()).toBe("The sign-in service can't be reached.");
    await menu.getByTestId('menu-sign-in-action').filter({ hasText: 'Retry' }).waitFor();
    await closeDialogs(page);
    await resizeViewport(page, { width: 1280, height: 800 });
    // Nothing asked the wallet since the decline: no loop, and no signature without a backend.
    expect(signatures()).toHaveLength(3);

    backend = await startSignInBackend();
    await page.getByTestId('sign-in-action').click();
    await signInShows(page, 'signedIn', `Signed in as ${short(CAROL)}`);
    expect(signatures()).toHaveLength(4);
  });

  it('two tabs: a Disconnect in one signs that account out at the backend, and the other tab, still connected, follows', async () => {
    const other = await context.newPage();
    await other.goto(suite.server.url);
    await waitForStatus(other, 'injected', 'Connected');
    await signInShows(other, 'signedIn', `Signed in as ${short(CAROL)}`);

    const before = requests.length;
    await disconnect(page, 'injected');
    await page.getByTestId('sign-in').waitFor({ state: 'detached' });
    await signInShows(other, 'signedOut');
    expect(await other.getByTestId('sign-in-action').innerText()).toBe(`Sign in as ${short(CAROL)}`);
    expect(requests.slice(before)).toEqual(['POST /signout', 'GET /session']);
    expect(await sessionCookie(context)).toBeDefined();
  });
});

describe('one approval where the wallet can (docs/behaviour.md §13.8)', () => {
  const phones: SimulatedWallet[] = [];
  afterEach(async () => {
    await Promise.allSettled(phones.splice(0).map((phone) => phone.close()));
  });

  it('an extension with ERC-7846 wallet_connect: the one approval connects and signs in, and the backend checks that signature', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    const wallet = await installFakeWallet(context, { rpcUrls: suite.rpcUrls, knownChainIds: [31337, 1], signsInAtConnect: true });
    const requests = backendRequests(context);
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await connect(page, 'injected');
    await signInShows(page, 'signedIn', `Signed in as ${short(ALICE)}`);
    expect([wallet.requests('wallet_connect').length, wallet.requests('personal_sign').length]).toEqual([1, 0]);
    expect(requests).toEqual(['GET /nonce', 'POST /verify', 'GET /session']);
    expect(await sessionCookie(context)).toMatchObject({ httpOnly: true });
  });

  it("WalletConnect one-click auth: one approval on the phone pairs, connects and signs in, with the session's methods in its ReCap", async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    const requests = backendRequests(context);
    const phone = await startSimulatedWallet({ relayUrl: suite.relay.url, chains: [31337, 1], rpcUrls: { 31337: e2eEnv().anvilUrl }, oneClickAuth: true });
    phones.push(phone);
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await startConnect(page, 'walletconnect');
    // The connect dialog says the one approval signs in too.
    expect(await page.getByTestId('signs-in-too').innerText()).toBe('The same approval signs you in to this site.');
    const asked = await phone.pairAuthenticate(await shownPairingUri(page));
    const app = new URL(suite.server.url);
    expect([asked.params.authPayload.domain, asked.params.authPayload.aud, asked.params.authPayload.statement]).toEqual([app.host, `${app.origin}/`, STATEMENT]);
    const { message } = await phone.approveAuthenticate(asked);
    await waitForStatus(page, 'walletconnect', 'Connected');
    await signInShows(page, 'signedIn', `Signed in as ${short(phone.accounts[0]!)}`);
    expect(phone.requests.filter((request) => request.params.request.method === 'personal_sign')).toHaveLength(0);
    expect(requests).toEqual(['GET /nonce', 'POST /verify', 'GET /session']);
    // What the phone showed and signed: the app's statement, then the ReCap of what the session may ask.
    const statement = parseSiweMessage(message).statement ?? '';
    expect([statement.startsWith(`${STATEMENT} I further authorize the stated URI to perform the following actions on my behalf: `), statement.includes("'personal_sign'")]).toEqual([true, true]);
  });
});

describe('wallets that connect, then sign (two approvals; a pop-up wallet\'s second needs a click)', () => {
  const phones: SimulatedWallet[] = [];
  afterEach(async () => {
    await Promise.allSettled(phones.splice(0).map((phone) => phone.close()));
  });

  it('WalletConnect: the phone approves the session, then signs the one message, and the page is signed in', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    const phone = await startSimulatedWallet({ relayUrl: suite.relay.url, chains: [31337, 1], rpcUrls: { 31337: e2eEnv().anvilUrl } });
    phones.push(phone);
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await startConnect(page, 'walletconnect');
    await phone.approve(await phone.pair(await shownPairingUri(page)));
    await waitForStatus(page, 'walletconnect', 'Connected');
    await signInShows(page, 'signedIn', `Signed in as ${short(phone.accounts[0]!)}`);
    expect(phone.requests.filter((request) => request.params.request.method === 'personal_sign')).toHaveLength(1);
  });

  it('Coinbase Wallet in a pop-up, where the browser opens a window only within a click: connected, then "Sign in as …", whose click opens the signature\'s window', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    // Headless Chromium lets every window.open through. A user's browser opens one window per click
    // (opening it consumes the click's transient activation, which lasts seconds) and answers null to
    // any other: that blocker, in the page, before its scripts.
    await context.addInitScript(() => {
      let consumed = false;
      for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, (event) => event.isTrusted && (consumed = false), true);
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        if (consumed || !navigator.userActivation.isActive) return null;
        consumed = true;
        return open(...args);
      };
    });
    const page = await context.newPage();
    const popups: Page[] = [];
    page.on('popup', (popup) => popups.push(popup));
    await page.goto(suite.server.url);
    await startConnect(page, 'coinbase');
    await continueWithoutExtension(page);
    const first = await untilAsync(async () => popups.find((p) => !p.isClosed()), { what: 'the Coinbase window of the click' });
    await first.getByTestId('method').filter({ hasText: /^eth_requestAccounts$/ }).waitFor();
    await first.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected');
    // No signature asked by itself (its window would be blocked): one click, said as an offer, not a failure.
    await signInShows(page, 'signedOut');
    expect(await page.getByTestId('sign-in-action').innerText()).toBe(`Sign in as ${short(ALICE)}`);
    expect(popups.filter((p) => p !== first)).toHaveLength(0);
    await page.getByTestId('sign-in-action').click();
    const second = await untilAsync(async () => popups.find((p) => p !== first && !p.isClosed()), { what: "the signature's Coinbase window" });
    await second.getByTestId('method').filter({ hasText: /^personal_sign$/ }).waitFor();
    await second.getByRole('button', { name: 'Approve' }).click();
    await signInShows(page, 'signedIn', `Signed in as ${short(ALICE)}`);
  });
});
