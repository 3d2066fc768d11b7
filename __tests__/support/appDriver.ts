// How a browser test drives the app as a user would: every interaction with the page's wallet
// controls (connect, the wallet's state, disconnect, switch chain, what the page shows for the current
// account, signing) goes through here, so that a change of layout changes this file, not the tests.
//
// The page: one control in the header (`[data-wallet-control]`: "Connect wallet", or the account
// button once a wallet is connected; `data-kind` / `data-status` say which kind it shows and in what
// state), the connect dialog (`connect-dialog`: the wallet list, then a kind's progress), the account
// menu (`account-menu`). A kind's own state and controls are in `card-<kind>` wherever the kind is
// shown (the dialog, the menu), with its `status`.
import type { Locator, Page } from 'playwright-core';

export type Kind = 'injected' | 'coinbase' | 'walletconnect';
export type Status = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required' | 'Unsupported network';
export type SigningForm = 'message' | 'typedData' | 'transaction';

const DEFAULT_TIMEOUT = 10_000;

/** Where a kind's own state and controls are, when it is on screen (connect dialog or account menu). */
export function kindPanel(page: Page, kind: Kind): Locator {
  return page.getByTestId(`card-${kind}`);
}

export const headerControl = (page: Page): Locator => page.locator('[data-wallet-control]');
export const connectDialog = (page: Page): Locator => page.getByTestId('connect-dialog');
export const accountMenu = (page: Page): Locator => page.getByTestId('account-menu');
export const accountButton = (page: Page): Locator => page.getByTestId('account-button');

/** Closes whatever dialog is open (Escape, as a user would), leaving the page as it is. */
export async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.locator('dialog[open]').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
  }
}

/** Opens the account menu (the current wallet must be connected). */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = accountMenu(page);
  if (await menu.isVisible()) return menu;
  if (await connectDialog(page).isVisible()) await closeDialogs(page);
  await accountButton(page).click();
  await menu.waitFor();
  return menu;
}

/** Opens the connect dialog's wallet list (from the header, or "Connect another wallet" in the menu). */
export async function openWalletList(page: Page): Promise<Locator> {
  const dialog = connectDialog(page);
  const list = dialog.getByTestId('wallet-list');
  if (await list.isVisible()) return dialog;
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    await list.waitFor();
    return dialog;
  }
  if (await accountButton(page).isVisible()) {
    const menu = await openAccountMenu(page);
    await menu.getByRole('button', { name: 'Connect another wallet' }).click();
  } else {
    const control = page.getByTestId('connect-button');
    const status = await control.getAttribute('data-status');
    await control.click();
    // A control that shows a kind's progress (waiting, an error) opens it: back to the list.
    if (status !== 'Disconnected') {
      await dialog.waitFor();
      if (!(await list.isVisible())) await dialog.getByRole('button', { name: 'Back', exact: true }).click();
    }
  }
  await list.waitFor();
  return dialog;
}

/**
 * Starts a user connect of `kind` (does not wait for the outcome). `wallet`: the announced name of the
 * browser extension to use when several announced themselves.
 */
export async function startConnect(page: Page, kind: Kind, options: { wallet?: string } = {}): Promise<void> {
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
    const status = visible(card) ? card.querySelector('[data-testid=status]')?.textContent?.trim() : undefined;
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
async function reveal(page: Page, kind: Kind): Promise<void> {
  if ((await page.evaluate(readStatus, { kind })) !== undefined) return;
  if (await accountButton(page).isVisible()) await openAccountMenu(page);
  else await openWalletList(page);
}

/** Waits until the kind shows `status`; on failure says what it showed instead. */
export async function waitForStatus(page: Page, kind: Kind, status: Status, timeout = DEFAULT_TIMEOUT): Promise<void> {
  try {
    await reveal(page, kind);
    await page.waitForFunction(readStatus, { kind, expect: status }, { timeout, polling: 50 });
  } catch (error) {
    const shown = await statusOf(page, kind).catch(() => '(no status)');
    const said = await kindPanel(page, kind).getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`${kind} never showed "${status}": it shows "${shown}" with alerts ${JSON.stringify(said)}\n${String(error)}`);
  }
}

