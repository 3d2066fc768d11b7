// What a user sees on a wallet card in the browser tests: its status, its alerts, and every status it
// went through since the page started (recorded in the page, survives reloads).
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Records every status text of every card from the first render on (install before opening pages). */
export async function recordStatuses(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const history: Record<string, string[]> = {};
    (window as unknown as { statusHistory: Record<string, string[]> }).statusHistory = history;
    new MutationObserver(() => {
      for (const card of document.querySelectorAll('[data-testid^=card-]')) {
        const id = card.getAttribute('data-testid')!.slice('card-'.length);
        const text = card.querySelector('[data-testid=status]')?.textContent;
        const list = (history[id] ??= []);
        if (text && list[list.length - 1] !== text) list.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

export async function statusHistory(page: Page, id = 'injected'): Promise<string[]> {
  return page.evaluate((card) => (window as unknown as { statusHistory: Record<string, string[]> }).statusHistory[card] ?? [], id);
}

export async function statusOf(card: Locator): Promise<string> {
  return (await card.getByTestId('status').textContent()) ?? '';
}

/** Waits for a card status; on failure says what the card showed instead. */
export async function waitForStatus(card: Locator, status: string, timeout?: number): Promise<void> {
  try {
    await card
      .getByTestId('status')
      .filter({ hasText: new RegExp(`^${status}$`) })
      .waitFor(timeout === undefined ? {} : { timeout });
  } catch (error) {
    const shown = await card.getByTestId('status').textContent({ timeout: 1_000 }).catch(() => '(no status)');
    const said = await card.getByRole('alert').allTextContents().catch(() => []);
    throw new Error(`the card never showed "${status}": it shows "${shown}" with alerts ${JSON.stringify(said)}\n${String(error)}`);
  }
}

/** The texts of the card's alerts (errors), in order. */
export async function alerts(card: Locator): Promise<string[]> {
  return card.getByRole('alert').allTextContents();
}

/** Uncaught page errors and error-boundary screens, to assert "nothing broke". */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
