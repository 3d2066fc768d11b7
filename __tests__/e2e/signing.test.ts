// Sign and send, end to end: the built app in real headless Chromium, the fake extension wallet
// signing with one of anvil's keys in the test process, transactions mined on a real anvil.
import { readFileSync } from 'node:fs';
import { HDNodeWallet, Wallet, verifyMessage, verifyTypedData } from 'ethers';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { rpc } from '../support/anvil';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';

const METAMASK = { uuid: '0b7c3f0e-52a4-4f0e-9d55-6a1e4cde2a71', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const MNEMONIC = 'test test test test test test test test test test test junk';
// Anvil's account 7: other suites use the first accounts (and 5, 6), so its balance and nonce are ours.
const SENDER = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/7");
/** Runtime code that reverts whatever it is sent: PUSH1 0 PUSH1 0 REVERT. */
const REVERTING_CODE = '0x60006000fd';

let browser: Browser;
let server: StaticServer;
let anvilUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  [browser, server] = await startAll([launchChromium(), serveStatic(env.distDir)]);
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

interface App {
  page: Page;
  wallet: FakeWallet;
  card: Locator;
  panel: Locator;
}

/** A fresh profile with the fake extension holding anvil's account 7, connected, the panel open. */
async function openConnected(options: Partial<FakeWalletOptions> = {}): Promise<App> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [SENDER.privateKey], ...options });
  const page = await context.newPage();
  await page.goto(server.url);
  const card = page.getByTestId('card-injected');
  // A site the wallet already connected reconnects silently; otherwise the user connects.
  if (!options.connectedOrigins) await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor();
  const panel = page.getByTestId('sign-section');
  await panel.getByRole('button', { name: 'Open' }).click();
  await panel.getByTestId('sign-target').waitFor();
  return { page, wallet, card, panel };
}

const outcome = (app: App, kind: string) => app.panel.getByTestId(`sign-${kind}`).getByTestId('outcome');

async function waitForOutcome(app: App, kind: string, status: string, timeout = WAIT_MS): Promise<Locator> {
  const locator = app.panel.locator(`[data-testid=sign-${kind}] [data-testid=outcome][data-status=${status}]`);
  await locator.waitFor({ timeout });
  return locator;
}

describe('loading', () => {
  it('the panel and its signing code are not part of the first visit: they load when the user opens it', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [SENDER.privateKey] });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url);
    const card = page.getByTestId('card-injected');
    await card.getByRole('button', { name: 'Connect' }).click();
    await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor();
    expect(scripts.filter((s) => s.includes('/signing.'))).toEqual([]);
    await page.getByTestId('sign-section').getByRole('button', { name: 'Open' }).click();
    await page.getByTestId('sign-message').waitFor();
    expect(scripts.filter((s) => s.includes('/signing.'))).toHaveLength(1);
  });
});

describe('sign a message', () => {
  it('the wallet signs with its key; the app recovers the signer and shows it as the connected account', async () => {
    const app = await openConnected();
    const form = app.panel.getByTestId('sign-message');
    await form.getByLabel('Message to sign').fill('Walletdeck e2e ✓');
    await form.getByRole('button', { name: 'Sign message' }).click();
    const done = await waitForOutcome(app, 'message', 'signed');
    expect(await done.getByTestId('verified').textContent()).toBe(`Signed and verified: the signer is ${SENDER.address}, the connected account.`);
    const signature = (await done.getByTestId('signature').textContent()) ?? '';
    expect(verifyMessage('Walletdeck e2e ✓', signature)).toBe(SENDER.address);
    expect(app.wallet.requests('personal_sign')).toHaveLength(1);
  });

  it('works from the keyboard alone', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [SENDER.privateKey] });
    const page = await context.newPage();
    await page.goto(server.url);
    const card = page.getByTestId('card-injected');
    await card.getByRole('button', { name: 'Connect' }).focus();
    await page.keyboard.press('Enter');
    await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor();
    const panel = page.getByTestId('sign-section');
    await panel.getByRole('button', { name: 'Open' }).focus();
    await page.keyboard.press('Enter');
    const message = panel.getByLabel('Message to sign');
    await message.waitFor();
    await message.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign message');
    await page.keyboard.press('Enter');
    await panel.locator('[data-testid=sign-message] [data-testid=outcome][data-status=signed]').waitFor();
  });
});