export async function statusOf(page: Page, kind: Kind): Promise<string> {
  await reveal(page, kind);
  return String((await page.evaluate(readStatus, { kind })) ?? '(not shown)');
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

/** Shows a kind's progress in the connect dialog when it is under way but the dialog is closed. */
async function progressOf(page: Page, kind: Kind): Promise<Locator> {
  const card = connectDialog(page).getByTestId(`card-${kind}`);
  if (await card.isVisible()) return card;
  const control = page.getByTestId('connect-button');
  if ((await control.getAttribute('data-kind')) === kind) await control.click();
  await card.waitFor();
  return card;
}

export async function cancelConnect(page: Page, kind: Kind): Promise<void> {
  const card = await progressOf(page, kind);
  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
}

export async function tryAgain(page: Page, kind: Kind): Promise<void> {
  const card = await progressOf(page, kind);
  await card.getByRole('button', { name: 'Try again', exact: true }).click();
}

/** Disconnects `kind` from the account menu, as a user would, and waits for it. */
export async function disconnect(page: Page, kind: Kind): Promise<void> {
  const menu = await openAccountMenu(page);
  await menu.getByTestId(`card-${kind}`).getByRole('button', { name: /^Disconnect/ }).click();
  await waitForStatus(page, kind, 'Disconnected');
  await closeDialogs(page);
}

/** The error the kind shows (its plain words, with the catalogue's message under Details), or undefined. */
export async function shownError(page: Page, kind: Kind): Promise<string | undefined> {
  const card = await progressOf(page, kind);
  const alerts = await card.getByRole('alert').allTextContents();
  return alerts[0];
}

/** Asks the current wallet (of `kind`) to switch to the network of that name, from the account menu. */
export async function switchChain(page: Page, kind: Kind, chainName: string): Promise<void> {
  if ((await accountButton(page).getAttribute('data-kind')) !== kind) throw new Error(`${kind} is not the wallet in view`);
  const menu = await openAccountMenu(page);
  const networks = menu.getByTestId('network-section');
  const list = networks.getByRole('list', { name: 'Networks' });
  if (!(await list.isVisible())) await networks.getByText('Switch network').click();
  const choice = list.getByRole('button', { name: new RegExp(`^${escapeRegExp(chainName)}\\b`) });
  if ((await choice.count()) === 0) throw new Error(`the network menu of ${kind} offers no "${chainName}"`);
  await choice.first().click();
}

/** The names of the networks the current wallet (of `kind`) can be switched to, in order. */
export async function offeredChains(page: Page, kind: Kind): Promise<string[]> {
  if ((await accountButton(page).getAttribute('data-kind')) !== kind) throw new Error(`${kind} is not the wallet in view`);
  const menu = await openAccountMenu(page);
  const names = await menu.getByTestId('network-section').locator('.chain-choice-name').allTextContents();
  await closeDialogs(page);
  return names.map((n) => n.trim());
}

/** The "Switch to <chain>" offered for a wallet on a network the app does not support; clicks it. */
export async function switchFromUnsupported(page: Page, _kind: Kind): Promise<void> {
  await page.getByTestId('unsupported').getByRole('button', { name: /^Switch to / }).click();
}

/** The full address the page shows for the current connection's account. */
export async function shownAccount(page: Page, _kind?: Kind): Promise<string> {
  return (await accountButton(page).getByTestId('account').getAttribute('data-address')) ?? '';
}

/** The balance the page shows for the current account, as text (e.g. "10,000 ETH"). */
export async function shownBalance(page: Page, _kind?: Kind): Promise<string> {
  const balance = accountButton(page).getByTestId('balance');
  await balance.waitFor();
  return ((await balance.textContent()) ?? '').trim();
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

/** Sends `amount` of the native currency to `to` (does not wait for the outcome). */
export async function sendTransfer(page: Page, to: string, amount: string): Promise<void> {
  const section = await openSigning(page);
  const form = section.getByTestId('sign-transaction');
  await form.getByLabel('To').fill(to);
  await form.getByLabel(/^Amount/).fill(amount);
  const send = form.getByRole('button', { name: /^Send/ });
  await send.and(page.locator(':enabled')).waitFor();
  await send.click();
}

/**
 * The page never scrolls sideways: its content is no wider than the window. Call it in every state a
 * test reaches at a narrow width.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`the page scrolls sideways: ${scrollWidth} px of content in a ${innerWidth} px window`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---- Chain data as the page shows it (the read layer's suites) ----

/** Opens "Network status" in the footer, as a user would; returns the Network panel once it is shown. */
export async function openNetworkStatus(page: Page): Promise<Locator> {
  const panel = page.getByTestId('network-panel');
  if (await panel.isVisible()) return panel;
  await closeDialogs(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Network status' }).click();
  await panel.waitFor();
  return panel;
}

/** The network the account button names for the current wallet ("Wrong network" on one the app does not support). */
export async function shownChainName(page: Page): Promise<string> {
  return accountButton(page).getByTestId('chain').evaluate(spokenText);
}

/** Runs in the page: an element's text as assistive technology reads it (without aria-hidden marks). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden=true]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Waits until the page shows `text` (e.g. "1.5 ETH") as the current account's balance. */
export async function waitForShownBalance(page: Page, text: string, timeout = DEFAULT_TIMEOUT): Promise<void> {
  await accountButton(page).getByTestId('balance').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) }).waitFor({ timeout });
}

/** The exact balance the page gives for the current account on hover (its `title`, e.g. "1.5 ETH"). */
export async function shownExactBalance(page: Page): Promise<string> {
  const balance = accountButton(page).getByTestId('balance');
  await balance.waitFor();
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
  /** The account button's network ("" while no wallet is connected). */
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
        chain: text('[data-testid=account-button] [data-testid=chain]'),
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
