// The development wallets of `npm start`, each driven through the app as a newcomer would: connect,
// sign, send, reject. npm start's own set-up, through the functions scripts/start.js uses (a real
// anvil with its names, the wallets' servers, the development server built with their settings), on
// free ports; the app driven only through the app driver, the wallets through their own pages.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Wallet, getAddress, verifyMessage } from 'ethers';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SignClient } from '@walletconnect/sign-client';
import { formatMessage, getSdkError } from '@walletconnect/utils';
import { gatewayEnv, setupDevChain } from '../../scripts/devchain';
import { planDevWallets, startDevWallets, waitForApp, type DevWallets } from '../../scripts/dev/devWallets';
import { rpc, startAnvil, type Anvil } from '../support/anvil';
import { MemoryKeyValueStorage, releaseCore } from '../support/wcWallet';
import {
  connectDialog,
  continueWithoutExtension,
  copyPairingLink,
  openSigning,
  pairingLink,
  popupFrom,
  sendTransfer,
  shownAccount,
  shownSignature,
  signMessage,
  startConnect,
  switchChain,
  waitForDeclined,
  waitForOutcome,
  waitForStatus,
} from '../support/appDriver';
import { injectAxe } from '../support/axe';
import { launchChromium } from '../support/browser';
import { timeoutsSetBy } from '../support/sdkTimers';
import { freePort } from '../support/ports';

// A development build is large and this machine is shared: generous limits, no timing asserted.
jest.setTimeout(180_000);
const STEP_MS = 30_000;

const root = path.resolve(__dirname, '../..');

let anvil: Anvil | undefined;
/** The local names gateway that setupDevChain starts (and `npm start` keeps running). */
let gateway: Awaited<ReturnType<typeof setupDevChain>>['gateway'];
let wallets: DevWallets | undefined;
let devServer: ChildProcess | undefined;
let devServerLog = '';
let browser: Browser | undefined;
let appUrl = '';
/** The local chain's test accounts, as the wallets offer them. */
let ACCOUNTS: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 });
  ({ gateway } = await setupDevChain(anvil.url));
  ACCOUNTS = (await rpc<string[]>(anvil.url, 'eth_accounts')).map((address) => getAddress(address));
  const [appPort, phonePort, coinbasePort] = [await freePort(), await freePort(), await freePort()];
  wallets = await startDevWallets(
    planDevWallets({ PORT: String(appPort), WALLETDECK_DEV_PHONE_PORT: String(phonePort), WALLETDECK_DEV_COINBASE_PORT: String(coinbasePort) }),
    anvil.url,
  );
  // As scripts/start.js starts the development server.
  devServer = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...gatewayEnv(gateway), ...process.env, PORT: String(appPort), WALLETDECK_DEV_CHAIN_URL: anvil.url, ...wallets.env },
  });
  appUrl = `http://127.0.0.1:${appPort}`;
  // The server says which address it listens on once it has it: an answer at appUrl before that line
  // is some other server's (a port lost to another), not the app.
  let listening = false;
  devServer.stderr?.on('data', (chunk: Buffer) => {
    devServerLog = (devServerLog + chunk.toString()).slice(-4000);
    listening ||= devServerLog.includes(`Loopback: ${appUrl}/`);
  });
  const served = await Promise.race([waitForApp(appUrl, 400_000), new Promise<false>((resolve) => devServer?.once('exit', () => resolve(false)))]);
  if (!served) throw new Error(`the development server did not serve the app:\n${devServerLog}`);
  if (!listening) throw new Error(`something else answers at ${appUrl}, not the development server:\n${devServerLog}`);
  browser = await launchChromium();
}, 480_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  if (devServer && devServer.exitCode === null) {
    const exited = new Promise((resolve) => devServer?.once('exit', resolve));
    devServer.kill('SIGTERM');
    await exited;
  }
  await wallets?.close();
  await gateway?.stop();
  await anvil?.stop();
}, 60_000);

async function newContext(): Promise<BrowserContext> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(STEP_MS);
  return context;
}

async function openApp(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(appUrl);
  return page;
}


