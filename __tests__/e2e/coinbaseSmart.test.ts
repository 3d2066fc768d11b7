// A Coinbase Smart Wallet user, end to end (issue 24; docs/behaviour.md §7.8, §7.9): the production
// build in Chromium with the real SDK, the development Coinbase popup (scripts/dev/coinbase) on its own
// origin with its smart account on the real anvil. The user picks "Smart account" in the popup, signs a
// message and typed data before the account exists (ERC-6492) and sees "Signed and verified", sends
// three transfers as one batch (EIP-5792, which makes the account), and signs again by ERC-1271.
import { Wallet, getAddress } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { serveCoinbaseKeys, type KeysServer } from '../../scripts/dev/coinbase/keysServer';
import { DEV_SMART_BUNDLER, ERC6492_SUFFIX, type SmartAccountInfo } from '../../scripts/dev/coinbase/smartAccount';
import { prepareDevSmartAccount } from '../../scripts/dev/coinbase/smartAccountSetup';
import { expectAccessible } from '../support/a11y';
import { rpc, TEST_ACCOUNTS } from '../support/anvil';
import {
  continueWithoutExtension,
  expectLayout,
  openAccountMenu,
  openSigning,
  popupFrom,
  recentTransactions,
  sendTransfer,
  shownAccount,
  signMessage,
  signTypedDataSample,
  startConnect,
  switchChain,
  waitForOutcome,
  waitForStatus,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { WAIT_MS, tearDown } from '../support/lifecycle';
import { routeOrigin } from '../support/reroute';

const ETH = 10n ** 18n;
/** The keys the popup offers beside its smart account: one of anvil's, whose balance this suite never spends. */
const EOA = TEST_ACCOUNTS[0].address;

const suite = browserSuite();
let keys: KeysServer | undefined;
let smart: SmartAccountInfo;

beforeAll(async () => {
  const env = e2eEnv();
  // An owner key of this run's own: its account is new on the shared chain, whatever ran before.
  smart = await prepareDevSmartAccount(env.anvilUrl, Wallet.createRandom().privateKey);
  // The popup hands the SDK the chain through its own /rpc, at the origin the build knows (routed here).
  keys = await serveCoinbaseKeys({
    accounts: [EOA],
    signer: { chainUrl: env.anvilUrl, chainId: 31337, chainName: 'Local development chain' },
    smart,
    chains: { '31337': `${new URL(env.keysUrl).origin}/rpc` },
  });
}, 60_000);

tearDown(() => [keys]);

const balanceOf = async (address: string) => BigInt(await rpc<string>(e2eEnv().anvilUrl, 'eth_getBalance', [address, 'latest']));
const hasCode = async (address: string) => (await rpc<string>(e2eEnv().anvilUrl, 'eth_getCode', [address, 'latest'])) !== '0x';

/**
 * The popup hears `preference` as the site's account preference, as from an app built with that
 * COINBASE_PREFERENCE (this build has the default, "all"): the SDK's config message is changed on
 * its way into the popup's window, nothing else.
 */
function asIfBuiltWith(preference: string): void {
  if (location.pathname !== '/connect') return;
  const listen = window.addEventListener.bind(window);
  window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    if (type !== 'message' || typeof listener !== 'function') return listen(type, listener, options);
    return listen(
      'message',
      (event: MessageEvent) => {
        const message = event.data as { data?: { preference?: Record<string, unknown> } } | null;
        if (!message?.data?.preference) return listener(event);
        const changed = { ...message, data: { ...message.data, preference: { ...message.data.preference, options: preference } } };
        return listener(new MessageEvent('message', { data: changed, origin: event.origin }));
      },
      options,
    );
  }) as typeof window.addEventListener;
}

/** A fresh profile on the app, its keys origin answered by this suite's popup. */
async function openApp(width: number, preference?: string): Promise<Page> {
  const context = await suite.newContext({ viewport: { width, height: 900 } });
  await routeOrigin(context, e2eEnv().keysPort, keys!.origin);
  if (preference) await context.addInitScript(asIfBuiltWith, preference);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  return page;
}

/** The app on a fresh profile, connected through the popup with its smart account, on the local chain. */
async function connectSmartAccount(width: number): Promise<Page> {
  const page = await openApp(width);
  await startConnect(page, 'coinbase');
  const popup = await popupFrom(page, () => continueWithoutExtension(page));
  const picker = popup.getByLabel('Account');
  expect(await picker.locator('option').allTextContents()).toEqual([
    `Smart account · ${smart.address.slice(0, 6)}…${smart.address.slice(-4)}`,
    `Account 1 · ${EOA.slice(0, 6)}…${EOA.slice(-4)}`,
  ]);
  await picker.selectOption(smart.address);
  await popup.getByRole('button', { name: 'Approve' }).click();
  await waitForStatus(page, 'coinbase', 'Connected', WAIT_MS);
  expect(await shownAccount(page, 'coinbase')).toBe(smart.address);
  // The SDK connects on the app's first chain; the popup knows the local chain, switched to without a prompt.
  await switchChain(page, 'coinbase', 'Local development chain');
  await waitForStatus(page, 'coinbase', 'Connected', WAIT_MS);
  await openSigning(page);
  return page;
}

/** Signs in the popup (message or the typed data sample) and returns the outcome, once verified or not. */
async function signed(page: Page, form: 'message' | 'typedData'): Promise<{ signature: string; verified: string }> {
  const popup = await popupFrom(page, () => (form === 'message' ? signMessage(page, 'Sign in to Walletdeck ✓') : signTypedDataSample(page)));
  await popup.getByRole('button', { name: 'Approve' }).click();
  const outcome = await waitForOutcome(page, form, 'signed', WAIT_MS);
  return { signature: (await outcome.getByTestId('signature').textContent()) ?? '', verified: (await outcome.getByTestId('verified').textContent()) ?? '' };
}

