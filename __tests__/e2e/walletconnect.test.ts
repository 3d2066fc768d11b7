// The QR-code wallet end to end: the production build in real headless Chromium running the real
// WalletConnect SDK, a phone wallet simulated in the test process with the real sign client, both
// talking through this suite's own relay (browserSuite routes the build's baked-in relay URL to it).
// Verify attestations are answered by the suite's Verify service. The UI is the connect pattern:
// the connect dialog's WalletConnect progress (QR code), the account button and its menu.
import { HDNodeWallet, Wallet, getBytes, verifyMessage, verifyTypedData } from 'ethers';
import type { Page } from 'playwright-core';
import { rpc, TEST_ACCOUNTS } from '../support/anvil';
import {
  accountButton,
  cancelConnect,
  connectDialog,
  disconnect,
  openAccountMenu,
  openSigning,
  openWalletList,
  shownAccount,
  shownChainName,
  shownPairingUri,
  shownSignature,
  signMessage,
  signTypedDataSample,
  startConnect,
  sendTransfer,
  statusOf,
  switchChain,
  transferWarnings,
  fillTransfer,
  waitForOutcome,
  waitForStatus,
} from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { tearDown, WAIT_MS } from '../support/lifecycle';
import { trackTimers } from '../support/sdkTimers';
import { until, untilAsync } from '../support/wait';
import { startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';
import { encodeQr, qrLayout, qrSettings } from '../../src/lib/qr';
import { pairingTopicOf } from '../../src/lib/connectors/walletconnect/session';

const timers = trackTimers();

const suite = browserSuite({ wallets: true });
const phones: SimulatedWallet[] = [];

afterEach(async () => {
  await Promise.allSettled(phones.splice(0).map((p) => p.close()));
});

tearDown(() => [() => timers.clearAll()]);

interface App {
  page: Page;
  phone: SimulatedWallet;
}

async function openApp(phoneChains = [31337, 1], privateKeys?: string[], metadata?: { name: string; icons: string[] }): Promise<App> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  // Whether the connect dialog or a QR code was ever on screen (re-installed in every document, so across reloads).
  await context.addInitScript(() => {
    const seen = { qr: false };
    (window as unknown as { qrSeen: typeof seen }).qrSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=connect-dialog], [data-testid=qr-code]')) seen.qr = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const phone = await startSimulatedWallet({
    relayUrl: suite.relay.url,
    chains: phoneChains,
    rpcUrls: { 31337: suite.rpcUrls[31337]! },
    ...(privateKeys ? { privateKeys } : {}),
    ...(metadata ? { metadata } : {}),
  });
  phones.push(phone);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return { page, phone };
}

/** Starts a WalletConnect connect and returns the pairing URI the dialog shows once its QR code is drawn. */
async function showQr({ page }: App): Promise<string> {
  await startConnect(page, 'walletconnect');
  return shownPairingUri(page);
}

async function connectWithPhone(app: App, approvedChains?: number[]): Promise<void> {
  const uri = await showQr(app);
  const proposal = await app.phone.pair(uri);
  await app.phone.approve(proposal, approvedChains ? { chains: approvedChains } : {});
  await waitForStatus(app.page, 'walletconnect', 'Connected');
}

const qrSeen = (page: Page) => page.evaluate(() => (window as unknown as { qrSeen: { qr: boolean } }).qrSeen.qr);
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? '');

