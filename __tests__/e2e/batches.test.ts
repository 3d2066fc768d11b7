// "Send to several", end to end (docs/behaviour.md §7.9, §10): the production build in Chromium, the fake
// extension wallet holding a fresh funded key, transfers mined on the real anvil. A wallet that
// knows EIP-5792 (walletCore.supportCalls) gets one batch and the user sees one entry; a wallet that
// does not gets the transfers one by one, seen here on a 375 px phone.
import { Wallet } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { deployEns, setAddress } from '../../contracts/deployEns';
import { rpc } from '../support/anvil';
import { connect, expectLayout, openAccountMenu, openSigning, recentTransactions } from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import type { CallsSupport } from '../support/walletCore';
import { until } from '../support/wait';

const METAMASK = { uuid: '7d0e1c52-6f0b-4a5e-a2c8-4e2f2b9d5a11', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const ETH = 10n ** 18n;

/** A name of this suite's own on the development chain's registry: a recipient may be named. */
const NAME = 'several-recipient.test';
const NAMED = Wallet.createRandom().address;

const suite = browserSuite();

beforeAll(async () => {
  const url = suite.rpcUrls[31337]!;
  await deployEns(url);
  await setAddress(url, NAME, NAMED);
}, 60_000);

interface App {
  page: Page;
  wallet: FakeWallet;
  sender: Wallet;
}

const balanceOf = async (address: string) => BigInt(await rpc<string>(suite.rpcUrls[31337]!, 'eth_getBalance', [address, 'latest']));

/** A fresh funded key of this test's own (no other suite shares its nonce), connected, the panel open. */
async function openConnected(options: { width?: number; calls?: CallsSupport } = {}): Promise<App> {
  const sender = Wallet.createRandom();
  await rpc(suite.rpcUrls[31337]!, 'anvil_setBalance', [sender.address, `0x${(10n * ETH).toString(16)}`]);
  const context = await suite.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: suite.rpcUrls[31337]! }, privateKeys: [sender.privateKey] });
  if (options.calls) wallet.core.supportCalls(options.calls);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  await openSigning(page);
  return { page, wallet, sender: new Wallet(sender.privateKey) };
}

/** Chooses "Send to several" and fills one row per recipient (adding rows as needed); the form. */
async function fillSeveral(page: Page, transfers: ReadonlyArray<{ to: string; amount: string }>): Promise<Locator> {
  await page.getByTestId('transfer-choice').getByLabel('Send to several').check();
  const form = page.getByTestId('sign-several');
  for (const [index, { to, amount }] of transfers.entries()) {
    const rows = form.getByTestId('several-row');
    if ((await rows.count()) <= index) await form.getByRole('button', { name: 'Add a recipient' }).click();
    await form.getByLabel(`Recipient ${index + 1}`, { exact: true }).fill(to);
    await form.getByLabel(`Amount ${index + 1} (ETH)`, { exact: true }).fill(amount);
  }
  return form;
}

const recipients = () => [0, 1, 2].map(() => Wallet.createRandom().address);

/**
 * Three transfers sent one by one to new recipients, with a wallet that waits for the user: the first
 * is approved, and the wallet is asking about the second.
 */
async function secondTransferAsked() {
  const app = await openConnected();
  const to = recipients();
  const form = await fillSeveral(app.page, [
    { to: to[0]!, amount: '0.01' },
    { to: to[1]!, amount: '0.02' },
    { to: to[2]!, amount: '0.03' },
  ]);
  app.wallet.approval = 'manual';
  await form.getByRole('button', { name: 'Send to 3' }).click();
  const status = form.getByTestId('several-status');
  await status.filter({ hasText: '0 of 3 sent. Confirm transfer 1 in your wallet.' }).waitFor();
  await until(() => app.wallet.core.prompts.length === 1, { what: 'the first prompt' });
  await app.wallet.core.approvePending();
  await status.filter({ hasText: '1 of 3 sent. Confirm transfer 2 in your wallet.' }).waitFor();
  await until(() => app.wallet.core.prompts.length === 1, { what: 'the second prompt' });
  return { app, to, form, status };
}