describe('sign typed data', () => {
  it('previews the sample, has it signed and verifies the signer the same way', async () => {
    const app = await openConnected();
    const form = app.panel.getByTestId('sign-typedData');
    const preview = form.getByTestId('typed-data-preview');
    expect(await preview.textContent()).toContain('Primary type: Mail');
    expect(await preview.textContent()).toContain('chainId uint256: 31337');
    await form.getByRole('button', { name: 'Sign typed data' }).click();
    const done = await waitForOutcome(app, 'typedData', 'signed');
    expect(await done.getByTestId('verified').textContent()).toContain(SENDER.address);
    const signature = (await done.getByTestId('signature').textContent()) ?? '';
    const data = JSON.parse(await form.getByLabel('Typed data (JSON)').inputValue()) as {
      types: Record<string, { name: string; type: string }[]>;
      domain: Record<string, unknown>;
      message: Record<string, unknown>;
    };
    const { EIP712Domain: _domain, ...types } = data.types;
    expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(SENDER.address);
  });

  it('data for another chain, or with a missing field, is refused on screen and never reaches the wallet', async () => {
    const app = await openConnected();
    const form = app.panel.getByTestId('sign-typedData');
    const editor = form.getByLabel('Typed data (JSON)');
    const data = JSON.parse(await editor.inputValue()) as { domain: Record<string, unknown>; message: Record<string, unknown> };
    data.domain['chainId'] = 1;
    delete data.message['contents'];
    await editor.fill(JSON.stringify(data));
    const issues = form.getByTestId('typed-data-issues');
    expect(await issues.getByRole('listitem').allTextContents()).toEqual([
      'message.contents: missing value for field contents of type string',
      "domain.chainId: The domain's chainId 1 is not the connected chain 31337",
    ]);
    expect(await form.getByRole('button', { name: 'Sign typed data' }).isDisabled()).toBe(true);
    await editor.fill('{ not json');
    expect(await issues.textContent()).toMatch(/^Typed data is not valid JSON/);
    expect(app.wallet.requests('eth_signTypedData_v4')).toHaveLength(0);
  });
});

describe('send a transfer', () => {
  it('estimates the fee, is mined on anvil, reaches confirmed, and the balance on the card drops', async () => {
    await rpc(anvilUrl, 'anvil_setBalance', [SENDER.address, '0x56bc75e2d63100000']); // 100 ETH
    const recipient = Wallet.createRandom().address;
    const app = await openConnected();
    const balance = app.card.getByTestId('balance');
    await balance.filter({ hasText: /^100 ETH$/ }).waitFor();
    const form = app.panel.getByTestId('sign-transaction');
    await form.getByLabel('To').fill(recipient);
    await form.getByLabel('Amount (ETH)').fill('1');
    await form.getByTestId('fee').filter({ hasText: /^Network fee ≈ / }).waitFor();
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    const done = await waitForOutcome(app, 'transaction', 'confirmed', WAIT_MS);
    const hash = (await done.getByTestId('tx-hash').textContent()) ?? '';
    const receipt = await rpc<{ status: string; blockNumber: string }>(anvilUrl, 'eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    expect(await done.getByTestId('confirmed').textContent()).toBe(`Confirmed in block ${parseInt(receipt.blockNumber, 16)}.`);
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [recipient, 'latest']))).toBe(10n ** 18n);
    await balance.filter({ hasText: /^99 ETH$/ }).waitFor();
    expect(app.wallet.requests('eth_sendTransaction')[0]?.params).toEqual([
      { from: SENDER.address, to: recipient, value: '0xde0b6b3a7640000', gas: '0x5208' },
    ]);
  });

  it('a transaction that reverts is mined and shown as failed', async () => {
    const target = Wallet.createRandom().address;
    await rpc(anvilUrl, 'anvil_setCode', [target, REVERTING_CODE]);
    const app = await openConnected();
    const form = app.panel.getByTestId('sign-transaction');
    await form.getByLabel('To').fill(target);
    await form.getByLabel('Amount (ETH)').fill('0.01');
    await form.getByTestId('fee').filter({ hasText: /could not be estimated/ }).waitFor();
    await form.getByRole('button', { name: 'Send anyway' }).click();
    const done = await waitForOutcome(app, 'transaction', 'reverted', WAIT_MS);
    const hash = (await done.getByTestId('tx-hash').textContent()) ?? '';
    const receipt = await rpc<{ status: string; blockNumber: string }>(anvilUrl, 'eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x0');
    expect(await done.getByRole('alert').textContent()).toBe(`Failed: The transaction reverted in block ${parseInt(receipt.blockNumber, 16)}`);
  });
});