describe('the QR code', () => {
  it('shows the pairing URI the SDK published, drawn module for module, in an accessible dialog', async () => {
    const app = await openApp();
    const proposalsBefore = suite.relay.proposedPairings.length;
    const uri = await showQr(app);
    const dialog = connectDialog(app.page);
    // It waits to be scanned: said in words, with no "Connecting" spinner (docs/behaviour.md §6.3).
    await dialog.getByText("Scan with your phone's wallet.").waitFor();
    expect(await dialog.getByTestId('card-walletconnect').getByTestId('status').textContent()).toBe('Waiting for a scan');

    // The link is the SDK's: its pairing topic is the one the relay just received a proposal on.
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(suite.relay.proposedPairings.slice(proposalsBefore)).toEqual([pairingTopicOf(uri)]);
    const canvas = dialog.getByTestId('qr-code');
    expect(await canvas.getAttribute('data-content')).toBe(uri);

    // The canvas holds exactly the QR code of that URI: sample every module's centre.
    const settings = qrSettings(uri);
    const matrix = await encodeQr(settings);
    expect(await canvas.getAttribute('data-version')).toBe(String(matrix.version));
    const size = await canvas.evaluate((element: HTMLCanvasElement) => ({ width: element.width, height: element.height }));
    const layout = qrLayout({ ...settings, ...size }, matrix.size);
    const centres: [number, number][] = [];
    for (let row = 0; row < matrix.size; row += 1) {
      for (let col = 0; col < matrix.size; col += 1) {
        centres.push([Math.floor(layout.left + (col + 0.5) * layout.moduleSize), Math.floor(layout.top + (row + 0.5) * layout.moduleSize)]);
      }
    }
    const sampled = await canvas.evaluate((element: HTMLCanvasElement, points: [number, number][]) => {
      const context = element.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const { data } = context.getImageData(0, 0, element.width, element.height);
      const pixel = (x: number, y: number) => Array.from(data.slice((y * element.width + x) * 4, (y * element.width + x) * 4 + 3));
      return { modules: points.map(([x, y]) => ((data[(y * element.width + x) * 4] ?? 255) < 128 ? '1' : '0')).join(''), corner: pixel(0, 0) };
    }, centres);
    let expected = '';
    for (let row = 0; row < matrix.size; row += 1) for (let col = 0; col < matrix.size; col += 1) expected += matrix.isDark(row, col) ? '1' : '0';
    expect(sampled.modules).toBe(expected);
    // Black on white with a white quiet zone.
    expect(sampled.corner).toEqual([255, 255, 255]);
    expect(size.width).toBeGreaterThanOrEqual(256);
    expect(expected).toContain('0');

    // Accessible: a modal dialog named after the wallet, with the focus inside it.
    expect(await app.page.getByRole('dialog', { name: 'WalletConnect' }).count()).toBe(1);
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.contains(document.activeElement))).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Copy link' }).isVisible()).resolves.toBe(true);
  });
});

