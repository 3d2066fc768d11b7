// How a browser test drives the app as a user would: every interaction with the page's wallet
// controls (connect, the wallet's state, disconnect, switch chain, what the page shows for the current
// account, signing) goes through here, so that a change of layout changes this file, not the tests.
import type { Frame, Locator, Page } from 'playwright-core';

export type Kind = 'injected' | 'coinbase' | 'walletconnect';
export type Status = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required' | 'Unsupported network';
export type SigningForm = 'message' | 'typedData' | 'transaction';
/** Where the app runs: a page, or a frame of another site's page (the app framed, e.g. sandboxed). */
export type AppSurface = Page | Frame;

/** Where a kind's own state and controls are (status, Connect / Cancel / Try again / Disconnect). */
export function kindPanel(page: AppSurface, kind: Kind): Locator {
  return page.getByTestId(`card-${kind}`);
}

/**
 * Starts a user connect of `kind` (does not wait for the outcome). `wallet`: the announced name of the
 * browser extension to use when several announced themselves.
 */
export async function startConnect(page: AppSurface, kind: Kind, options: { wallet?: string } = {}): Promise<void> {
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
export async function waitForStatus(page: AppSurface, kind: Kind, status: Status, timeout?: number): Promise<void> {
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

export async function statusOf(page: AppSurface, kind: Kind): Promise<string> {
  return (await kindPanel(page, kind).getByTestId('status').textContent({ timeout: 1_000 })) ?? '';
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

export async function cancelConnect(page: AppSurface, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Cancel', exact: true }).click();
}

export async function tryAgain(page: AppSurface, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Try again', exact: true }).click();
}

export async function disconnect(page: AppSurface, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await waitForStatus(page, kind, 'Disconnected');
}

/** The error the kind shows (the catalogue's message as shown under "Details"), or undefined. */
export async function shownError(page: AppSurface, kind: Kind): Promise<string | undefined> {
  const alerts = await kindPanel(page, kind).getByRole('alert').allTextContents();
  return alerts[0];
}

/** Asks the wallet of `kind` to switch to the chain of that name (as the chain menu lists it). */
export async function switchChain(page: AppSurface, kind: Kind, chainName: string): Promise<void> {
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
export async function offeredChains(page: AppSurface, kind: Kind): Promise<string[]> {
  const select = kindPanel(page, kind).getByRole('combobox');
  return select.evaluate((element) =>
    [...(element as HTMLSelectElement).options].filter((o) => o.value !== '').map((o) => (o.textContent ?? '').replace(/\s*\(.*\)\s*$/, '').trim()),
  );
}

/** The "Switch to <chain>" offered for a wallet on a network the app does not support; clicks it. */
export async function switchFromUnsupported(page: AppSurface, kind: Kind): Promise<void> {
  await kindPanel(page, kind).getByRole('button', { name: /^Switch to / }).click();
}

/** The full address the page shows for the current connection's account. */
export async function shownAccount(page: AppSurface, kind: Kind = 'injected'): Promise<string> {
  return (await kindPanel(page, kind).getByTestId('account').first().textContent()) ?? '';
}

/** The balance the page shows for the current account, as text (e.g. "10,000 ETH"). */
export async function shownBalance(page: AppSurface, kind: Kind = 'injected'): Promise<string> {
  const balance = kindPanel(page, kind).getByTestId('balance').first();
  await balance.waitFor();
  return (await balance.textContent()) ?? '';
}

/** The latest block number the page shows, once it shows one. */
export async function shownBlockNumber(page: AppSurface): Promise<number> {
  const block = page.getByTestId('block-number');
  await block.waitFor();
  return Number(((await block.textContent()) ?? '').replace(/[^0-9]/g, ''));
}

/** The signing section, opened. */
export async function openSigning(page: AppSurface): Promise<Locator> {
  const section = page.getByTestId('sign-section');
  const open = section.getByRole('button', { name: 'Open', exact: true });
  if ((await open.count()) > 0) await open.click();
  await section.getByTestId('sign-target').waitFor();
  return section;
}

/** The outcome of a signing form once it reaches `status` (e.g. 'signed', 'confirmed', 'declined'). */
export async function waitForOutcome(page: AppSurface, form: SigningForm, status: string, timeout?: number): Promise<Locator> {
  const outcome = page.locator(`[data-testid=sign-${form}] [data-testid=outcome][data-status=${status}]`);
  try {
    await outcome.waitFor(timeout === undefined ? {} : { timeout });
  } catch (error) {
    const shown = await page.locator(`[data-testid=sign-${form}] [data-testid=outcome]`).allTextContents().catch(() => []);
    throw new Error(`the ${form} form never showed "${status}": it shows ${JSON.stringify(shown)}\n${String(error)}`);
  }
  return outcome;
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

/** Sends `amount` of the native currency to `to` (does not wait for the outcome). */
export async function sendTransfer(page: AppSurface, to: string, amount: string): Promise<void> {
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
export async function expectNoSidewaysScroll(page: AppSurface): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (scrollWidth > innerWidth) throw new Error(`the page scrolls sideways: ${scrollWidth} px of content in a ${innerWidth} px window`);
}

/** The pairing link the WalletConnect dialog shows once its QR code is drawn (after startConnect). */
export async function shownPairingUri(page: AppSurface): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Scan with your phone' });
  await dialog.getByTestId('qr-code').and(dialog.locator('[data-state=drawn]')).waitFor();
  return dialog.getByTestId('pairing-uri').inputValue();
}

/** Whether the user can start a connect of `kind` here (a kind this browser or build cannot offer cannot). */
export async function canConnect(page: AppSurface, kind: Kind): Promise<boolean> {
  const button = kindPanel(page, kind).getByRole('button', { name: 'Connect', exact: true });
  await button.waitFor();
  return button.isEnabled();
}

/**
 * What the page says about this browser (storage refused, each kind's limit here), once the page has
 * rendered; undefined when it says nothing.
 */
export async function environmentNotice(page: AppSurface): Promise<string | undefined> {
  await kindPanel(page, 'injected').getByTestId('status').waitFor();
  const notice = page.getByRole('status', { name: 'About this browser' });
  return (await notice.count()) > 0 ? ((await notice.textContent()) ?? '') : undefined;
}

/** What the page says this browser takes away from `kind`, if anything. */
export async function kindLimitation(page: AppSurface, kind: Kind): Promise<string | undefined> {
  await kindPanel(page, kind).getByTestId('status').waitFor();
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
  await failure.or(kindPanel(page, 'injected')).first().waitFor();
  return (await failure.count()) > 0 ? ((await failure.textContent()) ?? '') : undefined;
}

/** Waits until the Network panel (which endpoint each chain uses) is on the page. */
export async function waitForNetworkPanel(page: AppSurface): Promise<void> {
  await page.getByTestId('network-panel').waitFor();
}

/** The signature a signing form shows once signed. */
export async function shownSignature(page: AppSurface, form: Exclude<SigningForm, 'transaction'>): Promise<string> {
  const outcome = await waitForOutcome(page, form, 'signed');
  return ((await outcome.getByTestId('signature').textContent()) ?? '').trim();
}

/** The verified name the page shows for the current account of `kind`, once it shows one. */
export async function shownName(page: AppSurface, kind: Kind = 'injected'): Promise<string> {
  const name = kindPanel(page, kind).getByTestId('name').first();
  await name.waitFor();
  return (await name.textContent()) ?? '';
}
