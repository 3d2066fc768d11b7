// How a browser test drives the app as a user would: every interaction with the page's wallet
// controls (connect, the wallet's state, disconnect, switch chain, what the page shows for the current
// account, signing) goes through here, so that a change of layout changes this file, not the tests.
//
// The page: one control in the header (`[data-wallet-control]`: "Connect wallet", or the account
// button once a wallet is connected; `data-kind` / `data-status` say which kind it shows and in what
// state), the connect dialog (`connect-dialog`: the wallet list, then a kind's progress), the account
// menu (`account-menu`). A kind's own state and controls are in `card-<kind>` wherever the kind is
// shown (the dialog, the menu), with its `status`.
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { WAIT_MS } from './lifecycle';

export type Kind = 'injected' | 'coinbase' | 'walletconnect' | 'safe';
export type Status = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required' | 'Unsupported network';
export type SigningForm = 'message' | 'typedData' | 'transaction';
/** The app's page, or the frame it runs in when another site frames it. */
export type AppSurface = Page | Frame;

// A hang guard, not a margin: every wait in the driver ends on a state of the page.
const DEFAULT_TIMEOUT = WAIT_MS;

/** Where a kind's own state and controls are, when it is on screen (connect dialog or account menu). */
export function kindPanel(page: AppSurface, kind: Kind): Locator {
  return page.getByTestId(`card-${kind}`);
}

export const headerControl = (page: AppSurface): Locator => page.locator('[data-wallet-control]');
export const connectDialog = (page: AppSurface): Locator => page.getByTestId('connect-dialog');
export const accountMenu = (page: AppSurface): Locator => page.getByTestId('account-menu');
export const accountButton = (page: AppSurface): Locator => page.getByTestId('account-button');
/** The header's network button beside the account button (the chain's mark and name, or "Wrong network"). */
export const networkButton = (page: AppSurface): Locator => page.getByTestId('network-button');
/** The network list the network button opens. */
export const networkListDialog = (page: AppSurface): Locator => page.getByTestId('network-list');

/** Opens the header's network list from the network button; returns the dialog. */
export async function openNetworkDialog(page: AppSurface): Promise<Locator> {
  const dialog = networkListDialog(page);
  if (await dialog.isVisible()) return dialog;
  if ((await page.locator('dialog[open]').count()) > 0) await closeDialogs(page);
  await networkButton(page).click();
  await dialog.getByTestId('chain-choices').waitFor();
  return dialog;
}

/** The network choices shown in `where` (the network list or the account menu), by group, in order; the current one marked. */
export async function shownNetworkGroups(where: Locator): Promise<{ group: string; chains: { name: string; current: boolean }[] }[]> {
  return where.getByTestId('chain-choices').evaluate((choices) =>
    [...choices.querySelectorAll('.chain-group')].map((group) => ({
      group: (group.querySelector('.chain-group-title')?.textContent ?? '').trim(),
      chains: [...group.querySelectorAll('.chain-choice')].map((choice) => ({
        name: (choice.querySelector('.chain-choice-name')?.textContent ?? '').trim(),
        current: choice.getAttribute('aria-current') === 'true',
      })),
    })),
  );
}

/** Closes whatever dialog is open (Escape, as a user would), leaving the page as it is. */
export async function closeDialogs(page: AppSurface): Promise<void> {
  for (let open = await page.locator('dialog[open]').count(); open > 0; open = await page.locator('dialog[open]').count()) {
    await page.locator('dialog[open]').last().press('Escape');
    // One dialog fewer, however long the page takes to close it.
    await page.waitForFunction((before) => document.querySelectorAll('dialog[open]').length < before, open, { timeout: WAIT_MS, polling: 50 });
  }
}

/** Opens the account menu (the current wallet must be connected). */
export async function openAccountMenu(page: AppSurface): Promise<Locator> {
  const menu = accountMenu(page);
  if (await menu.isVisible()) return menu;
  if (await connectDialog(page).isVisible()) await closeDialogs(page);
  await accountButton(page).click();
  await menu.waitFor();
  return menu;
}

/** Opens the connect dialog's wallet list (from the header, or "Connect another wallet" in the menu). */
export async function openWalletList(page: AppSurface): Promise<Locator> {
  const dialog = connectDialog(page);
  const list = dialog.getByTestId('wallet-list');
  if (await list.isVisible()) return dialog;
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await list.waitFor();
    return dialog;
  }
  // The header's one control is "Connect wallet" or the account button, and a wallet can connect
  // silently between a look at it and a click (a late extension reconnected): so click the control
  // as it is at the click, then follow what opened, instead of choosing a button beforehand and
  // waiting for one that is gone.
  const menu = accountMenu(page);
  if (!(await menu.isVisible())) {
    await headerControl(page).click();
    await dialog.or(menu).first().waitFor();
  }
  if (await menu.isVisible()) {
    await menu.getByRole('button', { name: 'Connect another wallet' }).click();
  } else {
    // A control that shows a kind's progress (waiting, an error) opens it: back to the list.
    const back = dialog.getByRole('button', { name: 'Back', exact: true });
    await list.or(back).first().waitFor();
    if (!(await list.isVisible())) await back.click();
  }
  await list.waitFor();
  return dialog;
}

/**
 * Starts a user connect of `kind` (does not wait for the outcome). `wallet`: the announced name of the
 * browser extension to use when several announced themselves.
 */
