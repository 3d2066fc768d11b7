// The Safe{Wallet} kind (docs/behaviour.md §1.7), end to end: the production build in headless Chromium,
// framed by a Safe{Wallet} of our own (support/safeParent.ts: another origin answering the Safe Apps
// SDK's postMessage protocol), a Safe-like contract on the real anvil (contracts/TestSafe.sol) whose
// owners the test plays. Inside the frame the app connects the Safe with no click; a parent that is
// not a Safe, answers garbage or never answers leaves it a normal page.
import { Wallet, hashMessage, id } from 'ethers';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { DEPLOYER } from '../../contracts/testAccounts';
import { deployTestSafe, execTransaction, signMessageCalldata, signMessageOffChain } from '../../contracts/testSafe';
import { SAFE_INFO_MS, SAFE_SIGNATURE_MS } from '../../src/lib/connectors/safe/info';
import {
  firstScreenComplete,
  connectDialog,
  expectLayout,
  headerControl,
  headerHistory,
  openAccountMenu,
  openSigning,
  openWalletList,
  sendTransfer,
  toasts,
  recordHeaderHistory,
  shownAccount,
  signMessage,
  waitForOutcome,
  waitForStatus,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet } from '../support/fakeWallet';
import { WAIT_MS } from '../support/lifecycle';
import { rpc } from '../support/anvil';
import { parentDoes, parentState, serveSafeParent, waitForMessage, waitForProposal, waitForRequests, type ParentOptions, type SafeParent } from '../support/safeParent';

/** The Safe's owners: keys of their own, never one of anvil's funded accounts. */
const OWNERS = [new Wallet(id('walletdeck.e2e.safe-owner-1')), new Wallet(id('walletdeck.e2e.safe-owner-2')), new Wallet(id('walletdeck.e2e.safe-owner-3'))];
const THRESHOLD = 2;
const SIGNERS = OWNERS.slice(0, THRESHOLD).map((owner) => owner.privateKey);

const suite = browserSuite();
let parent: SafeParent;
let anvilUrl: string;
let safeAddress: string;

beforeAll(async () => {
  anvilUrl = suite.rpcUrls[31337]!;
  parent = await serveSafeParent(suite.server.url);
  safeAddress = await deployTestSafe(
    anvilUrl,
    OWNERS.map((owner) => owner.address),
    THRESHOLD,
    10n ** 18n,
  );
}, 60_000);

afterAll(async () => {
  await parent?.close();
});

const safeInfo = (overrides: Record<string, unknown> = {}) => ({
  safeAddress,
  chainId: 31337,
  owners: OWNERS.map((owner) => owner.address),
  threshold: THRESHOLD,
  isReadOnly: false,
  ...overrides,
});

interface Opened {
  context: BrowserContext;
  page: Page;
  app: Frame;
  /** What the app's frame wrote to its console. */
  console: string[];
}

/** A fresh profile opening the parent page; resolves once the app's frame has started. */
async function openInParent(options: ParentOptions, view: { width?: number; before?: (context: BrowserContext, page: Page) => Promise<void> } = {}): Promise<Opened> {
  const context = await suite.newContext({ viewport: { width: view.width ?? 1280, height: 900 } });
  await recordHeaderHistory(context);
  // The shipped Content-Security-Policy (served with the build's _headers) holds the Safe's flows too.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.location().url.startsWith(suite.server.url)) console.push(message.text());
  });
  await view.before?.(context, page);
  await page.goto(parent.url(options));
  const app = page.frames().find((frame) => frame.url().startsWith(suite.server.url));
  if (!app) throw new Error(`the app's frame never loaded: ${page.frames().map((f) => f.url()).join(', ')}`);
  await headerControl(app).waitFor();
  return { context, page, app, console };
}

