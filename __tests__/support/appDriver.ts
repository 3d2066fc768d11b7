// How a browser test drives the app as a user would: every interaction with the page's wallet
// controls (connect, the wallet's state, disconnect, switch chain, what the page shows for the current
// account, signing) goes through here, so that a change of layout changes this file, not the tests.
import type { Locator, Page } from 'playwright-core';

export type Kind = 'injected' | 'coinbase' | 'walletconnect';
export type Status = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required' | 'Unsupported network';
export type SigningForm = 'message' | 'typedData' | 'transaction';

/** Where a kind's own state and controls are (status, Connect / Cancel / Try again / Disconnect). */
export function kindPanel(page: Page, kind: Kind): Locator {
  return page.getByTestId(`card-${kind}`);
}

/**
 * Starts a user connect of `kind` (does not wait for the outcome). `wallet`: the announced name of the
 * browser extension to use when several announced themselves.
 */
export async function startConnect(page: Page, kind: Kind, options: { wallet?: string } = {}): Promise<void> {
  const panel = kindPanel(page, kind);
  if (options.wallet !== undefined) {
    const choice = panel.getByRole('group', { name: 'Browser wallets in this browser' }).getByRole('button', { name: options.wallet, exact: true });
    if ((await choice.count()) > 0) {
      await choice.click();
      return;
    }
  }
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Waits until the kind shows `status`; on failure says what it showed instead. */
export async function waitForStatus(page: Page, kind: Kind, status: Status, timeout?: number): Promise<void> {
  const panel = kindPanel(page, kind);
  try {
    await panel
      .getByTestId('status')
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor(timeout === undefined ? {} : { timeout });
  } catch (error) {
    const shown = await statusOf(page, kind).catch(() => '(no status)');
    const said = await panel.getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`${kind} never showed "${status}": it shows "${shown}" with alerts ${JSON.stringify(said)}\n${String(error)}`);
  }
}

export async function statusOf(page: Page, kind: Kind): Promise<string> {
  return (await kindPanel(page, kind).getByTestId('status').textContent({ timeout: 1_000 })) ?? '';
}

/** A user connect of `kind`, waited for until Connected. */
export async function connect(page: Page, kind: Kind, options: { wallet?: string; timeout?: number } = {}): Promise<void> {
  await startConnect(page, kind, options);
  await waitForStatus(page, kind, 'Connected', options.timeout);
}

/** The extension-suggestion step of a Coinbase connect without the extension: go on with the popup or phone. */
export async function continueWithoutExtension(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue with the mobile app or pop-up' }).click();
}

export async function cancelConnect(page: Page, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Cancel', exact: true }).click();
}

export async function tryAgain(page: Page, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Try again', exact: true }).click();
}

export async function disconnect(page: Page, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await waitForStatus(page, kind, 'Disconnected');
}

/** The error the kind shows (the catalogue's message as shown under "Details"), or undefined. */
export async function shownError(page: Page, kind: Kind): Promise<string | undefined> {
  const alerts = await kindPanel(page, kind).getByRole('alert').allTextContents();
  return alerts[0];
}

/** Asks the wallet of `kind` to switch to the chain of that name (as the chain menu lists it). */
export async function switchChain(page: Page, kind: Kind, chainName: string): Promise<void> {
  const select = kindPanel(page, kind).getByRole('combobox');
  const value = await select.evaluate(
    (element, name) => [...(element as HTMLSelectElement).options].find((o) => o.textContent?.startsWith(name))?.value,
    chainName,
  );
  if (value === undefined) throw new Error(`the chain menu of ${kind} offers no "${chainName}"`);
  await select.selectOption(value);
  const confirm = kindPanel(page, kind).getByRole('button', { name: 'Switch', exact: true });
  if ((await confirm.count()) > 0 && (await confirm.isEnabled())) await confirm.click();
}

/** The names of the chains the chain menu of `kind` offers, in order. */
export async function offeredChains(page: Page, kind: Kind): Promise<string[]> {
  const select = kindPanel(page, kind).getByRole('combobox');
  return select.evaluate((element) =>
    [...(element as HTMLSelectElement).options].filter((o) => o.value !== '').map((o) => (o.textContent ?? '').replace(/\s*\(.*\)\s*$/, '').trim()),
  );
}

/** The "Switch to <chain>" offered for a wallet on a network the app does not support; clicks it. */
export async function switchFromUnsupported(page: Page, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: /^Switch to / }).click();
}

/** The full address the page shows for the current connection's account. */
export async function shownAccount(page: Page, kind: Kind = 'injected'): Promise<string> {
  return (await kindPanel(page, kind).getByTestId('account').first().textContent()) ?? '';
}

/** The balance the page shows for the current account, as text (e.g. "10,000 ETH"). */
export async function shownBalance(page: Page, kind: Kind = 'injected'): Promise<string> {
  const balance = kindPanel(page, kind).getByTestId('balance').first();
  await balance.waitFor();
  return (await balance.textContent()) ?? '';
}

/** Waits until the page shows `text` as the current account's balance (e.g. "100 ETH"). */
export async function waitForBalance(page: Page, text: string | RegExp, kind: Kind = 'injected'): Promise<void> {
  await kindPanel(page, kind).getByTestId('balance').filter({ hasText: text }).first().waitFor();
}