export async function startConnect(page: AppSurface, kind: Kind, options: { wallet?: string } = {}): Promise<void> {
  // The kind's own progress is on screen (after a refusal, an error, a cancel): connect again there.
  const progress = connectDialog(page).getByTestId(`card-${kind}`).and(page.locator('article'));
  if ((await progress.count()) > 0 && (await progress.isVisible())) {
    const again = progress.getByRole('button', { name: /^(Try again|Connect)$/ });
    if ((await again.count()) > 0) {
      await again.first().click();
      return;
    }
  }
  const dialog = await openWalletList(page);
  const group = dialog.getByTestId('wallet-list').getByTestId(`card-${kind}`);
  const row =
    options.wallet === undefined
      ? group.getByRole('button').first()
      : group.getByRole('button', { name: new RegExp(`^(Connect|Use) ${escapeRegExp(options.wallet)}\\b`) });
  await row.click();
}

/**
 * What the page says of a kind's state (undefined when it shows nothing of it right now); with
 * `expect`, whether that is `expect`. Runs in the page: self-contained.
 */
function readStatus({ kind, expect }: { kind: Kind; expect?: string }): string | boolean | undefined {
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let shown: string | undefined;
  for (const card of document.querySelectorAll(`[data-testid="card-${kind}"]`)) {
    // The state's name (a badge may say what it waits for instead, e.g. "Waiting for a scan").
    const badge = visible(card) ? card.querySelector<HTMLElement>('[data-testid=status]') : null;
    const status = badge?.dataset['status'] ?? badge?.textContent?.trim();
    if (status) {
      shown = status;
      break;
    }
  }
  const control = document.querySelector<HTMLElement>('[data-wallet-control]');
  if (shown === undefined && control?.dataset['kind'] === kind) shown = control.dataset['status'];
  // The account menu lists every kind that is not disconnected.
  if (shown === undefined && document.querySelector('[data-testid=account-menu]')) shown = 'Disconnected';
  return expect === undefined ? shown : shown === expect;
}

/** Makes the kind's state visible when the page shows nothing of it (another kind is in view). */
async function reveal(page: AppSurface, kind: Kind): Promise<void> {
  // After a (re)load the header control comes with the first render: nothing can be read before it.
  await headerControl(page).waitFor();
  if ((await page.evaluate(readStatus, { kind })) !== undefined) return;
  if (await accountButton(page).isVisible()) await openAccountMenu(page);
  else await openWalletList(page);
}

/** Waits until the kind shows `status`; on failure says what it showed instead. */
export async function waitForStatus(page: AppSurface, kind: Kind, status: Status, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await reveal(page, kind);
    await page.waitForFunction(readStatus, { kind, expect: status }, { timeout, polling: 50 });
  } catch (error) {
    const shown = await statusOf(page, kind).catch(() => '(no status)');
    const said = await kindPanel(page, kind).getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`${kind} never showed "${status}": it shows "${shown}" with alerts ${JSON.stringify(said)}\n${String(error)}`);
  }
}

export async function statusOf(page: AppSurface, kind: Kind): Promise<string> {
  await reveal(page, kind);
  return String((await page.evaluate(readStatus, { kind })) ?? '(not shown)');
}

/** A user connect of `kind`, waited for until Connected. */
export async function connect(page: AppSurface, kind: Kind, options: { wallet?: string; timeout?: number } = {}): Promise<void> {
  await startConnect(page, kind, options);
  await waitForStatus(page, kind, 'Connected', options.timeout);
}

/** The extension-suggestion step of a Coinbase connect without the extension: go on with the popup or phone. */
export async function continueWithoutExtension(page: AppSurface): Promise<void> {
  await page.getByRole('button', { name: 'Continue with the mobile app or pop-up' }).click();
}

/** Shows a kind's progress in the connect dialog when it is under way but the dialog is closed. */
async function progressOf(page: AppSurface, kind: Kind): Promise<Locator> {
  const card = connectDialog(page).getByTestId(`card-${kind}`);
  if (await card.isVisible()) return card;
  const control = page.getByTestId('connect-button');
  if ((await control.getAttribute('data-kind')) === kind) await control.click();
  await card.waitFor();
  return card;
}

/** The calm notice that the user declined the connect in the wallet (no error), waited for. */
export async function waitForDeclined(page: AppSurface, kind: Kind): Promise<void> {
  await connectDialog(page).getByTestId(`card-${kind}`).getByTestId('declined').filter({ hasText: 'You declined in' }).waitFor();
}

/** The WalletConnect progress of a connect under way, in the connect dialog. */
function pairingDialog(page: AppSurface): Locator {
  return connectDialog(page).getByTestId('card-walletconnect');
}

/** The WalletConnect pairing link (`wc:…`) the connect dialog offers, once it offers one. */
export async function pairingLink(page: AppSurface): Promise<string> {
  // The field appears with the link (before, the dialog says a QR code is on its way).
  const field = pairingDialog(page).getByTestId('pairing-uri');
  await field.waitFor();
  return field.inputValue();
}

/** "Copy link" in the WalletConnect dialog: the pairing link goes to the clipboard (the context must allow it). */
export async function copyPairingLink(page: AppSurface): Promise<void> {
  await pairingLink(page);
  const dialog = pairingDialog(page);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
}

export async function cancelConnect(page: AppSurface, kind: Kind): Promise<void> {
  const card = await progressOf(page, kind);
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
}

export async function tryAgain(page: AppSurface, kind: Kind): Promise<void> {
  const card = await progressOf(page, kind);
  await card.getByRole('button', { name: 'Try again', exact: true }).click();
}