describe('outside a frame', () => {
  it('the Safe kind is not offered and nothing of its SDK loads; in a frame its chunk does', async () => {
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    const loaded: string[] = [];
    context.on('request', (request) => {
      if (/\/js\/safe\.[0-9a-f]+\.js$/.test(request.url())) loaded.push(request.url());
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    expect(await offeredKinds(page.mainFrame())).not.toContain('safe');
    await firstScreenComplete(page);
    expect(loaded).toEqual([]);
    const framed = await context.newPage();
    await framed.goto(parent.url({ mode: 'safe', info: safeInfo() }));
    const app = framed.frames().find((frame) => frame.url().startsWith(suite.server.url))!;
    await waitForStatus(app, 'safe', 'Connected');
    expect(loaded).toHaveLength(1);
  });
});

describe('inside Safe{Wallet}', () => {
  it('connects the Safe with no click: its address, its name and its chain, never a "Connect wallet" on the way', async () => {
    const { page, app } = await openInParent({ mode: 'safe', info: safeInfo() });
    await waitForStatus(app, 'safe', 'Connected');
    expect(await shownAccount(app)).toBe(safeAddress);
    // From the first render on, the header said it was connecting the Safe, then showed it.
    const history = await headerHistory(app);
    expect(history.map((h) => h.label)).not.toContain('Connect wallet');
    expect(history.at(-1)).toEqual({ status: 'Connected', label: 'account button' });
    // The SDK's own request, as Safe{Wallet} receives it.
    const asked = (await parentState(page)).requests.find((r) => r.method === 'getSafeInfo');
    expect(asked?.sdkVersion).toMatch(/^9\.1\./);
    const menu = await openAccountMenu(app);
    expect(await menu.locator('#current-wallet-title').textContent()).toBe(`Safe ${safeAddress.slice(0, 6)}…${safeAddress.slice(-4)}`);
    expect(await app.getByTestId('network-button').textContent()).toBe('Local development chain');
    await expectLayout(app);
    // The connect dialog offers the Safe alone: nothing else can work in its frame.
    await menu.getByRole('button', { name: 'Connect another wallet' }).click();
    const rows = connectDialog(app).getByTestId('wallet-list').locator('[data-testid^=card-]');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')))).toEqual(['card-safe']);
    await expect(connectDialog(app).getByTestId('get-a-wallet').count()).resolves.toBe(0);
  });

  it("shows the name Safe{Wallet} gives the Safe, on a 375 px phone", async () => {
    const { app } = await openInParent({ mode: 'safe', info: safeInfo({ name: 'Treasury' }) }, { width: 375 });
    await waitForStatus(app, 'safe', 'Connected');
    const menu = await openAccountMenu(app);
    expect(await menu.locator('#current-wallet-title').textContent()).toBe('Treasury');
    await expectLayout(app);
  });
});

/** Opens the wallet list and returns the kinds it offers. */
async function offeredKinds(app: Frame): Promise<string[]> {
  const dialog = await openWalletList(app);
  const rows = dialog.getByTestId('wallet-list').locator('[data-testid^=card-]');
  return rows.evaluateAll((cards) => cards.map((c) => (c.getAttribute('data-testid') ?? '').replace('card-', '')));
}

/** The app in a frame whose parent is not a Safe: a normal page, its browser wallet connects. */
async function expectNormalPage(opened: Opened): Promise<void> {
  const { app } = opened;
  await app.getByTestId('connect-button').and(app.locator('[data-status=Disconnected]')).waitFor();
  expect(await headerControl(app).textContent()).toMatch(/Connect wallet/);
  expect(await offeredKinds(app)).not.toContain('safe');
  await app.getByTestId('wallet-list').getByTestId('card-injected').getByRole('button').first().click();
  await waitForStatus(app, 'injected', 'Connected');
}

/** A browser wallet in every frame of the context (an extension injects into frames too). */
const withBrowserWallet = async (context: BrowserContext) => {
  const wallet = await installFakeWallet(context, { rpcUrls: { 31337: anvilUrl } });
  wallet.core.accounts = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'];
};

describe('a parent that is not Safe{Wallet}', () => {
  it('one that refuses the SDK: the app is a normal page at once, and the browser wallet connects', async () => {
    const opened = await openInParent({ mode: 'notSafe' }, { before: withBrowserWallet });
    await expectNormalPage(opened);
  });

  it.each([
    ['an address with a wrong checksum', { safeAddress: 'CHECKSUM' }, /checksum/],
    ['a chain id that is a string', { chainId: '31337' }, /chainId/],
    ['no owners', { owners: [] }, /owners/],
    ['a threshold above the owners', { threshold: 4 }, /threshold/],
    ['an owner that is no address', { owners: ['0x1234'] }, /owners/],
  ])('one that answers getSafeInfo with garbage (%s): a normal page, the reason in the console', async (_what, change, reason) => {
    const overrides: Record<string, unknown> = { ...change };
    if (overrides.safeAddress === 'CHECKSUM') overrides.safeAddress = `0x${safeAddress.slice(2, 41)}${flipCase(safeAddress.slice(41))}`;
    const opened = await openInParent({ mode: 'safe', info: safeInfo(overrides) }, { before: withBrowserWallet });
    await expectNormalPage(opened);
    const hint = opened.console.find((line) => line.includes('Safe{Wallet} is not offered'));
    expect(hint).toMatch(reason);
  });

  it('one that never answers: the app waits for it no longer than the guard, then is a normal page', async () => {
    const opened = await openInParent(
      { mode: 'silent' },
      {
        before: async (context, page) => {
          await withBrowserWallet(context);
          // The page's time stands still from the start: only the test moves it.
          await page.clock.install({ time: 0 });
          await page.clock.pauseAt(1_000);
        },
      },
    );
    const { page, app } = opened;
    await waitForRequests(page, 'getSafeInfo');
    // Asked, not answered: the page says it is connecting the Safe (no "Connect wallet" it might take back).
    await headerControl(app).and(app.locator('[data-kind=safe][data-status=Reconnecting]')).waitFor();
    await page.clock.runFor(SAFE_INFO_MS - 100);
    expect(await headerControl(app).getAttribute('data-kind')).toBe('safe');
    await page.clock.runFor(200);
    await page.clock.resume();
    await expectNormalPage(opened);
  });
});

function flipCase(text: string): string {
  const letter = [...text].findIndex((c) => /[a-fA-F]/.test(c));
  if (letter < 0) throw new Error(`no letter to flip in ${text}`);
  const c = text[letter]!;
  return text.slice(0, letter) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + text.slice(letter + 1);
}

describe('signing through the Safe', () => {
  it('a message the owners sign later (off chain) waits for them, then is "Signed and verified" by the Safe contract (ERC-1271)', async () => {
    const { page, app } = await openInParent({ mode: 'safe', info: safeInfo(), signing: 'offChain' });
    await waitForStatus(app, 'safe', 'Connected');
    await openSigning(app);
    const text = 'Approve the treasury report ✓';
    await signMessage(app, text);
    const asked = await waitForMessage(page);
    expect(asked).toMatchObject({ kind: 'message', content: text });
    // Waiting for the owners is not an answer: nothing is called invalid meanwhile.
    expect(await app.locator('[data-testid=sign-message] [data-status=invalid]').count()).toBe(0);
    const signature = await signMessageOffChain(anvilUrl, safeAddress, SIGNERS, hashMessage(text));
    await parentDoes(page, { signed: asked.messageHash!, signature });
    const outcome = await waitForOutcome(app, 'message', 'signed', WAIT_MS);
    expect(await outcome.getByTestId('verified').textContent()).toBe(`Signed and verified: the signer is ${safeAddress}, the connected account.`);
    expect(await policyViolations(app)).toEqual([]);
  });
});

/** What the shipped policy refused in the app's frame since it loaded. */
const policyViolations = (app: Frame) => app.evaluate(() => (window as unknown as { policyViolations?: string[] }).policyViolations ?? []);

describe('a transaction through the Safe', () => {
  it('is proposed, says it waits for the owners (toast and recent transactions, across a reload), then follows the execution to its chain hash and receipt', async () => {
    const recipient = new Wallet(id('walletdeck.e2e.safe-recipient')).address;
    const { page, app } = await openInParent({ mode: 'safe', info: safeInfo() }, { width: 375 });
    await waitForStatus(app, 'safe', 'Connected');
    await sendTransfer(app, recipient, '0.01');
    const proposal = await waitForProposal(page);
    expect(proposal.txs).toEqual([{ to: recipient, value: (10n ** 16n).toString(), data: '0x' }]);
    // The toast: proposed, waiting for the owners; no chain hash, no explorer link.
    const toast = toasts(app).and(app.locator('[data-via=safe][data-status=pending]'));
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Proposed 0\.01 ETH to .*Waiting for the Safe's owners to confirm and execute it in Safe\{Wallet\}/);
    expect(await toast.getAttribute('data-hash')).toBe('');
    await expectLayout(app);
    // The owners confirm one by one in Safe{Wallet}: still waiting.
    await parentDoes(page, { confirm: proposal.safeTxHash, confirmations: 1 });
    // A reload of the app: the proposal is still there, still followed.
    // Waited as a navigation: the old document's header control would otherwise answer the wait,
    // and the status read then ran in a document being replaced (a failure seen with 2 workers).
    await Promise.all([app.waitForNavigation(), app.evaluate(() => void setTimeout(() => location.reload(), 0))]);
    await headerControl(app).waitFor();
    await waitForStatus(app, 'safe', 'Connected');
    const menu = await openAccountMenu(app);
    const item = menu.locator('[data-testid=recent-transaction][data-via=safe]');
    await item.and(app.locator('[data-status=pending]')).waitFor();
    expect(await item.textContent()).toMatch(/Awaiting owners.*Proposed 0\.01 ETH.*Waiting for the Safe's owners/);
    await expectLayout(app);
    // The owners execute it on the chain; Safe{Wallet} then knows its chain hash.
    const before = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [recipient, 'latest']));
    const txHash = await execTransaction(anvilUrl, safeAddress, SIGNERS, { to: recipient, value: 10n ** 16n, data: '0x' }, DEPLOYER);
    await parentDoes(page, { execute: proposal.safeTxHash, txHash, success: true });
    const settled = menu.locator(`[data-testid=recent-transaction][data-via=safe][data-status=confirmed][data-hash="${txHash.toLowerCase()}"]`);
    await settled.waitFor();
    expect(await settled.textContent()).toMatch(/Sent 0\.01 ETH/);
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [recipient, 'latest'])) - before).toBe(10n ** 16n);
    expect(await policyViolations(app)).toEqual([]);
  });

  it('a proposal the owners reject ends as not sent, no money moved', async () => {
    const { page, app } = await openInParent({ mode: 'safe', info: safeInfo() });
    await waitForStatus(app, 'safe', 'Connected');
    await sendTransfer(app, new Wallet(id('walletdeck.e2e.safe-recipient-2')).address, '0.02');
    const proposal = await waitForProposal(page);
    await toasts(app).and(app.locator('[data-via=safe][data-status=pending]')).waitFor();
    await page.evaluate((hash) => {
      const parent = (window as unknown as { safeParent: { proposals: { safeTxHash: string; status: string }[] } }).safeParent;
      parent.proposals.find((p) => p.safeTxHash === hash)!.status = 'CANCELLED';
    }, proposal.safeTxHash);
    const failed = toasts(app).and(app.locator('[data-via=safe][data-status=failed]'));
    await failed.waitFor();
    expect(await failed.textContent()).toMatch(/The Safe's owners rejected it in Safe\{Wallet\}: no money moved/);
  });
});