/** The latest block number the page shows, once it shows one. */
export async function shownBlockNumber(page: Page): Promise<number> {
  const block = page.getByTestId('block-number');
  await block.waitFor();
  return Number(((await block.textContent()) ?? '').replace(/[^0-9]/g, ''));
}

/** The signing section, opened. */
export async function openSigning(page: Page): Promise<Locator> {
  const section = page.getByTestId('sign-section');
  const open = section.getByRole('button', { name: 'Open', exact: true });
  if ((await open.count()) > 0) await open.click();
  await section.getByTestId('sign-target').waitFor();
  return section;
}

/** The outcome of a signing form once it reaches `status` (e.g. 'signed', 'confirmed', 'declined'). */
export async function waitForOutcome(page: Page, form: SigningForm, status: string, timeout?: number): Promise<Locator> {
  const outcome = page.locator(`[data-testid=sign-${form}] [data-testid=outcome][data-status=${status}]`);
  await outcome.waitFor(timeout === undefined ? {} : { timeout });
  return outcome;
}

/** Signs `message` with the current wallet (does not wait for the outcome). */
export async function signMessage(page: Page, message: string): Promise<void> {
  const section = await openSigning(page);
  const form = section.getByTestId('sign-message');
  await form.getByLabel('Message to sign').fill(message);
  await form.getByRole('button', { name: 'Sign message' }).click();
}

/** Signs the typed data sample prefilled for the connected chain (does not wait for the outcome). */
export async function signTypedDataSample(page: Page): Promise<void> {
  const section = await openSigning(page);
  await section.getByTestId('sign-typedData').getByRole('button', { name: 'Sign typed data' }).click();
}

/** Fills the transfer form (recipient: an address or a name; amount in the native currency) without sending. */
export async function fillTransfer(page: Page, to: string, amount: string): Promise<Locator> {
  const section = await openSigning(page);
  const form = section.getByTestId('sign-transaction');
  await form.getByLabel('To').fill(to);
  await form.getByLabel(/^Amount/).fill(amount);
  return form;
}

/** Sends `amount` of the native currency to `to` (an address or a name); does not wait for the outcome. */
export async function sendTransfer(page: Page, to: string, amount: string): Promise<void> {
  const form = await fillTransfer(page, to, amount);
  const send = form.getByRole('button', { name: /^Send/ });
  await send.and(page.locator(':enabled')).waitFor();
  await send.click();
}

/** What the transfer form says beside the recipient once it has settled (a name's address, or why not). */
export async function recipientNote(page: Page): Promise<{ status: string; text: string; address?: string }> {
  const note = (await openSigning(page)).getByTestId('sign-transaction').getByTestId('recipient');
  await note.and(page.locator(':not([data-status=resolving])')).waitFor();
  const address = note.getByTestId('resolved-address');
  return {
    status: (await note.getAttribute('data-status')) ?? '',
    text: ((await note.textContent()) ?? '').trim(),
    ...((await address.count()) > 0 ? { address: (await address.textContent()) ?? '' } : {}),
  };
}

/** What the transfer form says about the fee, and about the balance (undefined when it says nothing). */
export async function transferWarnings(page: Page): Promise<{ fee: string; balance: string | undefined; sendLabel: string }> {
  const form = (await openSigning(page)).getByTestId('sign-transaction');
  const fee = form.getByTestId('fee');
  await fee.filter({ hasNotText: 'Estimating' }).waitFor();
  const balance = form.getByTestId('balance-warning');
  return {
    fee: ((await fee.textContent()) ?? '').trim(),
    balance: (await balance.count()) > 0 ? ((await balance.textContent()) ?? '').trim() : undefined,
    sendLabel: ((await form.getByRole('button', { name: /^Send/ }).textContent()) ?? '').trim(),
  };
}

/** The toasts of sent transactions on screen. */
export function toasts(page: Page): Locator {
  return page.getByTestId('tx-toast');
}

/** The toast of one transaction (by hash) once it shows `status` ('pending', 'confirmed', 'failed', 'unconfirmed'). */
export async function waitForToast(page: Page, status: string, hash?: string, timeout?: number): Promise<Locator> {
  const toast = page.locator(`[data-testid=tx-toast][data-status=${status}]${hash ? `[data-hash="${hash.toLowerCase()}"]` : ''}`);
  await toast.waitFor(timeout === undefined ? {} : { timeout });
  return toast;
}

export interface ShownTransaction {
  hash: string;
  status: string;
  text: string;
}

/** The recent transactions the page shows for the current account and chain, newest first. */
export async function recentTransactions(page: Page): Promise<ShownTransaction[]> {
  const list = (await openSigning(page)).getByTestId('recent-transactions');
  await list.waitFor();
  return list.getByTestId('recent-transaction').evaluateAll((items) =>
    items.map((item) => ({ hash: item.getAttribute('data-hash') ?? '', status: item.getAttribute('data-status') ?? '', text: (item.textContent ?? '').trim() })),
  );
}

/**
 * The page never scrolls sideways: its content is no wider than the window. Call it in every state a
 * test reaches at a narrow width.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`the page scrolls sideways: ${scrollWidth} px of content in a ${innerWidth} px window`);
}
