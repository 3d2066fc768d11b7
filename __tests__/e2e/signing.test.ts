// Sign and send, end to end (docs/behaviour.md §7 and §10): the built app in real headless Chromium, the
// fake extension wallet signing with one of anvil's keys in the test process, transactions mined on
// a real anvil, names on real ENS contracts there. The app is driven through support/appDriver.ts.
import { HDNodeWallet, Wallet, verifyMessage, verifyTypedData } from 'ethers';
import type { Page } from 'playwright-core';
import { deployEns, setAddress } from '../../contracts/deployEns';
import { receiptOf, rpc } from '../support/anvil';
import {
  connect,
  expectLayout,
  fillTransfer,
  openSigning,
  recentTransactions,
  recipientNote,
  sendTransfer,
  shownBalance,
  signMessage,
  signTypedDataSample,
  toasts,
  transferWarnings,
  waitForBalance,
  waitForOutcome,
  waitForRecentTransaction,
  waitForStatus,
  waitForToast,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { holdTransfers } from '../support/holdTransfers';
import { answerHandled, recordSettledRequests } from '../support/settledRequests';
import { injectAxe } from '../support/axe';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { formatNativeAmount } from '../../src/features/chain/format';


const METAMASK = { uuid: '0b7c3f0e-52a4-4f0e-9d55-6a1e4cde2a71', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const MNEMONIC = 'test test test test test test test test test test test junk';
// Anvil's accounts 7 and 8: other suites use the first accounts (and 4, 5, 6, 9), so these balances and nonces are ours.
const SENDER = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/7");
const SECOND = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/8");
/** Runtime code that reverts whatever it is sent: PUSH1 0 PUSH1 0 REVERT. */
const REVERTING_CODE = '0x60006000fd';
/** A name of this suite's own on the development chain's registry. */
const NAME = 'txs-recipient.test';
const NAMED = Wallet.createRandom().address;
const ETH = 10n ** 18n;

const suite = browserSuite();
let anvilUrl: string;

beforeAll(async () => {
  anvilUrl = suite.rpcUrls[31337]!;
  await deployEns(anvilUrl);
  await setAddress(anvilUrl, NAME, NAMED);
}, 60_000);

interface App {
  page: Page;
  wallet: FakeWallet;
}

const setBalance = (address: string, wei: bigint) => rpc(anvilUrl, 'anvil_setBalance', [address, `0x${wei.toString(16)}`]);
const balanceOf = async (address: string) => BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [address, 'latest']));

/** A fresh profile with the fake MetaMask holding `keys` (account 7 first), connected, the panel open. */
async function openConnected(options: Partial<FakeWalletOptions> & { width?: number; dark?: boolean } = {}): Promise<App> {
  const context = await suite.browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
  suite.contexts.push(context);
  context.setDefaultTimeout(10_000);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [SENDER.privateKey], ...options });
  await recordSettledRequests(context);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  // A site the wallet already connected reconnects silently; otherwise the user connects.
  if (options.connectedOrigins) await waitForStatus(page, 'injected', 'Connected');
  else await connect(page, 'injected');
  await openSigning(page);
  return { page, wallet };
}

/** axe-core's violations in the parts of the page given (rule id and the first offending node). */
async function violations(page: Page, include: string[]): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (parts) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const present = parts.filter((selector) => document.querySelector(selector));
    const result = await axe.run({ include: present.map((selector) => [selector]) });
    return result.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  }, include);
}

describe('loading', () => {
  it('the panel and its signing code are not part of the first visit: they load as a wallet connects (§7.1)', async () => {
    const context = await suite.browser.newContext();
    suite.contexts.push(context);
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [SENDER.privateKey] });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(suite.server.url);
    await page.getByTestId('sign-section').getByTestId('sign-connect').waitFor();
    await page.getByTestId('block-number').waitFor();
    expect(scripts.filter((s) => /\/(signing|transactions)\./.test(s))).toEqual([]);
    await connect(page, 'injected');
    // Open with the connection: nothing to press, its forms there.
    await page.getByTestId('sign-section').getByTestId('sign-target').waitFor();
    expect(await page.getByTestId('sign-section').getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
    expect(scripts.filter((s) => s.includes('/signing.'))).toHaveLength(1);
  });
});