/** Disconnects `kind` from the account menu, as a user would, and waits for it. */
export async function disconnect(page: AppSurface, kind: Kind): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByTestId(`card-${kind}`).getByRole('button', { name: /^Disconnect/ }).click();
  await waitForStatus(page, kind, 'Disconnected');
  await closeDialogs(page);
}

/** The error the kind shows (its plain words, with the catalogue's message under Details), or undefined. */
export async function shownError(page: AppSurface, kind: Kind): Promise<string | undefined> {
  const card = await progressOf(page, kind);
  const alerts = await card.getByRole('alert').allTextContents();
  return alerts[0];
}

/** Asks the current wallet (of `kind`) to switch to the network of that name, from the account menu. */
export async function switchChain(page: AppSurface, kind: Kind, chainName: string): Promise<void> {
  if ((await accountButton(page).getAttribute('data-kind')) !== kind) throw new Error(`${kind} is not the wallet in view`);
  const menu = await openAccountMenu(page);
  const networks = menu.getByTestId('network-section');
  const list = networks.getByTestId('chain-choices');
  if (!(await list.isVisible())) await networks.getByText('Switch network').click();
  const choice = list.getByRole('button', { name: new RegExp(`^${escapeRegExp(chainName)}\\b`) });
  if ((await choice.count()) === 0) throw new Error(`the network menu of ${kind} offers no "${chainName}"`);
  await choice.first().click();
}

/** The names of the networks the current wallet (of `kind`) can be switched to, in order. */
export async function offeredChains(page: AppSurface, kind: Kind): Promise<string[]> {
  if ((await accountButton(page).getAttribute('data-kind')) !== kind) throw new Error(`${kind} is not the wallet in view`);
  const menu = await openAccountMenu(page);
  const names = await menu.getByTestId('network-section').locator('.chain-choice-name').allTextContents();
  await closeDialogs(page);
  return names.map((n) => n.trim());
}

/** The "Switch to <chain>" offered for a wallet on a network the app does not support; clicks it. */
export async function switchFromUnsupported(page: AppSurface, _kind: Kind): Promise<void> {
  await page.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).click();
}

/** The full address the page shows for the current connection's account. */
export async function shownAccount(page: AppSurface, _kind?: Kind): Promise<string> {
  return (await accountButton(page).getByTestId('account').getAttribute('data-address')) ?? '';
}

/** The balance the page shows for the current account, as text (e.g. "10,000 ETH"). */
export async function shownBalance(page: AppSurface, _kind?: Kind): Promise<string> {
  const balance = accountButton(page).getByTestId('balance');
  // Attached, not visible: below 480 px the account button leaves its balance out of sight (docs/behaviour.md §6.1).
  await balance.waitFor({ state: 'attached' });
  return ((await balance.textContent()) ?? '').trim();
}

/** Waits until the page shows `text` as the current account's balance (e.g. "100 ETH"). */
export async function waitForBalance(page: AppSurface, text: string | RegExp, _kind?: Kind): Promise<void> {
  await accountButton(page).getByTestId('balance').filter({ hasText: text }).first().waitFor({ state: 'attached' });
}

/** The latest block number the page shows, once it shows one. */
export async function shownBlockNumber(page: AppSurface): Promise<number> {
  const block = page.getByTestId('block-number');
  await block.waitFor();
  const text = (await block.textContent()) ?? '';
  // The number after the chain's name: text with none (a loading or unavailable line) is no block.
  const shown = /(\d[\d,]*)\D*$/.exec(text)?.[1];
  if (shown === undefined) throw new Error(`the page shows no block number: "${text}"`);
  return Number(shown.replace(/,/g, ''));
}

/** The signing section, opened. */
export async function openSigning(page: AppSurface): Promise<Locator> {
  // The page under an open dialog (the account menu after a switch) is out of reach: close it first.
  await closeDialogs(page);
  const section = page.getByTestId('sign-section');
  const open = section.getByRole('button', { name: 'Open', exact: true });
  if ((await open.count()) > 0) await open.click();
  await section.getByTestId('sign-target').waitFor();
  return section;
}

/** The outcome of a signing form once it reaches `status` (e.g. 'signed', 'confirmed', 'declined'). */
export async function waitForOutcome(page: AppSurface, form: SigningForm, status: string, timeout?: number): Promise<Locator> {
  const outcome = page.locator(`[data-testid=sign-${form}] [data-testid=outcome][data-status=${status}]`);
  await outcome.waitFor(timeout === undefined ? {} : { timeout });
  return outcome;
}

/** The signature a signed outcome shows (see waitForOutcome). */
export async function shownSignature(page: AppSurface, form: 'message' | 'typedData'): Promise<string> {
  const outcome = await waitForOutcome(page, form, 'signed');
  return (await outcome.getByTestId('signature').textContent()) ?? '';
}

/** Signs `message` with the current wallet (does not wait for the outcome). */
export async function signMessage(page: AppSurface, message: string): Promise<void> {
  const section = await openSigning(page);
  const form = section.getByTestId('sign-message');
  await form.getByLabel('Message to sign').fill(message);
  await form.getByRole('button', { name: 'Sign message' }).click();
}

/** Signs the typed data sample prefilled for the connected chain (does not wait for the outcome). */
export async function signTypedDataSample(page: AppSurface): Promise<void> {
  const section = await openSigning(page);
  await section.getByTestId('sign-typedData').getByRole('button', { name: 'Sign typed data' }).click();
}

/** Fills the transfer form (recipient: an address or a name; amount in the native currency) without sending. */
export async function fillTransfer(page: AppSurface, to: string, amount: string): Promise<Locator> {
  const section = await openSigning(page);
  const form = section.getByTestId('sign-transaction');
  await form.getByLabel('To').fill(to);
  await form.getByLabel(/^Amount/).fill(amount);
  return form;
}