describe('failures as a user expects them', () => {
  it('a refusal in the wallet is a calm "You declined"', async () => {
    const app = await openConnected();
    app.wallet.approval = 'reject';
    await app.panel.getByTestId('sign-message').getByRole('button', { name: 'Sign message' }).click();
    const done = await waitForOutcome(app, 'message', 'declined');
    expect(await done.textContent()).toBe('You declined the request in Browser wallet.');
    expect(await done.getByRole('alert').count()).toBe(0);
  });

  it('a wallet that never answers can be abandoned, and the next request goes through', async () => {
    const app = await openConnected();
    app.wallet.misbehave('personal_sign', { hang: true });
    const form = app.panel.getByTestId('sign-message');
    await form.getByRole('button', { name: 'Sign message' }).click();
    const waiting = await waitForOutcome(app, 'message', 'waiting');
    expect(await waiting.textContent()).toContain('Confirm in Browser wallet');
    await waiting.getByRole('button', { name: 'Stop waiting' }).click();
    await waitForOutcome(app, 'message', 'abandoned');
    app.wallet.misbehave('personal_sign', undefined);
    await form.getByRole('button', { name: 'Sign message' }).click();
    await waitForOutcome(app, 'message', 'signed');
    expect(app.wallet.requests('personal_sign')).toHaveLength(2);
  });

  it('an account switch while the wallet is asked drops its answer', async () => {
    const second = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/8");
    const app = await openConnected({ approval: 'manual', connectedOrigins: [server.url.replace(/\/$/, '')], privateKeys: [SENDER.privateKey, second.privateKey] });
    await app.panel.getByTestId('sign-message').getByRole('button', { name: 'Sign message' }).click();
    await waitForOutcome(app, 'message', 'waiting');
    await app.wallet.selectAccount(second.address);
    const dropped = await waitForOutcome(app, 'message', 'dropped');
    expect(await dropped.textContent()).toBe(
      `The account changed from ${SENDER.address} to ${second.address} while the request waited: its answer is not shown.`,
    );
    await app.wallet.approvePending();
    await app.page.waitForTimeout(300);
    expect(await outcome(app, 'message').getAttribute('data-status')).toBe('dropped');
    expect(await app.panel.getByTestId('signature').count()).toBe(0);
  });
});

describe('accessibility', () => {
  /** axe-core's violations inside the panel (rule id and the first offending node). */
  async function violations(page: Page): Promise<string[]> {
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
      const result = await axe.run({ include: [['[data-testid=sign-section]']] });
      return result.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
    });
  }

  it('has no axe-core violations: open with a preview, signed, declined, and with input problems', async () => {
    const app = await openConnected();
    expect(await violations(app.page)).toEqual([]);
    await app.panel.getByTestId('sign-message').getByRole('button', { name: 'Sign message' }).click();
    await waitForOutcome(app, 'message', 'signed');
    app.wallet.approval = 'reject';
    await app.panel.getByTestId('sign-typedData').getByRole('button', { name: 'Sign typed data' }).click();
    await waitForOutcome(app, 'typedData', 'declined');
    await app.panel.getByTestId('sign-transaction').getByLabel('To').fill('0x1234');
    await app.panel.getByTestId('sign-typedData').getByLabel('Typed data (JSON)').fill('{}');
    expect(await violations(app.page)).toEqual([]);
  });
});