describe('send to several', () => {
  it('a wallet that batches: three transfers go as one batch, and the user sees one confirmed entry with its recipients', async () => {
    const app = await openConnected({ calls: { atomic: 'supported' } });
    const to = [...recipients().slice(0, 2), NAMED];
    const form = await fillSeveral(app.page, [
      { to: to[0]!, amount: '0.1' },
      { to: to[1]!, amount: '0.2' },
      { to: NAME, amount: '0.3' },
    ]);
    // The name is looked up on the chain's registry, its address shown, as for a single transfer.
    await form.getByTestId('several-row').nth(2).getByTestId('resolved-address').filter({ hasText: NAMED }).waitFor();
    await form.getByTestId('several-total').filter({ hasText: 'In all 0.6 ETH to 3 recipients' }).waitFor();
    await form.getByRole('button', { name: 'Send to 3' }).click();
    const status = form.getByTestId('several-status');
    await status.and(app.page.locator('[data-status=done][data-mode=atomic]')).waitFor();
    expect(await status.textContent()).toBe('Sent as one batch of 3 transfers: follow it in Recent transactions.');
    // One toast for the batch, confirmed once its calls are mined (anvil mines at once).
    const toast = app.page.locator('[data-testid=tx-toast][data-via=calls][data-status=confirmed]');
    await toast.waitFor();
    expect(await app.page.getByTestId('tx-toast').count()).toBe(1);
    expect(await toast.locator('strong').textContent()).toBe('Sent 0.6 ETH to 3 recipients');
    expect(await toast.getByTestId('tx-transfers').locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^0\.1 ETH to 0x/),
      expect.stringMatching(/^0\.2 ETH to 0x/),
      `0.3 ETH to ${NAME}`,
    ]);
    // The sent transfers left the form: it is empty again.
    expect(await form.getByLabel('Recipient 1', { exact: true }).inputValue()).toBe('');
    const shown = await recentTransactions(app.page);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.status).toBe('confirmed');
    expect(shown[0]?.text).toContain('0.1 ETH to');
    expect(await Promise.all(to.map(balanceOf))).toEqual([ETH / 10n, (2n * ETH) / 10n, (3n * ETH) / 10n]);
    expect(app.wallet.requests('wallet_sendCalls')).toHaveLength(1);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
    await openAccountMenu(app.page);
    await expectAccessible(app.page);
  });

  it('a wallet without EIP-5792, on a 375 px phone: one by one with progress, three entries, nothing sideways', async () => {
    const app = await openConnected({ width: 375 });
    const to = recipients();
    const form = await fillSeveral(app.page, [
      { to: to[0]!, amount: '0.01' },
      { to: to[1]!, amount: '0.02' },
      { to: to[2]!, amount: '0.03' },
    ]);
    await expectLayout(app.page);
    await form.getByRole('button', { name: 'Send to 3' }).click();
    const status = form.getByTestId('several-status');
    await status.and(app.page.locator('[data-status=done][data-mode=oneByOne]')).waitFor();
    expect(await status.textContent()).toBe('3 of 3 sent: follow them in Recent transactions.');
    await expectLayout(app.page);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(3);
    // Anvil mines each at once: all three entries end confirmed.
    const menu = await openAccountMenu(app.page);
    await menu.locator('[data-testid=recent-transaction][data-via=transaction][data-status=confirmed]').nth(2).waitFor();
    expect(await menu.getByTestId('recent-transaction').count()).toBe(3);
    await expectLayout(app.page);
    expect(await Promise.all(to.map(balanceOf))).toEqual([ETH / 100n, (2n * ETH) / 100n, (3n * ETH) / 100n]);
  });

  it('a refusal in the middle: the sent one stays tracked, the others stay in the form', async () => {
    const { app, to, form, status } = await secondTransferAsked();
    app.wallet.core.rejectPending();
    await status.and(app.page.locator('[data-status=declined]')).waitFor();
    expect(await status.textContent()).toBe('You declined in your wallet. 1 of 3 sent; the rest are still in the form.');
    expect(await form.getByTestId('several-row').count()).toBe(2);
    expect(await form.getByLabel('Recipient 1', { exact: true }).inputValue()).toBe(to[1]);
    expect(await form.getByLabel('Recipient 2', { exact: true }).inputValue()).toBe(to[2]);
    expect((await recentTransactions(app.page)).map((t) => t.text)).toEqual([expect.stringContaining('0.01 ETH')]);
  });

  it('Stop while the wallet asks about the second: it is still sent when approved, the third stays in the form', async () => {
    const { app, to, form, status } = await secondTransferAsked();
    await form.getByRole('button', { name: 'Stop' }).click();
    await status.filter({ hasText: '1 of 3 sent. Stopping once your wallet answers about this one.' }).waitFor();
    await app.wallet.core.approvePending();
    await status.and(app.page.locator('[data-status=stopped]')).waitFor();
    expect(await status.textContent()).toBe('Stopped: 2 of 3 sent. The rest are still in the form.');
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(2);
    expect(await form.getByTestId('several-row').count()).toBe(2);
    expect(await form.getByLabel('Recipient 1', { exact: true }).inputValue()).toBe(to[2]);
    expect(await form.getByLabel('Recipient 2', { exact: true }).inputValue()).toBe('');
    expect(await Promise.all(to.map(balanceOf))).toEqual([ETH / 100n, (2n * ETH) / 100n, 0n]);
  });
});