/** Chooses "Send to several" and fills one row per recipient; the form. */
async function fillSeveral(page: Page, transfers: ReadonlyArray<{ to: string; amount: string }>): Promise<Locator> {
  await page.getByTestId('transfer-choice').getByLabel('Send to several').check();
  const form = page.getByTestId('sign-several');
  for (const [index, { to, amount }] of transfers.entries()) {
    if ((await form.getByTestId('several-row').count()) <= index) await form.getByRole('button', { name: 'Add a recipient' }).click();
    await form.getByLabel(`Recipient ${index + 1}`, { exact: true }).fill(to);
    await form.getByLabel(`Amount ${index + 1} (ETH)`, { exact: true }).fill(amount);
  }
  return form;
}

describe('the development popup\'s smart account (Coinbase Smart Wallet)', () => {
  it('connects, signs before it exists (ERC-6492), sends three transfers as one batch and then one, and signs after by ERC-1271, on a 375 px phone', async () => {
    const page = await connectSmartAccount(375);
    const verifiedWords = `Signed and verified: the signer is ${smart.address}, the connected account.`;
    expect(await hasCode(smart.address)).toBe(false);

    const message = await signed(page, 'message');
    expect(message.signature.endsWith(ERC6492_SUFFIX.slice(2))).toBe(true);
    expect(message.verified).toBe(verifiedWords);
    const typed = await signed(page, 'typedData');
    expect(typed.signature.endsWith(ERC6492_SUFFIX.slice(2))).toBe(true);
    expect(typed.verified).toContain(smart.address);
    await expectLayout(page);

    const to = [0, 1, 2].map(() => Wallet.createRandom().address);
    const form = await fillSeveral(page, [
      { to: to[0]!, amount: '0.1' },
      { to: to[1]!, amount: '0.2' },
      { to: to[2]!, amount: '0.3' },
    ]);
    const popup = await popupFrom(page, () => form.getByRole('button', { name: 'Send to 3' }).click());
    await popup.getByRole('heading', { name: 'Send these 3 calls as one batch?' }).waitFor();
    await popup.getByRole('button', { name: 'Approve' }).click();
    const status = form.getByTestId('several-status');
    await status.and(page.locator('[data-status=done][data-mode=atomic]')).waitFor();
    expect(await status.textContent()).toBe('Sent as one batch of 3 transfers: follow it in Recent transactions.');
    // Followed by the wallet's wallet_getCallsStatus (the popup's /rpc) to confirmed: one entry for the batch.
    const toast = page.locator('[data-testid=tx-toast][data-via=calls][data-status=confirmed]');
    await toast.waitFor();
    expect(await toast.locator('strong').textContent()).toBe('Sent 0.6 ETH to 3 recipients');
    await expectLayout(page);
    const shown = await recentTransactions(page);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.status).toBe('confirmed');
    expect(await Promise.all(to.map(balanceOf))).toEqual([ETH / 10n, (2n * ETH) / 10n, (3n * ETH) / 10n]);
    // One chain transaction carried the batch: the bundler's, and it made the account.
    const receipt = await rpc<{ from: string }>(e2eEnv().anvilUrl, 'eth_getTransactionReceipt', [shown[0]!.hash]);
    expect(getAddress(receipt.from)).toBe(DEV_SMART_BUNDLER);
    expect(await hasCode(smart.address)).toBe(true);
    await openAccountMenu(page);
    await expectAccessible(page);

    // A single transfer (eth_sendTransaction) goes through the bundler too: its transaction, and still the user's record.
    await openSigning(page);
    await page.getByTestId('transfer-choice').getByLabel('Send to one').check();
    const single = Wallet.createRandom().address;
    const sendPopup = await popupFrom(page, () => sendTransfer(page, single, '0.05'));
    await sendPopup.getByRole('heading', { name: 'Send this transaction?' }).waitFor();
    await sendPopup.getByRole('button', { name: 'Approve' }).click();
    await waitForOutcome(page, 'transaction', 'confirmed', WAIT_MS);
    expect(await balanceOf(single)).toBe(ETH / 20n);
    const both = await recentTransactions(page);
    expect(both.map((t) => t.status)).toEqual(['confirmed', 'confirmed']);
    const transfer = await rpc<{ from: string; to: string }>(e2eEnv().anvilUrl, 'eth_getTransactionReceipt', [both[0]!.hash]);
    expect([getAddress(transfer.from), getAddress(transfer.to)]).toEqual([DEV_SMART_BUNDLER, smart.address]);

    const after = await signed(page, 'message');
    expect(after.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(after.verified).toBe(verifiedWords);
    const typedAfter = await signed(page, 'typedData');
    expect(typedAfter.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(typedAfter.verified).toContain(smart.address);
    await expectLayout(page);
  });
});

describe("the site's account preference (COINBASE_PREFERENCE)", () => {
  it.each([
    ['smartWalletOnly', () => [`Smart account · ${smart.address.slice(0, 6)}…${smart.address.slice(-4)}`], () => smart.address],
    ['eoaOnly', () => [`Account 1 · ${EOA.slice(0, 6)}…${EOA.slice(-4)}`], () => EOA],
  ])('%s: the popup offers only those accounts, and the app connects with one', async (preference, offered, connected) => {
    const page = await openApp(1280, preference);
    await startConnect(page, 'coinbase');
    const popup = await popupFrom(page, () => continueWithoutExtension(page));
    expect(await popup.getByLabel('Account').locator('option').allTextContents()).toEqual(offered());
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForStatus(page, 'coinbase', 'Connected', WAIT_MS);
    expect(await shownAccount(page, 'coinbase')).toBe(connected());
  });
});