/** Sends `amount` of the native currency to `to` (an address or a name); does not wait for the outcome. */
export async function sendTransfer(page: AppSurface, to: string, amount: string): Promise<void> {
  const form = await fillTransfer(page, to, amount);
  const send = form.getByRole('button', { name: /^Send/ });
  await send.and(page.locator(':enabled')).waitFor();
  await send.click();
}

/** What the transfer form says beside the recipient once it has settled (a name's address, or why not). */
export async function recipientNote(page: AppSurface): Promise<{ status: string; text: string; address?: string }> {
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
export async function transferWarnings(page: AppSurface): Promise<{ fee: string; balance: string | undefined; sendLabel: string }> {
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
export function toasts(page: AppSurface): Locator {
  return page.getByTestId('tx-toast');
}

/** The toast of one transaction (by hash) once it shows `status` ('pending', 'confirmed', 'failed', 'unconfirmed'). */
export async function waitForToast(page: AppSurface, status: string, hash?: string, timeout?: number): Promise<Locator> {
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
export async function recentTransactions(page: AppSurface): Promise<ShownTransaction[]> {
  const list = (await openAccountMenu(page)).getByTestId('recent-transactions');
  await list.waitFor();
  const shown = await list.getByTestId('recent-transaction').evaluateAll((items) =>
    items.map((item) => ({ hash: item.getAttribute('data-hash') ?? '', status: item.getAttribute('data-status') ?? '', text: (item.textContent ?? '').trim() })),
  );
  await closeDialogs(page);
  return shown;
}

/** Waits until the account menu's recent transactions show `hash` with `status` (leaves the menu open). */
export async function waitForRecentTransaction(page: AppSurface, hash: string, status: string, timeout?: number): Promise<Locator> {
  const item = (await openAccountMenu(page)).locator(`[data-testid=recent-transaction][data-hash="${hash}"][data-status=${status}]`);
  await item.waitFor(timeout === undefined ? {} : { timeout });
  return item;
}

/**
 * The page never scrolls sideways: its content is no wider than the window. Call it in every state a
 * test reaches at a narrow width.
 */
export async function expectNoSidewaysScroll(page: AppSurface): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // What sticks out furthest, named so that a failure says where to look.
    let widest = '';
    let right = window.innerWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const edge = element.getBoundingClientRect().right;
      if (edge > right) {
        right = edge;
        widest = `${element.tagName.toLowerCase()}.${typeof element.className === 'string' ? element.className.split(' ').join('.') : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" to ${edge.toFixed(1)} px`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
  if (scrollWidth > innerWidth) throw new Error(`the page scrolls sideways: ${scrollWidth} px of content in a ${innerWidth} px window${widest ? ` (${widest})` : ''}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Records every state the header's wallet control shows, from the page's first render on and across
 * reloads (installed in each document before its scripts): its `data-status`, and its label ("Connect
 * wallet", "Reconnecting…", or "account button"). Call before opening pages; read with headerHistory.
 */
export async function recordHeaderHistory(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const history: { status: string; label: string }[] = [];
    (window as unknown as { headerHistory: typeof history }).headerHistory = history;
    new MutationObserver(() => {
      const control = document.querySelector<HTMLElement>('[data-wallet-control]');
      if (!control) return;
      const status = control.dataset['status'] ?? '';
      const label = control.dataset['testid'] === 'account-button' ? 'account button' : (control.textContent ?? '').trim();
      const last = history[history.length - 1];
      if (last?.status !== status || last.label !== label) history.push({ status, label });
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** What the header's wallet control showed since this document started (see recordHeaderHistory). */
export async function headerHistory(page: AppSurface): Promise<{ status: string; label: string }[]> {
  return page.evaluate(() => (window as unknown as { headerHistory?: { status: string; label: string }[] }).headerHistory ?? []);
}

/**
 * Waits until the page's start-up is over: the silent reconnects answered (the header's control no
 * longer says "Reconnecting…") and the reads in view arrived (the latest block is on screen).
 */
export async function firstScreenComplete(page: AppSurface, timeout = DEFAULT_TIMEOUT): Promise<void> {
  await page.waitForFunction(
    () => {
      const control = document.querySelector('[data-wallet-control]');
      const block = document.querySelector('[data-testid=block-number]');
      return control !== null && control.getAttribute('data-status') !== 'Reconnecting' && block !== null && /\d/.test(block.textContent ?? '');
    },
    undefined,
    { timeout, polling: 50 },
  );
}

/** The account menu's list of networks (both groups), opened ("Switch network"). */
export async function openNetworkList(page: AppSurface): Promise<Locator> {
  const menu = await openAccountMenu(page);
  const networks = menu.getByTestId('network-section');
  const list = networks.getByTestId('chain-choices');
  if (!(await list.isVisible())) await networks.getByText('Switch network').click();
  await list.waitFor();
  return list;
}

/** Opens "Details" of the error the kind shows in its progress (the catalogue's exact message); returns the alert. */
export async function openErrorDetails(page: AppSurface, kind: Kind): Promise<Locator> {
  const card = await progressOf(page, kind);
  const alert = card.getByRole('alert').first();
  const details = alert.locator('details');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  await alert.locator('details[open]').waitFor();
  return alert;
}

/** `startConnect` on a touch screen: taps the header's control, then the kind's row in the wallet list. */
export async function tapConnect(page: AppSurface, kind: Kind): Promise<void> {
  const dialog = connectDialog(page);
  const list = dialog.getByTestId('wallet-list');
  if (!(await list.isVisible())) {
    await page.getByTestId('connect-button').tap();
    await dialog.waitFor();
    if (!(await list.isVisible())) await dialog.getByRole('button', { name: 'Back', exact: true }).tap();
  }
  await list.getByTestId(`card-${kind}`).getByRole('button').first().tap();
}

/** The pairing link the WalletConnect progress shows once its QR code is drawn (after startConnect). */
export async function shownPairingUri(page: AppSurface): Promise<string> {
  const card = connectDialog(page).getByTestId('card-walletconnect');
  await card.getByTestId('qr-code').and(card.locator('[data-state=drawn]')).waitFor();
  return pairingLink(page);
}

/** Whether the wallet list offers `kind` here (a kind this browser or build cannot offer is not listed). */
export async function canConnect(page: AppSurface, kind: Kind): Promise<boolean> {
  const list = (await openWalletList(page)).getByTestId('wallet-list');
  const offered = (await list.getByTestId(`card-${kind}`).getByRole('button', { name: /^(Connect|Use) / }).count()) > 0;
  await closeDialogs(page);
  return offered;
}

/** What the page says about this browser (storage refused, each kind's limit here), once the page has rendered; undefined when it says nothing. */
export async function environmentNotice(page: AppSurface): Promise<string | undefined> {
  await headerControl(page).waitFor();
  const notice = page.getByRole('status', { name: 'About this browser' });
  return (await notice.count()) > 0 ? ((await notice.textContent()) ?? '') : undefined;
}

/** What the page says this browser takes away from `kind`, if anything. */
export async function kindLimitation(page: AppSurface, kind: Kind): Promise<string | undefined> {
  await headerControl(page).waitFor();
  const limit = page.getByTestId(`limitation-${kind}`);
  return (await limit.count()) > 0 ? ((await limit.textContent()) ?? '') : undefined;
}

/** The parts of the page that failed to load or to render, as the user reads them (waits for the first). */
export async function failedParts(page: AppSurface): Promise<string[]> {
  const failed = page.getByTestId('part-failed');
  await failed.first().waitFor();
  return failed.allTextContents();
}

/** Presses the Reload button a failed part (or a failed start) offers. */
export async function reloadFromFailure(page: AppSurface): Promise<void> {
  await page.locator('[data-testid=part-failed], [data-testid=startup-failure]').first().getByRole('button', { name: 'Reload' }).click();
}

/** The page shown when the app could not start, or undefined once the app itself is on screen. */
export async function startupFailure(page: AppSurface): Promise<string | undefined> {
  const failure = page.getByTestId('startup-failure');
  await failure.or(headerControl(page)).first().waitFor();
  return (await failure.count()) > 0 ? ((await failure.textContent()) ?? '') : undefined;
}

/** Opens "Network status" and waits until its panel (which endpoint each chain uses) is on the page. */
export async function waitForNetworkPanel(page: AppSurface): Promise<void> {
  if ((await page.getByTestId('network-panel').count()) === 0) await page.getByRole('button', { name: 'Network status' }).click();
  await page.getByTestId('network-panel').waitFor();
}

// ---- Chain data as the page shows it (the read layer's suites) ----

/** Opens "Network status" in the footer, as a user would; returns its dialog once the Network panel is shown. */
export async function openNetworkStatus(page: AppSurface): Promise<Locator> {
  const dialog = page.getByTestId('network-dialog');
  const panel = dialog.getByTestId('network-panel');
  if (await panel.isVisible()) return dialog;
  await closeDialogs(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Network status' }).click();
  await panel.waitFor();
  return dialog;
}

/** The network the header's network button names for the current wallet ("Wrong network" on one the app does not support). */
export async function shownChainName(page: Page): Promise<string> {
  return networkButton(page).getByTestId('chain').evaluate(spokenText);
}

/** Runs in the page: an element's text as assistive technology reads it (without aria-hidden marks). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden=true]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Waits until the page shows `text` (e.g. "1.5 ETH") as the current account's balance. */
export async function waitForShownBalance(page: Page, text: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  await accountButton(page).getByTestId('balance').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) }).waitFor({ state: 'attached', timeout });
}

/** The exact balance the page gives for the current account on hover (its `title`, e.g. "1.5 ETH"). */
export async function shownExactBalance(page: Page): Promise<string> {
  const balance = accountButton(page).getByTestId('balance');
  // Attached, not visible: below 480 px the account button leaves its balance out of sight (docs/behaviour.md §6.1).
  await balance.waitFor({ state: 'attached' });
  return (await balance.getAttribute('title')) ?? '';
}

/** Waits until the page shows the latest block of the network named `chainName`; returns its number. */
export async function waitForBlockOf(page: Page, chainName: string, timeout = DEFAULT_TIMEOUT): Promise<number> {
  await page.locator('.block-number').filter({ hasText: new RegExp(`(^|\\s)${escapeRegExp(chainName)}: latest block \\d`) }).waitFor({ timeout });
  return shownBlockNumber(page);
}

/** The current account's verified name on the page (the overview's; focusable), absent while it has none. */
export const shownNameElement = (page: Page): Locator => page.getByTestId('overview').getByTestId('name');

/** The verified name the page shows for the current account right now (header and overview), or undefined. */
export async function shownName(page: Page): Promise<string | undefined> {
  const shown = (await page.evaluate(readShownName, {})) as { header?: string; overview?: string };
  if (shown.header !== shown.overview) throw new Error(`the header names the account "${shown.header}", the overview "${shown.overview}"`);
  return shown.header;
}

/** Waits until the page shows `name` as the current account's verified name, in the header and the overview. */
export async function waitForShownName(page: Page, name: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  await page.waitForFunction(readShownName, { expected: name }, { timeout, polling: 50 });
}

/**
 * Runs in the page: the name the header's account button and the overview give the current account;
 * with `expected`, whether both show it. Self-contained.
 */
function readShownName({ expected }: { expected?: string }): { header?: string; overview?: string } | boolean {
  const account = document.querySelector<HTMLElement>('[data-testid=account-button] [data-testid=account]');
  const address = account?.dataset['address'] ?? '';
  const title = account?.getAttribute('title') ?? '';
  // The header's title is "<name> (<address>)" for a named account, the plain address otherwise.
  const header = address !== '' && title.endsWith(` (${address})`) ? title.slice(0, -(address.length + 3)) : undefined;
  const overview = document.querySelector('[data-testid=overview] [data-testid=name]')?.getAttribute('title') ?? undefined;
  if (expected !== undefined) return header === expected && overview === expected;
  return { ...(header === undefined ? {} : { header }), ...(overview === undefined ? {} : { overview }) };
}

/** One state of what the page showed of the current wallet's chain data. */
export interface ShownChainData {
  /** The account in the header (its full address; "" while none) and its verified name ("" while none). */
  account: string;
  name: string;
  /** The network button's network ("" while no wallet is connected). */
  chain: string;
  /** The balance in the header and in the overview ("" when not shown). */
  balance: string;
  overviewBalance: string;
  /** The latest-block line ("<chain>: latest block <n>", "" when not shown) and its number. */
  blockLine: string;
  block: string;
}

/**
 * Records every state of the current wallet's chain data the page goes through from now on (each DOM
 * change); call the returned function for the states seen so far. For "X is never shown" checks.
 */
export async function recordShownChainData(page: Page): Promise<() => Promise<ShownChainData[]>> {
  await page.evaluate(() => {
    const seen: ShownChainData[] = [];
    (window as unknown as { __shownChainData: ShownChainData[] }).__shownChainData = seen;
    // Text as assistive technology reads it (without aria-hidden marks), as spokenText does.
    const text = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return '';
      const copy = element.cloneNode(true) as Element;
      for (const hidden of copy.querySelectorAll('[aria-hidden=true]')) hidden.remove();
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    };
    const record = () => {
      const account = document.querySelector<HTMLElement>('[data-testid=account-button] [data-testid=account]');
      const address = account?.dataset['address'] ?? '';
      const title = account?.getAttribute('title') ?? '';
      const state: ShownChainData = {
        account: address,
        // The header's title is "<name> (<address>)" for a named account (see readShownName).
        name: address !== '' && title.endsWith(` (${address})`) ? title.slice(0, -(address.length + 3)) : '',
        chain: text('[data-testid=network-button] [data-testid=chain]'),
        balance: text('[data-testid=account-button] [data-testid=balance]'),
        overviewBalance: text('[data-testid=overview-balance]'),
        blockLine: text('.block-number'),
        block: text('[data-testid=block-number]'),
      };
      const last = seen[seen.length - 1];
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) seen.push(state);
    };
    record();
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shownChainData: ShownChainData[] }).__shownChainData);
}

// ---- A misbehaving wallet (the wallet-faults suite) ----

/** The catalogue's exact message of the error the kind shows in its progress (opens its "Details"). */
export async function shownErrorMessage(page: AppSurface, kind: Kind): Promise<string> {
  const alert = await openErrorDetails(page, kind);
  return ((await alert.locator('.error-message').textContent()) ?? '').trim();
}

/** Presses "Reload page" in the kind's progress (its link is gone for good) and waits for the new document's header. */
export async function reloadFromProgress(page: Page, kind: Kind): Promise<void> {
  const card = await progressOf(page, kind);
  await page.evaluate(() => ((window as unknown as { beforeReload?: boolean }).beforeReload = true));
  await card.getByRole('button', { name: 'Reload page', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { beforeReload?: boolean }).beforeReload === undefined);
  await headerControl(page).waitFor();
}

/** Makes another connected kind the wallet in view ("Use this wallet" in the account menu); nothing is asked of it. */
export async function useWallet(page: AppSurface, kind: Kind): Promise<void> {
  if ((await accountButton(page).getAttribute('data-kind')) === kind) return;
  const menu = await openAccountMenu(page);
  await menu.getByTestId(`card-${kind}`).getByRole('button', { name: /^Use this wallet/ }).click();
  await accountButton(page).and(page.locator(`[data-kind=${kind}]`)).waitFor();
}

/** The account menu's notice of a network switch the current wallet (of `kind`) waits for ("Switching to …"). */
export async function switchNotice(page: AppSurface, kind: Kind): Promise<Locator> {
  if ((await accountButton(page).getAttribute('data-kind')) !== kind) throw new Error(`${kind} is not the wallet in view`);
  const menu = await openAccountMenu(page);
  return menu.getByTestId('network-section').getByRole('status').filter({ hasText: 'Switching to' });
}

/**
 * Waits until the account menu reports an update from the current wallet (of `kind`) that was ignored
 * ("Update ignored.") with the catalogue's exact `message` under its Details; leaves the menu open.
 */
export async function waitForIgnoredUpdate(page: AppSurface, kind: Kind, message: string): Promise<void> {
  const menu = await openAccountMenu(page);
  const alert = menu.getByTestId(`card-${kind}`).getByRole('alert').filter({ hasText: 'Update ignored.' });
  // The exact message is in the alert's text whether or not its Details are open.
  await alert.locator('.error-message').filter({ hasText: new RegExp(`^${escapeRegExp(message)}$`) }).waitFor({ state: 'attached' });
}

/** A double-click on the kind's first row in the wallet list (does not wait for the outcome). */
export async function doubleClickConnect(page: AppSurface, kind: Kind): Promise<void> {
  const dialog = await openWalletList(page);
  await dialog.getByTestId('wallet-list').getByTestId(`card-${kind}`).getByRole('button').first().dblclick();
}

/** The corner notice of a kind ("Confirm on phone", "Connection lost"), to wait for or count. */
export function cornerNotice(page: AppSurface, kind: Kind): Locator {
  return page.getByTestId(`notice-${kind}`);
}

/** The banner under the header once it says the link is broken (Reload required): its words and its buttons. */
export async function reloadRequiredBanner(page: AppSurface): Promise<{ text: string; buttons: string[] }> {
  const banner = page.getByTestId('banner');
  await banner.waitFor();
  return { text: ((await banner.locator('p').allTextContents()).join(' ')).trim(), buttons: (await banner.getByRole('button').allTextContents()).map((b) => b.trim()) };
}

/** Presses "Reload page" in the Reload required banner. */
export async function reloadFromBanner(page: AppSurface): Promise<void> {
  await page.getByTestId('banner').getByRole('button', { name: 'Reload page' }).click();
}

/** Uncaught errors of the page from now on, to assert "nothing broke". */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * What must hold on every screen at every width (issue 22, docs/behaviour.md §6.9), read from the
 * page's boxes: nothing scrolls sideways; no two of the header's controls (nor two parts of one
 * control) intersect; the header is one row (its controls side by side, none of its words on a second
 * line: issue 38); no visible toast covers the focused element or the primary button of a form in
 * view; every control offers a tap target of at least 24 × 24 px, or is spaced so that a 24 px square
 * centred on it touches no other control (WCAG 2.2, 2.5.8). Returns each breach in words.
 */
export async function layoutProblems(page: AppSurface): Promise<string[]> {
  const problems: string[] = [];
  await expectNoSidewaysScroll(page).catch((error: Error) => problems.push(error.message));
  problems.push(
    ...(await page.evaluate(() => {
      const found: string[] = [];
      type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
      const shown = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
      };
      const meets = (a: Box, b: Box): boolean => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const name = (el: Element): string => {
        const id = el.getAttribute('data-testid');
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${text}"`;
      };
      const header = document.querySelector('header');
      if (header) {
        const controls = [...header.querySelectorAll(':scope .brand, :scope button, :scope a[href], :scope [role="button"]')].filter(shown);
        for (let i = 0; i < controls.length; i++)
          for (let j = i + 1; j < controls.length; j++) {
            const a = controls[i]!;
            const b = controls[j]!;
            if (a.contains(b) || b.contains(a)) continue;
            if (meets(a.getBoundingClientRect(), b.getBoundingClientRect())) found.push(`header: ${name(a)} overlaps ${name(b)}`);
          }
        // The parts of one control (an icon, a name, a balance) never sit on one another either: its
        // icons and the elements that hold its words, however deep.
        const holdsWords = (el: Element): boolean => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        for (const control of controls) {
          const parts = [...control.querySelectorAll('svg, img, *')].filter(
            (el) => (el.matches('svg, img') || (holdsWords(el) && !el.closest('svg'))) && !el.parentElement?.closest('svg') && shown(el),
          );
          if (holdsWords(control)) parts.push(control);
          // Words cut short (an ellipsis) keep a readable length: six characters at least.
          for (const part of parts) {
            if (!(part instanceof HTMLElement) || part.scrollWidth <= part.clientWidth + 1) continue;
            const text = (part.textContent ?? '').trim();
            const visible = Math.floor((part.clientWidth / part.scrollWidth) * text.length);
            if (visible < Math.min(6, text.length)) found.push(`header: in ${name(control)}, "${text}" is cut to about ${visible} characters`);
          }
          for (let i = 0; i < parts.length; i++)
            for (let j = i + 1; j < parts.length; j++)
              if (!parts[i]!.contains(parts[j]!) && !parts[j]!.contains(parts[i]!) && meets(parts[i]!.getBoundingClientRect(), parts[j]!.getBoundingClientRect())) found.push(`header: in ${name(control)}, ${name(parts[i]!)} overlaps ${name(parts[j]!)}`);
        }
        // The header is one row: its controls side by side (every one's height spans a line that meets
        // all the others'), and none of its words on a second line (they shorten first).
        const outer = controls.filter((c) => !controls.some((other) => other !== c && other.contains(c))).map((c) => ({ el: c, box: c.getBoundingClientRect() }));
        if (outer.length > 1 && Math.max(...outer.map((c) => c.box.top)) >= Math.min(...outer.map((c) => c.box.bottom)) - 0.5)
          found.push(`header: not one row (${outer.map((c) => `${name(c.el)} at ${Math.round(c.box.top)}..${Math.round(c.box.bottom)}`).join(', ')})`);
        const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const words = (node.textContent ?? '').trim();
          if (!words || !node.parentElement || !shown(node.parentElement)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
          if (lines > 1) found.push(`header: "${words}" takes ${lines} lines`);
        }
      }
      const inView = (r: Box): boolean => r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
      const toasts = [...document.querySelectorAll('[data-testid="tx-toast"]')].filter(shown);
      const focused = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
      const guarded = [...document.querySelectorAll('main form button[type="submit"]')].filter((el) => shown(el) && inView(el.getBoundingClientRect()));
      if (focused && shown(focused) && !focused.closest('[data-testid="tx-toast"]')) guarded.push(focused);
      for (const toast of toasts)
        for (const el of guarded)
          if (meets(toast.getBoundingClientRect(), el.getBoundingClientRect())) found.push(`a toast covers ${el === focused ? 'the focused ' : ''}${name(el)}`);
      // A control under an open popover or sheet is no target the finger can reach: the layer on top is.
      const onTop = (el: Element) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
      };
      const controls = [...document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"], [role="option"]')].filter(
        (el) => shown(el) && inView(el.getBoundingClientRect()) && !el.closest('[inert]') && !(el.tagName === 'A' && getComputedStyle(el).display === 'inline') && onTop(el),
      );
      const boxes = controls.map((el) => el.getBoundingClientRect());
      controls.forEach((el, i) => {
        const r = boxes[i]!;
        if (r.width >= 24 - 0.5 && r.height >= 24 - 0.5) return;
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const square = { left: cx - 12, right: cx + 12, top: cy - 12, bottom: cy + 12, width: 24, height: 24 };
        const crowded = controls.some((other, j) => j !== i && !other.contains(el) && !el.contains(other) && meets(square, boxes[j]!));
        if (crowded) found.push(`tap target ${Math.round(r.width)}×${Math.round(r.height)} px, crowded by a neighbour: ${name(el)}`);
      });
      return found;
    })),
  );
  return problems;
}