describe('connecting', () => {
  it('connects with checksummed accounts when the phone approves, without the 5 s Verify wait', async () => {
    const app = await openApp();
    const proposalsBefore = suite.relay.proposedPairings.length;
    await connectWithPhone(app);

    expect(await statusOf(app.page, 'walletconnect')).toBe('Connected');
    expect(await accountButton(app.page).getAttribute('data-kind')).toBe('walletconnect');
    expect(await shownAccount(app.page)).toBe(TEST_ACCOUNTS[0].address);
    // The dialog closes by itself on success; nothing on the page is an error.
    await connectDialog(app.page).waitFor({ state: 'detached' });
    expect(await app.page.getByRole('alert').count()).toBe(0);
    // The proposal carried the attestation our Verify answer gave the page: the SDK had its answer and
    // did not wait out its 5 s for one (it sends none when it gives up).
    const attestation = suite.relay.attestationOf(suite.relay.proposedPairings[proposalsBefore] ?? '');
    expect(attestation).toBeDefined();
    expect(suite.verify.issued).toContain(attestation);
  });

  it('names the phone wallet as it names itself: "Rainbow" with its icon in the account menu and the wallet list', async () => {
    const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"%3E%3Crect width="1" height="1" fill="%23f80"/%3E%3C/svg%3E';
    const app = await openApp(undefined, undefined, { name: 'Rainbow', icons: [icon] });
    await connectWithPhone(app);
    const menu = await openAccountMenu(app.page);
    const current = menu.getByTestId('card-walletconnect');
    await current.getByRole('heading', { name: 'Rainbow' }).waitFor();
    expect(await current.locator('img.wallet-icon').getAttribute('src')).toBe(icon);
    expect(await menu.getByText('WalletConnect', { exact: true }).count()).toBe(0);
    await expectAccessible(app.page);
    // The connect dialog's row of the kind says so too ("Use Rainbow").
    const list = await openWalletList(app.page);
    await list.getByTestId('wallet-list').getByRole('button', { name: /^Use Rainbow\b/ }).waitFor();
  });

  it('reconnects silently after a reload, without showing a QR code', async () => {
    const app = await openApp();
    await connectWithPhone(app);
    await app.page.reload();
    await waitForStatus(app.page, 'walletconnect', 'Connected');
    expect(await shownAccount(app.page)).toBe(TEST_ACCOUNTS[0].address);
    expect(await qrSeen(app.page)).toBe(false);
  });

  it('returns to Disconnected, with no error, when the session is ended on the phone', async () => {
    const app = await openApp();
    await connectWithPhone(app);
    await app.phone.disconnect();
    await waitForStatus(app.page, 'walletconnect', 'Disconnected');
    expect(await app.page.getByRole('alert').count()).toBe(0);
    expect(await accountButton(app.page).count()).toBe(0);
    // Nothing is left to reconnect after a reload.
    await app.page.reload();
    await app.page.getByTestId('connect-button').waitFor();
    expect(await statusOf(app.page, 'walletconnect')).toBe('Disconnected');
  });

  it('Disconnect in the account menu ends the session on the phone too', async () => {
    const app = await openApp();
    await connectWithPhone(app);
    await disconnect(app.page, 'walletconnect');
    await until(() => app.phone.session() === undefined, { what: 'the phone to see its session end' });
    expect(await accountButton(app.page).count()).toBe(0);
  });
});

describe('closing the dialog while the QR code waits', () => {
  it('ends the attempt without an error; focus returns to Connect wallet; Connect shows a fresh QR code that connects', async () => {
    const app = await openApp();
    const first = await showQr(app);
    await app.page.keyboard.press('Escape');
    await connectDialog(app.page).waitFor({ state: 'detached' });
    // Closing the dialog is the user's own choice (`User closed modal` in state): no red error, nothing waits.
    await app.page.getByTestId('connect-button').and(app.page.locator('[data-status=Disconnected]')).waitFor();
    expect(await app.page.getByTestId('connect-button').textContent()).toBe('Connect wallet');
    expect(await app.page.getByRole('alert').count()).toBe(0);
    await app.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'connect-button');
    expect(await statusOf(app.page, 'walletconnect')).toBe('Disconnected');

    const second = await showQr(app);
    expect(pairingTopicOf(second)).not.toBe(pairingTopicOf(first));
    await app.phone.approve(await app.phone.pair(second));
    await waitForStatus(app.page, 'walletconnect', 'Connected');
    expect(await shownAccount(app.page)).toBe(TEST_ACCOUNTS[0].address);
  });

  it('Cancel ends the attempt and stays in the dialog; its Connect shows a fresh QR code', async () => {
    const app = await openApp();
    const first = await showQr(app);
    await cancelConnect(app.page, 'walletconnect');
    await waitForStatus(app.page, 'walletconnect', 'Disconnected');
    const progress = connectDialog(app.page).getByTestId('card-walletconnect');
    expect(await progress.getByTestId('qr-code').count()).toBe(0);
    expect(await progress.getByRole('alert').count()).toBe(0);
    // Focus stays in the dialog, never on <body>.
    expect(await focusedTestId(app.page)).not.toBe('BODY');

    const second = await showQr(app);
    expect(pairingTopicOf(second)).not.toBe(pairingTopicOf(first));
    await app.phone.approve(await app.phone.pair(second));
    await waitForStatus(app.page, 'walletconnect', 'Connected');
  });
});