/** axe-core's violations in light and dark, in `scope` (a selector path into shadow roots) or the whole page. */
async function axeInBothSchemes(page: Page, scope?: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  await injectAxe(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found[colorScheme] = await page.evaluate(async (include) => {
      type Result = { violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<Result> } }).axe;
      const { violations } = await axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] });
      return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${JSON.stringify(n.target)}`));
    }, scope ?? null);
  }
  return found;
}

/** Presses Tab until the focused element (inside shadow roots too) is the button named `name`. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 12; i += 1) {
    const focused = await page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active instanceof HTMLButtonElement ? active.textContent : null;
    });
    if (focused === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

const balanceOf = async (address: string) => BigInt(await rpc<string>(anvil!.url, 'eth_getBalance', [address, 'latest']));

describe('the browser-extension wallet ("Development wallet")', () => {
  /** Its window in the page, outside the app. */
  const prompt = (page: Page): Locator => page.locator('#walletdeck-dev-wallet').getByRole('dialog');

  it('connects with the account picked in its prompt, signs, sends, and a rejection is declined', async () => {
    const page = await openApp(await newContext());
    await startConnect(page, 'injected', { wallet: 'Development wallet' });
    await prompt(page).getByRole('heading', { name: 'Connect to this site?' }).waitFor();
    expect(await prompt(page).getByText(appUrl, { exact: true }).count()).toBe(1);
    await prompt(page).getByLabel('Account').selectOption(ACCOUNTS[1]!);
    await prompt(page).getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'injected', 'Connected', STEP_MS);
    expect(await shownAccount(page, 'injected')).toBe(ACCOUNTS[1]);

    await signMessage(page, 'Hello from the development wallet');
    await prompt(page).getByRole('heading', { name: 'Sign this message?' }).waitFor();
    expect(await prompt(page).getByText('Hello from the development wallet', { exact: true }).count()).toBe(1);
    await prompt(page).getByRole('button', { name: 'Approve' }).click();
    expect(verifyMessage('Hello from the development wallet', await shownSignature(page, 'message'))).toBe(ACCOUNTS[1]);

    const recipient = Wallet.createRandom().address;
    await sendTransfer(page, recipient, '0.5');
    await prompt(page).getByRole('heading', { name: 'Send this transaction?' }).waitFor();
    expect(await prompt(page).getByText('0.5 ETH', { exact: true }).count()).toBe(1);
    await prompt(page).getByRole('button', { name: 'Approve' }).click();
    await waitForOutcome(page, 'transaction', 'confirmed', STEP_MS);
    expect(await balanceOf(recipient)).toBe(5n * 10n ** 17n);

    // Escape in the wallet's window is a rejection, as its Reject button is.
    await signMessage(page, 'Not this one');
    await prompt(page).getByRole('heading', { name: 'Sign this message?' }).waitFor();
    await page.keyboard.press('Escape');
    await waitForOutcome(page, 'message', 'declined');
    await prompt(page).waitFor({ state: 'hidden' });
  });

  it('is found by the eager reconnect after a reload (the site stays approved), and a rejected connect is declined', async () => {
    const context = await newContext();
    const page = await openApp(context);
    await startConnect(page, 'injected', { wallet: 'Development wallet' });
    await prompt(page).getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'injected', 'Connected', STEP_MS);
    await page.reload();
    await waitForStatus(page, 'injected', 'Connected', STEP_MS);
    expect(await prompt(page).isVisible()).toBe(false);

    // Another browser session: not approved there; the user says no.
    const other = await openApp(await newContext());
    await waitForStatus(other, 'injected', 'Disconnected', STEP_MS);
    await startConnect(other, 'injected', { wallet: 'Development wallet' });
    await prompt(other).getByRole('button', { name: 'Reject' }).click();
    await waitForDeclined(other, 'injected');
  });
});

describe("the extension wallet's button", () => {
  /** Runs in the page: the app's controls the button covers at any scroll position (their names). */
  function coveredControls(): string[] {
    const button = document.getElementById('walletdeck-dev-wallet')?.shadowRoot?.querySelector('button');
    if (!button) return ['(no button)'];
    const controls = [...document.querySelectorAll('#root button, #root input, #root select, #root textarea, #root a, #root summary')];
    const covered = new Set<string>();
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(bottom, y + window.innerHeight / 4)) {
      window.scrollTo(0, y);
      const own = button.getBoundingClientRect();
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.left < own.right && own.left < box.right && box.top < own.bottom && own.top < box.bottom) {
          covered.add(((control as HTMLInputElement).labels?.[0]?.textContent?.trim() || control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName).slice(0, 40));
        }
      }
      if (y >= bottom) break;
    }
    window.scrollTo(0, 0);
    return [...covered];
  }

  it('covers none of the app\'s controls at 320, 375 and 1280 px, wherever the page is scrolled', async () => {
    const page = await openApp(await newContext());
    await startConnect(page, 'injected', { wallet: 'Development wallet' });
    await page.locator('#walletdeck-dev-wallet').getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'injected', 'Connected', STEP_MS);
    await openSigning(page);
    const found: Record<number, string[]> = {};
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: width > 480 ? 800 : 640 });
      found[width] = await page.evaluate(coveredControls);
    }
    expect(found).toEqual({ 320: [], 375: [], 1280: [] });
  });
});

describe("the wallets' own windows", () => {
  it('the extension prompt is readable in light and dark, and used by keyboard alone', async () => {
    const page = await openApp(await newContext());
    await startConnect(page, 'injected', { wallet: 'Development wallet' });
    const dialog = page.locator('#walletdeck-dev-wallet').getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Connect to this site?' }).waitFor();
    expect(await axeInBothSchemes(page, ['#walletdeck-dev-wallet', 'dialog'])).toEqual({ light: [], dark: [] });
    // The focus is in the prompt (the account picker first): pick with the arrows, approve with Enter.
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Approve');
    await page.keyboard.press('Enter');
    await waitForStatus(page, 'injected', 'Connected', STEP_MS);
    expect(await shownAccount(page, 'injected')).toBe(ACCOUNTS[1]);
  });

  it('the phone page and the popup are readable in light and dark', async () => {
    const context = await newContext();
    const page = await openApp(context);
    await startConnect(page, 'walletconnect');
    const phone = await context.newPage();
    await phone.goto(`${wallets!.phone!.url}?uri=${encodeURIComponent(await pairingLink(page))}`);
    await phone.getByTestId('wallet-prompt').waitFor();
    await phone.setViewportSize({ width: 375, height: 740 });
    expect(await axeInBothSchemes(phone)).toEqual({ light: [], dark: [] });
    await phone.getByRole('button', { name: 'Reject' }).click();

    await startConnect(page, 'coinbase');
    const opened = page.waitForEvent('popup');
    await continueWithoutExtension(page);
    const popup = await opened;
    await popup.getByTestId('wallet-prompt').waitFor();
    expect(await axeInBothSchemes(popup)).toEqual({ light: [], dark: [] });
    await popup.getByRole('button', { name: 'Reject' }).click();
  });
});

describe('the WalletConnect development phone', () => {
  async function openPhone(context: BrowserContext, url = wallets!.phone!.url): Promise<Page> {
    const phone = await context.newPage();
    await phone.goto(url);
    return phone;
  }

  /** The phone's current question and its buttons. */
  const asked = (phone: Page) => phone.getByTestId('wallet-prompt');

  it('pairs from the copied link, connects, signs, sends, and a rejection is declined', async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const phone = await openPhone(context);
    const page = await openApp(context);
    await startConnect(page, 'walletconnect');
    await copyPairingLink(page);

    // In the phone's tab: paste the link, pair, approve.
    await phone.bringToFront();
    await phone.getByLabel(/^Pairing link/).focus();
    await phone.keyboard.press('ControlOrMeta+V');
    await phone.getByRole('button', { name: 'Pair' }).click();
    await asked(phone).getByRole('heading', { name: 'Connect to this site?' }).waitFor();
    // The app's Verify attestation came from the local service, and the phone checked it.
    expect(await asked(phone).getByText(`Verified: the request comes from ${appUrl}.`).count()).toBe(1);
    await asked(phone).getByLabel('Account').selectOption(ACCOUNTS[2]!);
    await asked(phone).getByRole('button', { name: 'Approve' }).click();

    await page.bringToFront();
    await waitForStatus(page, 'walletconnect', 'Connected', STEP_MS);
    expect(await shownAccount(page, 'walletconnect')).toBe(ACCOUNTS[2]);

    await signMessage(page, 'Signed on the development phone');
    await asked(phone).getByRole('heading', { name: 'Sign this message?' }).waitFor();
    await asked(phone).getByRole('button', { name: 'Approve' }).click();
    expect(verifyMessage('Signed on the development phone', await shownSignature(page, 'message'))).toBe(ACCOUNTS[2]);

    const recipient = Wallet.createRandom().address;
    await sendTransfer(page, recipient, '0.25');
    await asked(phone).getByRole('heading', { name: 'Send this transaction?' }).waitFor();
    await asked(phone).getByRole('button', { name: 'Approve' }).click();
    await waitForOutcome(page, 'transaction', 'confirmed', STEP_MS);
    expect(await balanceOf(recipient)).toBe(25n * 10n ** 16n);

    await signMessage(page, 'Not this one');
    await asked(phone).getByRole('heading', { name: 'Sign this message?' }).waitFor();
    await asked(phone).getByRole('button', { name: 'Reject' }).click();
    await waitForOutcome(page, 'message', 'declined', STEP_MS);
  });

  it('pairs from the app\'s "Open in the development phone" (its page with ?uri=), and a rejected session is declined in the app', async () => {
    const context = await newContext();
    const page = await openApp(context);
    await startConnect(page, 'walletconnect');
    const link = await pairingLink(page);
    const offered = connectDialog(page).getByRole('link', { name: /^Open in the development phone/ });
    const href = new URL((await offered.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(wallets!.phone!.url);
    expect(href.searchParams.get('uri')).toBe(link);
    expect(await offered.getAttribute('target')).toBe('_blank');
    const opened = context.waitForEvent('page');
    await offered.click();
    const phone = await opened;
    await asked(phone).getByRole('button', { name: 'Reject' }).click();
    await page.bringToFront();
    await waitForDeclined(page, 'walletconnect');
  });

  it("answers a site's one-click sign-in (wc_sessionAuthenticate) with the picked account's signed message and a session, and a rejection reaches the site", async () => {
    // The site: a real sign client in this process (its own core and storage), on the phone's relay.
    const site = await SignClient.init({
      projectId: 'walletdeck-test-site',
      customStoragePrefix: 'dev-phone-sign-in-site',
      relayUrl: wallets!.phone!.relayUrl,
      logger: 'silent',
      storage: new MemoryKeyValueStorage(),
      telemetryEnabled: false,
      metadata: { name: 'Sign-in test site', description: 'A site that signs in with WalletConnect', url: 'https://sign-in.walletdeck.test', icons: [] },
    });
    /**
     * The site's `response()`, asked for at once: sign-client 2.25 drops a wallet's answer that arrives
     * before it is first called (the promise then waits out the request's one-hour expiry). The expiry's
     * timer, set by that first call, is kept to be cleared if the test ends before the answer.
     */
    const expiries: ReturnType<typeof setTimeout>[] = [];
    const answerOf = <T,>(response: () => Promise<T>): Promise<T> => {
      const { value, timeouts } = timeoutsSetBy(response);
      expiries.push(...timeouts);
      return value;
    };
    try {
      const signIn = () =>
        site.authenticate({
          chains: ['eip155:31337'],
          domain: 'sign-in.walletdeck.test',
          uri: 'https://sign-in.walletdeck.test/',
          nonce: 'walletdeck31337',
          statement: 'Sign in to Walletdeck',
          methods: ['personal_sign', 'eth_sendTransaction'],
        });
      const chosen = ACCOUNTS[3]!;
      const { uri, response } = await signIn();
      const answered = answerOf(response);
      const phone = await openPhone(await newContext(), `${wallets!.phone!.url}?uri=${encodeURIComponent(uri)}`);
      await asked(phone).getByRole('heading', { name: 'Connect and sign in?' }).waitFor();
      expect(await asked(phone).getByText('Sign-in test site (https://sign-in.walletdeck.test)', { exact: true }).count()).toBe(1);
      const shown = asked(phone).locator('pre');
      expect(await shown.textContent()).toContain(`${ACCOUNTS[0]}\n\nSign in to Walletdeck`);
      // The message names the account the user picks.
      await asked(phone).getByLabel('Account').selectOption(chosen);
      const seen = (await shown.textContent()) ?? '';
      expect(seen).toContain(`sign-in.walletdeck.test wants you to sign in with your Ethereum account:\n${chosen}\n`);
      await asked(phone).getByRole('button', { name: 'Approve' }).click();

      const { auths, session } = await answered;
      expect(auths).toHaveLength(1);
      const cacao = auths![0]!;
      expect(cacao.p.iss).toBe(`did:pkh:eip155:31337:${chosen}`);
      const message = formatMessage(cacao.p, cacao.p.iss);
      // What the user saw is what was signed; the statement carries the ReCap's methods.
      expect(message).toBe(seen);
      expect(message.split('\n')[3]).toMatch(/^Sign in to Walletdeck I further authorize the stated URI/);
      expect(verifyMessage(message, cacao.s.s)).toBe(chosen);
      expect(session).toBeDefined();
      expect(site.session.get(session!.topic).namespaces['eip155']?.accounts).toContain(`eip155:31337:${chosen}`);
      await phone.getByRole('status').getByText('Signed in to Sign-in test site and connected.').waitFor();

      // A second sign-in, paired in the same tab, is rejected: the site's request fails.
      const again = await signIn();
      const refused = answerOf(again.response);
      refused.catch(() => undefined);
      await phone.getByLabel(/^Pairing link/).fill(again.uri);
      await phone.getByRole('button', { name: 'Pair' }).click();
      await asked(phone).getByRole('heading', { name: 'Connect and sign in?' }).waitFor();
      await asked(phone).getByRole('button', { name: 'Reject' }).click();
      await expect(refused).rejects.toBe(getSdkError('USER_REJECTED').message);
      await phone.getByRole('status').getByText('You rejected the sign-in.').waitFor();
    } finally {
      for (const timer of expiries) clearTimeout(timer);
      await releaseCore(site.core);
    }
  });
});

describe('the Coinbase Wallet development popup', () => {
  it('connects through the popup, signs and sends on the local chain, and a rejection is declined', async () => {
    const page = await openApp(await newContext());
    await startConnect(page, 'coinbase');
    let popup = await popupFrom(page, () => continueWithoutExtension(page));
    expect(new URL(popup.url()).origin).toBe(wallets!.coinbase!.origin);
    // The smart account (issue 24) is offered first, then the ten keys; the first key is chosen at first.
    const smart = wallets!.smart!.address;
    const options = popup.getByLabel('Account').locator('option');
    expect(await options.allTextContents()).toEqual([`Smart account · ${smart.slice(0, 6)}…${smart.slice(-4)}`, ...ACCOUNTS.map((a, i) => `Account ${i + 1} · ${a.slice(0, 6)}…${a.slice(-4)}`)]);
    expect(await popup.getByLabel('Account').inputValue()).toBe(ACCOUNTS[0]);
    await popup.getByLabel('Account').selectOption(ACCOUNTS[3]!);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected', STEP_MS);
    expect(await shownAccount(page, 'coinbase')).toBe(ACCOUNTS[3]);
    // The SDK connects on the app's first chain; the popup holds the local chain, switched to without a prompt.
    await switchChain(page, 'coinbase', 'Local development chain');
    await waitForStatus(page, 'coinbase', 'Connected', STEP_MS);

    popup = await popupFrom(page, () => signMessage(page, 'Signed in the development popup'));
    await popup.getByRole('heading', { name: 'Sign this message?' }).waitFor();
    await popup.getByRole('button', { name: 'Approve' }).click();
    expect(verifyMessage('Signed in the development popup', await shownSignature(page, 'message'))).toBe(ACCOUNTS[3]);

    const recipient = Wallet.createRandom().address;
    popup = await popupFrom(page, () => sendTransfer(page, recipient, '0.125'));
    await popup.getByRole('heading', { name: 'Send this transaction?' }).waitFor();
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForOutcome(page, 'transaction', 'confirmed', STEP_MS);
    expect(await balanceOf(recipient)).toBe(125n * 10n ** 15n);

    popup = await popupFrom(page, () => signMessage(page, 'Not this one'));
    await popup.getByRole('button', { name: 'Reject' }).click();
    await waitForOutcome(page, 'message', 'declined', STEP_MS);
  });
});