/** layoutProblems as an assertion. */
export async function expectLayout(page: AppSurface): Promise<void> {
  const problems = await layoutProblems(page);
  if (problems.length > 0) throw new Error(`layout at ${await page.evaluate(() => window.innerWidth)} px:\n${problems.join('\n')}`);
}

// ---- The transfer form's own checks (the forms suite) ----

/** The transfer form, the signing panel opened. */
export async function transferForm(page: AppSurface): Promise<Locator> {
  return (await openSigning(page)).getByTestId('sign-transaction');
}

/**
 * What the transfer form says under the amount: the user's words, and for a refused amount the
 * problem and the exact message it keeps (undefined when the amount is fine).
 */
export async function amountNote(page: AppSurface): Promise<{ text: string; problem?: string; message?: string }> {
  const note = (await transferForm(page)).getByTestId('amount-note');
  const [problem, message] = await Promise.all([note.getAttribute('data-problem'), note.getAttribute('data-message')]);
  return { text: ((await note.textContent()) ?? '').trim(), ...(problem === null ? {} : { problem }), ...(message === null ? {} : { message }) };
}

/** The transfer form's buttons by their labels, in order ("Retry", "Send without checking", "Send"…). */
export async function transferButtons(page: AppSurface): Promise<string[]> {
  const form = await transferForm(page);
  return (await form.locator('.actions button').allTextContents()).map((t) => t.trim());
}