describe('chain switch', () => {
  it('switches within the session, and asks the phone for a chain outside it', async () => {
    const app = await openApp([31337, 1, 10]);
    await connectWithPhone(app, [31337, 1]);
    const showsChain = (name: string) => untilAsync(async () => (await shownChainName(app.page)) === name, { what: `the account button to show ${name}` });

    const target = (await shownChainName(app.page)) === 'Local development chain' ? 'Ethereum' : 'Local development chain';
    await switchChain(app.page, 'walletconnect', target);
    await showsChain(target);
    expect(app.phone.requests.map((r) => r.params.request.method)).not.toContain('wallet_switchEthereumChain');

    await switchChain(app.page, 'walletconnect', 'OP Mainnet');
    await showsChain('OP Mainnet');
    expect(app.phone.requests.map((r) => r.params.request.method)).toContain('wallet_switchEthereumChain');
    expect(await shownAccount(app.page)).toBe(TEST_ACCOUNTS[0].address);
    expect(await statusOf(app.page, 'walletconnect')).toBe('Connected');
  });
});

describe('signing and sending through the phone', () => {
  // Anvil's account 9: its balance and nonce are this suite's (anvil signs its sends: the account is unlocked there).
  const PHONE_KEY = HDNodeWallet.fromPhrase('test test test test test test test test test test test junk', undefined, "m/44'/60'/0'/0/9");

  async function connected(): Promise<App> {
    const app = await openApp([31337], [PHONE_KEY.privateKey]);
    await connectWithPhone(app);
    await openSigning(app.page);
    return app;
  }

  it('a message: said once while the phone waits, in the form under the phone\'s name (no corner notice), then the signer recovered and matching', async () => {
    const app = await connected();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    app.phone.answer('personal_sign', async (params) => {
      await answered;
      return new Wallet(PHONE_KEY.privateKey).signMessage(getBytes((params as [string])[0]));
    });
    await signMessage(app.page, 'Signed on the phone');
    // One wait, one notice, one name (issue 38): the form that asked says it, named as the phone names itself.
    const waiting = await waitForOutcome(app.page, 'message', 'waiting');
    await waiting.getByText(/^Confirm in Simulated wallet/).waitFor();
    expect(await app.page.getByTestId('notice-walletconnect').count()).toBe(0);
    expect(await app.page.getByText(/in WalletConnect/).count()).toBe(0);
    release();
    const done = await waitForOutcome(app.page, 'message', 'signed');
    expect(verifyMessage('Signed on the phone', await shownSignature(app.page, 'message'))).toBe(PHONE_KEY.address);
    expect(await done.getByTestId('verified').textContent()).toContain(PHONE_KEY.address);
  });

  it('typed data: signed on the phone and verified', async () => {
    const app = await connected();
    await signTypedDataSample(app.page);
    const signature = await shownSignature(app.page, 'typedData');
    const form = app.page.getByTestId('sign-typedData');
    const data = JSON.parse(await form.getByLabel('Typed data (JSON)').inputValue()) as {
      types: Record<string, { name: string; type: string }[]>;
      domain: Record<string, unknown>;
      message: Record<string, unknown>;
    };
    const { EIP712Domain: _domain, ...types } = data.types;
    expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(PHONE_KEY.address);
    expect(app.phone.requests.map((r) => r.params.request.method)).toContain('eth_signTypedData_v4');
  });

  it('a transfer: sent through the phone, mined on anvil, confirmed', async () => {
    const app = await connected();
    const recipient = Wallet.createRandom().address;
    await fillTransfer(app.page, recipient, '0.5');
    expect((await transferWarnings(app.page)).fee).toMatch(/^Network fee/);
    await sendTransfer(app.page, recipient, '0.5');
    await waitForOutcome(app.page, 'transaction', 'confirmed', WAIT_MS);
    expect(BigInt(await rpc<string>(suite.rpcUrls[31337]!, 'eth_getBalance', [recipient, 'latest']))).toBe(5n * 10n ** 17n);
    expect(app.phone.requests.map((r) => r.params.request.method)).toContain('eth_sendTransaction');
  });
});