describe('a Safe{Wallet} that stops answering while a message waits for the owners', () => {
  it('the wait ends at the signing limit, as a failure said in plain words, never "invalid"; the Safe stays connected', async () => {
    const { page, app } = await openInParent(
      { mode: 'safe', info: safeInfo(), signing: 'offChain', hangOn: 'getOffChainSignature' },
      {
        before: async (_context, page) => {
          await page.clock.install({ time: 0 });
        },
      },
    );
    await waitForStatus(app, 'safe', 'Connected');
    await openSigning(app);
    await signMessage(app, 'Never signed');
    await waitForMessage(page);
    await waitForRequests(page, 'getOffChainSignature');
    // From here the page's time is the test's: five minutes pass in an instant.
    await page.clock.pauseAt((await app.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(SAFE_SIGNATURE_MS + 60_000);
    await page.clock.resume();
    const outcome = await waitForOutcome(app, 'message', 'failed');
    // The signing request's own limit (7.5, 300 s) ends it first: said plainly, the exact message under Details.
    expect(await outcome.textContent()).toMatch(/did not answer in time.*Waiting for the wallet timed out after 300 s/);
    expect(await outcome.textContent()).not.toMatch(/invalid|not from/i);
    expect(await app.locator('[data-testid=sign-message] [data-status=invalid]').count()).toBe(0);
    await waitForStatus(app, 'safe', 'Connected');
  });
});

describe('a message signed on chain', () => {
  it('a Safe transaction records the message; once executed, the Safe contract answers ERC-1271 for it: "Signed and verified"', async () => {
    const { page, app } = await openInParent({ mode: 'safe', info: safeInfo(), signing: 'onChain' });
    await waitForStatus(app, 'safe', 'Connected');
    await openSigning(app);
    const text = 'Recorded on chain by the Safe';
    await signMessage(app, text);
    const asked = await waitForMessage(page);
    expect(asked.safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await app.locator('[data-testid=sign-message] [data-status=invalid]').count()).toBe(0);
    const txHash = await execTransaction(anvilUrl, safeAddress, SIGNERS, { to: safeAddress, value: 0n, data: signMessageCalldata(hashMessage(text)) }, DEPLOYER);
    await parentDoes(page, { execute: asked.safeTxHash!, txHash, success: true });
    const outcome = await waitForOutcome(app, 'message', 'signed', WAIT_MS);
    expect(await outcome.getByTestId('verified').textContent()).toBe(`Signed and verified: the signer is ${safeAddress}, the connected account.`);
  });
});