// ---- One truth per state (the oneTruth suite) ----

/** The unsupported-network banner once shown: its sentence and the likely "Switch to <chain>" buttons (those outside "More networks"). */
export async function wrongNetworkBanner(page: AppSurface): Promise<{ sentence: string; likely: string[] }> {
  const banner = page.getByTestId('unsupported');
  await banner.waitFor();
  return {
    sentence: ((await banner.locator('p').first().textContent()) ?? '').trim(),
    likely: (await banner.getByTestId('switch-offer').locator(':scope > button').allTextContents()).map((t) => t.trim()),
  };
}

/** Opens the banner's "More networks" with the keyboard, as a keyboard user would; the switch buttons it shows. */
export async function openMoreNetworks(page: AppSurface): Promise<string[]> {
  const more = page.getByTestId('unsupported').getByTestId('more-networks');
  await more.getByText('More networks').focus();
  await more.getByText('More networks').press('Enter');
  const buttons = more.getByRole('button', { name: /^Switch to / });
  await buttons.first().waitFor();
  return (await buttons.allTextContents()).map((t) => t.trim());
}

/** What "Sign and send" offers while it has no wallet to sign with: its words and its buttons. */
export async function signAndSendOffer(page: AppSurface): Promise<{ text: string; buttons: string[] }> {
  const section = page.getByTestId('sign-section');
  const note = section.locator('[data-testid=sign-connect], [data-testid=sign-switch], [data-testid=sign-reconnecting]');
  await note.waitFor();
  return {
    text: (await section.innerText()).replace(/\s+/g, ' ').trim(),
    buttons: (await section.getByRole('button').allTextContents()).map((t) => t.trim()),
  };
}

/**
 * Sets the viewport and waits until the page has run its resize steps (its `resize` listeners saw the
 * new size): what re-places itself on a resize (the toast stack) has done so before anything is
 * checked. A busy machine delays the page's next frame, not the test. Nothing to wait for when the
 * size does not change.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return;
  const seen = await page.evaluateHandle(() => ({
    resized: new Promise<void>((resolve) => window.addEventListener('resize', () => resolve(), { once: true })),
  }));
  try {
    await page.setViewportSize(size);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page never saw its resize to ${size.width} x ${size.height}`)), WAIT_MS);
    });
    try {
      await Promise.race([seen.evaluate((s) => s.resized), limit]);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await seen.dispose();
  }
}

/**
 * Runs `action`, which makes a wallet open its own window (the development Coinbase popup), and
 * returns that window once its question is shown.
 */
export async function popupFrom(page: Page, action: () => Promise<unknown>): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await action();
  const popup = await opened;
  await popup.getByTestId('wallet-prompt').waitFor();
  return popup;
}