describe('sign a message', () => {
  it('the wallet signs with its key; the app recovers the signer and shows it as the connected account, with the wallet by its own name', async () => {
    const app = await openConnected();
    expect(await app.page.getByTestId('sign-target').textContent()).toBe(`As ${SENDER.address} on Local development chain, with MetaMask.`);
    await signMessage(app.page, 'Walletdeck e2e ✓');
    const done = await waitForOutcome(app.page, 'message', 'signed');
    expect(await done.getByTestId('verified').textContent()).toBe(`Signed and verified: the signer is ${SENDER.address}, the connected account.`);
    const signature = (await done.getByTestId('signature').textContent()) ?? '';
    expect(verifyMessage('Walletdeck e2e ✓', signature)).toBe(SENDER.address);
    expect(app.wallet.requests('personal_sign')).toHaveLength(1);
  });

  it('works from the keyboard alone', async () => {
    const app = await openConnected();
    const message = app.page.getByTestId('sign-message').getByLabel('Message to sign');
    await message.focus();
    await app.page.keyboard.press('Tab');
    expect(await app.page.evaluate(() => document.activeElement?.textContent)).toBe('Sign message');
    await app.page.keyboard.press('Enter');
    await waitForOutcome(app.page, 'message', 'signed');
  });
});

describe('sign typed data', () => {
  it('previews the sample, has it signed and verifies the signer the same way', async () => {
    const app = await openConnected();
    const form = app.page.getByTestId('sign-typedData');
    const preview = form.getByTestId('typed-data-preview');
    expect(await preview.textContent()).toContain('Primary type: Mail');
    expect(await preview.textContent()).toContain('chainId uint256: 31337');
    await signTypedDataSample(app.page);
    const done = await waitForOutcome(app.page, 'typedData', 'signed');
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
    const form = app.page.getByTestId('sign-typedData');
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

describe('a new input clears an old result', () => {
  it('editing a signed message or typed data, or the next transfer, removes the old result from under it', async () => {
    await setBalance(SENDER.address, 100n * ETH);
    const app = await openConnected();
    await signMessage(app.page, 'first');
    await waitForOutcome(app.page, 'message', 'signed');
    await app.page.getByTestId('sign-message').getByLabel('Message to sign').fill('second');
    expect(await app.page.getByTestId('sign-message').getByTestId('outcome').count()).toBe(0);

    await signTypedDataSample(app.page);
    await waitForOutcome(app.page, 'typedData', 'signed');
    await app.page.getByTestId('sign-typedData').getByLabel('Typed data (JSON)').press('End');
    await app.page.getByTestId('sign-typedData').getByLabel('Typed data (JSON)').press('Space');
    expect(await app.page.getByTestId('sign-typedData').getByTestId('outcome').count()).toBe(0);

    await sendTransfer(app.page, Wallet.createRandom().address, '0.001');
    await waitForOutcome(app.page, 'transaction', 'confirmed', 20_000);
    await fillTransfer(app.page, Wallet.createRandom().address, '0.002');
    expect(await app.page.getByTestId('sign-transaction').getByTestId('outcome').count()).toBe(0);
    // The transfer itself is not lost: it is in the recent transactions (its toast leaves by itself).
    expect((await recentTransactions(app.page))[0]?.status).toBe('confirmed');
  });
});

describe('send a transfer', () => {
  it('a toast goes from pending to confirmed, the balance shows the amount and the fee, and after a reload it is in the recent transactions', async () => {
    await setBalance(SENDER.address, 100n * ETH);
    const recipient = Wallet.createRandom().address;
    const app = await openConnected({ connectedOrigins: [suite.server.url] });
    await waitForBalance(app.page, /^100 ETH$/);
    const held = holdTransfers(app.wallet, SENDER, anvilUrl);
    const form = await fillTransfer(app.page, recipient, '1');
    expect((await transferWarnings(app.page)).fee).toMatch(/^Network fee ≈ 0\.0000\d+ ETH$/);
    await form.getByRole('button', { name: 'Send', exact: true }).click();

    const pending = await waitForToast(app.page, 'pending');
    const hash = (await pending.getAttribute('data-hash')) ?? '';
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await pending.locator('strong').textContent()).toBe(`Sending 1 ETH to ${recipient.slice(0, 6)}…${recipient.slice(-4)}`);
    expect(await pending.getByTestId('tx-status').textContent()).toBe('Pending: waiting for the network to include it.');
    // Said to screen readers, politely.
    expect(await app.page.getByTestId('tx-announcements').textContent()).toContain(`Sending 1 ETH to`);
    expect(await app.page.getByTestId('tx-announcements').getAttribute('aria-live')).toBe('polite');

    await held.release();
    const confirmed = await waitForToast(app.page, 'confirmed', hash, 20_000);
    const receipt = await receiptOf(anvilUrl, hash);
    expect(receipt.status).toBe('0x1');
    expect(await confirmed.locator('strong').textContent()).toBe(`Sent 1 ETH to ${recipient.slice(0, 6)}…${recipient.slice(-4)}`);
    expect(await confirmed.getByTestId('tx-status').textContent()).toBe(`Confirmed in block ${parseInt(receipt.blockNumber, 16)}.`);
    await waitForOutcome(app.page, 'transaction', 'confirmed');
    expect(await balanceOf(recipient)).toBe(ETH);
    // 100 - 1 - the fee: the fee shows (not "99 ETH").
    const left = await balanceOf(SENDER.address);
    expect(left).toBeLessThan(99n * ETH);
    await waitForBalance(app.page, `${formatNativeAmount(left)} ETH`);
    expect(await shownBalance(app.page)).toMatch(/^98\.9999\d* ETH$/);

    await app.page.reload();
    await waitForStatus(app.page, 'injected', 'Connected');
    expect(await recentTransactions(app.page)).toEqual([{ hash, status: 'confirmed', text: expect.stringContaining(`Sent 1 ETH to ${recipient.slice(0, 6)}`) }]);
    // Toasts are for what happens on this page: none after the reload.
    expect(await toasts(app.page).count()).toBe(0);
  });

  it('a transaction still pending at a reload is followed again, and shows what it became', async () => {
    await setBalance(SENDER.address, 100n * ETH);
    const app = await openConnected({ connectedOrigins: [suite.server.url] });
    const held = holdTransfers(app.wallet, SENDER, anvilUrl);
    await sendTransfer(app.page, Wallet.createRandom().address, '0.5');
    const hash = (await (await waitForToast(app.page, 'pending')).getAttribute('data-hash')) ?? '';
    await app.page.reload();
    await waitForStatus(app.page, 'injected', 'Connected');
    expect(await recentTransactions(app.page)).toEqual([expect.objectContaining({ hash, status: 'pending' })]);
    await held.release();
    await waitForRecentTransaction(app.page, hash, 'confirmed', 20_000);
  });

  it('a transaction that reverts is mined and shown as failed, in plain words with the details one click away', async () => {
    const target = Wallet.createRandom().address;
    await rpc(anvilUrl, 'anvil_setCode', [target, REVERTING_CODE]);
    await setBalance(SENDER.address, 100n * ETH);
    const app = await openConnected();
    await fillTransfer(app.page, target, '0.01');
    const warnings = await transferWarnings(app.page);
    expect(warnings.fee).toMatch(/^The network fee could not be estimated: this transfer would probably fail\.Details/);
    expect(warnings.sendLabel).toBe('Send anyway');
    await app.page.getByRole('button', { name: 'Send anyway' }).click();
    const done = await waitForOutcome(app.page, 'transaction', 'failed', 20_000);
    const hash = (await done.getByTestId('tx-hash').getAttribute('data-hash')) ?? '';
    const receipt = await receiptOf(anvilUrl, hash);
    expect(receipt.status).toBe('0x0');
    const block = parseInt(receipt.blockNumber, 16);
    expect(await done.getByRole('alert').locator('.error-sentence').textContent()).toBe(`It failed on the network (block ${block}): no money moved, only the fee was paid.`);
    expect(await done.locator('details').textContent()).toBe(`DetailsThe transaction reverted in block ${block}`);
    const toast = await waitForToast(app.page, 'failed', hash);
    expect(await toast.locator('strong').textContent()).toMatch(/^Could not send 0\.01 ETH to /);
  });

  it('a transfer answered after an account switch is still shown and tracked, for the account that asked', async () => {
    await setBalance(SENDER.address, 100n * ETH);
    const recipient = Wallet.createRandom().address;
    const app = await openConnected({ approval: 'manual', connectedOrigins: [suite.server.url], privateKeys: [SENDER.privateKey, SECOND.privateKey] });
    await sendTransfer(app.page, recipient, '0.25');
    await waitForOutcome(app.page, 'transaction', 'waiting');
    await app.wallet.selectAccount(SECOND.address);
    await app.page.getByTestId('sign-target').filter({ hasText: SECOND.address }).waitFor();
    await app.wallet.approvePending();
    const toast = await waitForToast(app.page, 'confirmed', undefined, 20_000);
    const hash = (await toast.getAttribute('data-hash')) ?? '';
    expect(await toast.textContent()).toContain(`From ${SENDER.address.slice(0, 6)}…${SENDER.address.slice(-4)} on Local development chain`);
    // The form on screen is the second account's: the first one's "Confirmed in block" is never in it (§7.6).
    expect(await app.page.getByTestId('sign-transaction').getByTestId('outcome').count()).toBe(0);
    expect(await balanceOf(recipient)).toBe(ETH / 4n);
    const tx = await rpc<{ from: string }>(anvilUrl, 'eth_getTransactionByHash', [hash]);
    expect(tx.from.toLowerCase()).toBe(SENDER.address.toLowerCase());
    // It belongs to the account that asked: not in the second account's list, in the first one's.
    expect(await recentTransactions(app.page)).toEqual([]);
    await app.wallet.selectAccount(SENDER.address);
    await app.page.getByTestId('sign-target').filter({ hasText: SENDER.address }).waitFor();
    expect(await recentTransactions(app.page)).toEqual([expect.objectContaining({ hash, status: 'confirmed' })]);
  });

  it('a name as recipient: resolved on the chain, its address shown beside the field, and the money goes there', async () => {
    await setBalance(SENDER.address, 100n * ETH);
    const app = await openConnected();
    await fillTransfer(app.page, 'TXS-Recipient.test', '0.3');
    expect(await recipientNote(app.page)).toEqual({ status: 'resolved', text: `${NAME} is ${NAMED}`, address: NAMED });
    await sendTransfer(app.page, 'TXS-Recipient.test', '0.3');
    const toast = await waitForToast(app.page, 'confirmed', undefined, 20_000);
    expect(await toast.locator('strong').textContent()).toBe(`Sent 0.3 ETH to ${NAME}`);
    expect(await balanceOf(NAMED)).toBe((3n * ETH) / 10n);
    expect(app.wallet.requests('eth_sendTransaction')[0]?.params).toEqual([expect.objectContaining({ from: SENDER.address, to: NAMED })]);
  });

  it('a name that points nowhere, or that is not a name, is said plainly and cannot be sent to', async () => {
    const app = await openConnected();
    await fillTransfer(app.page, 'nobody-at-all.test', '0.1');
    expect(await recipientNote(app.page)).toEqual({ status: 'notFound', text: 'nobody-at-all.test does not point to an address on Local development chain.' });
    expect(await app.page.getByTestId('sign-transaction').getByRole('button', { name: /^Send/ }).isDisabled()).toBe(true);
    await fillTransfer(app.page, '0x1234', '0.1');
    expect((await recipientNote(app.page)).text).toBe('That is not a whole address: an address is 0x and 40 characters (0–9, a–f).');
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
  });

  it('an amount above the balance, or with the fee above it, is said before the wallet is asked; the user may still send', async () => {
    await setBalance(SENDER.address, ETH);
    const app = await openConnected();
    await waitForBalance(app.page, /^1 ETH$/);
    await fillTransfer(app.page, Wallet.createRandom().address, '2');
    let warnings = await transferWarnings(app.page);
    expect(warnings.balance).toBe('Not enough ETH for this amount: you have 1 ETH. Your wallet will probably refuse it.');
    expect(warnings.sendLabel).toBe('Send anyway');
    await fillTransfer(app.page, Wallet.createRandom().address, '0.99999999999');
    warnings = await transferWarnings(app.page);
    expect(warnings.fee).toMatch(/^Network fee ≈ /);
    expect(warnings.balance).toMatch(/^Not enough ETH for this amount plus the network fee \(≈ 0\.0000\d+ ETH\): you have 1 ETH\. Your wallet will probably refuse it\.$/);
    expect(await app.page.getByRole('button', { name: 'Send anyway' }).isEnabled()).toBe(true);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
  });
});

describe('failures as a user expects them', () => {
  it('a refusal in the wallet is a calm "You declined", naming the wallet', async () => {
    const app = await openConnected();
    app.wallet.approval = 'reject';
    await signMessage(app.page, 'no thanks');
    const done = await waitForOutcome(app.page, 'message', 'declined');
    expect(await done.textContent()).toBe('You declined the request in MetaMask.');
    expect(await done.getByRole('alert').count()).toBe(0);
  });

  it('a wallet that never answers can be abandoned, and the next request goes through', async () => {
    const app = await openConnected();
    await app.wallet.misbehave('personal_sign', { hang: true });
    await signMessage(app.page, 'hello?');
    const waiting = await waitForOutcome(app.page, 'message', 'waiting');
    expect(await waiting.textContent()).toContain('Confirm in MetaMask.');
    await waiting.getByRole('button', { name: 'Stop waiting' }).click();
    await waitForOutcome(app.page, 'message', 'abandoned');
    await app.wallet.misbehave('personal_sign', undefined);
    await signMessage(app.page, 'hello again');
    await waitForOutcome(app.page, 'message', 'signed');
    expect(app.wallet.requests('personal_sign')).toHaveLength(2);
  });

  it('an account switch while the wallet is asked drops a signature, in plain words with the exact reason under Details', async () => {
    const app = await openConnected({ approval: 'manual', connectedOrigins: [suite.server.url], privateKeys: [SENDER.privateKey, SECOND.privateKey] });
    await signMessage(app.page, 'for the first account');
    await waitForOutcome(app.page, 'message', 'waiting');
    await app.wallet.selectAccount(SECOND.address);
    const dropped = await waitForOutcome(app.page, 'message', 'dropped');
    expect(await dropped.locator('p').first().textContent()).toBe('The account changed in MetaMask before it answered, so its answer is not shown for the new one.');
    expect(await dropped.locator('details').textContent()).toBe(
      `DetailsThe account changed from ${SENDER.address} to ${SECOND.address} while the request waited: its answer is not shown.`,
    );
    // The late answer reaches the app and the app has done what it does with it: still dropped, no signature.
    await app.wallet.approvePending();
    await answerHandled(app.page, 'personal_sign');
    expect(await waitForOutcome(app.page, 'message', 'dropped')).toBeTruthy();
    expect(await app.page.getByTestId('signature').count()).toBe(0);
  });
});

describe('on a phone-sized screen, light and dark', () => {
  it.each([
    [375, false],
    [375, true],
    [1280, true],
  ])('at %i px (dark: %s) the panel and the toasts never widen the page, stay clear of the header, and axe finds nothing', async (width, dark) => {
    await setBalance(SENDER.address, 100n * ETH);
    const app = await openConnected({ width, dark, connectedOrigins: [suite.server.url] });
    await expectLayout(app.page);
    const held = holdTransfers(app.wallet, SENDER, anvilUrl);
    await sendTransfer(app.page, NAME, '0.01');
    const toast = await waitForToast(app.page, 'pending');
    // Focus in the toast holds it: settled, it would otherwise leave by itself before the checks end.
    await toast.getByRole('button', { name: /^Dismiss: / }).focus();
    await expectLayout(app.page);
    const [box, header] = await Promise.all([toast.boundingBox(), app.page.locator('header').first().boundingBox()]);
    expect(box && header && box.y >= header.y + header.height).toBe(true);
    expect(await violations(app.page, ['[data-testid=sign-section]', '[data-testid=tx-toasts]'])).toEqual([]);
    await held.release();
    const confirmed = await waitForToast(app.page, 'confirmed', undefined, 20_000);
    await expectLayout(app.page);
    expect(await violations(app.page, ['[data-testid=sign-section]', '[data-testid=tx-toasts]'])).toEqual([]);
    // Dismissed from the keyboard.
    expect(await confirmed.getByRole('button', { name: /^Dismiss: / }).evaluate((button) => button === document.activeElement)).toBe(true);
    await app.page.keyboard.press('Enter');
    expect(await toasts(app.page).count()).toBe(0);
  });

  it('has no axe-core violations with problems on screen: declined, input problems, a name that points nowhere', async () => {
    const app = await openConnected();
    app.wallet.approval = 'reject';
    await signTypedDataSample(app.page);
    await waitForOutcome(app.page, 'typedData', 'declined');
    await fillTransfer(app.page, 'nobody-at-all.test', 'abc');
    await recipientNote(app.page);
    await app.page.getByTestId('sign-typedData').getByLabel('Typed data (JSON)').fill('{}');
    expect(await violations(app.page, ['[data-testid=sign-section]'])).toEqual([]);
  });
});
