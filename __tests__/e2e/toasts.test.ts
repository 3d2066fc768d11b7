// Toasts and what covers the form (docs/behaviour.md §10.2), end to end: the built app in headless
// Chromium at 375, 320 and 1280 px, the fake extension wallet signing in the test process, transfers
// mined on the real anvil. Three transfers in a row: before each, no toast covers the focused field or
// the Send button; then, on Playwright's clock (installed before the page loads, never real waiting),
// pending toasts stay and confirmed ones leave TOAST_MS after they were confirmed.
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/a11y';
import { rpc } from '../support/anvil';
import { connect, fillTransfer, openAccountMenu, openSigning, recentTransactions, toasts } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { holdTransfers } from '../support/holdTransfers';
import { installFakeWallet } from '../support/fakeWallet';
import { WAIT_MS } from '../support/lifecycle';
import { TOAST_MS } from '../../store/transactionsSlice';

const METAMASK = { uuid: '5e0c7f1a-3b9d-4e2a-8c6f-1d2e3f4a5b6c', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const ETH = 10n ** 18n;
/** How far the page's clock moves at a time while the test drives it. */
const STEP_MS = 250;

const suite = browserSuite();

/** What covers what, measured in the page: the visible toasts, and each one over the focused element or the Send button. */
function coverage(): { visible: number; focused: string; problems: string[] } {
  const visibleBox = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' ? box : undefined;
  };
  const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = [...document.querySelectorAll('[data-testid=tx-toast]')].flatMap((toast) => visibleBox(toast) ?? []);
  const send = document.querySelector('[data-testid=sign-transaction] button[type=submit]');
  const focused = document.activeElement;
  const problems: string[] = [];
  const label = (element: Element) =>
    (element as HTMLInputElement).labels?.[0]?.textContent?.trim() || element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 30) || element.tagName;
  for (const [name, element] of [
    ['the focused element', focused],
    ['the Send button', send],
  ] as const) {
    if (!element || element === document.body) continue;
    const box = element.getBoundingClientRect();
    if (shown.some((toast) => overlaps(toast, box))) problems.push(`a toast covers ${name} (${label(element)})`);
  }
  const sendBox = send?.getBoundingClientRect();
  // Checked where the user can see it: its centre in the window.
  if (send && sendBox && sendBox.top + sendBox.height / 2 > 0 && sendBox.top + sendBox.height / 2 < window.innerHeight) {
    const box = sendBox;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !send.contains(hit)) problems.push(`at the Send button's centre is ${hit ? `${hit.tagName}.${hit.className}` : 'nothing'}`);
  }
  return { visible: shown.length, focused: focused ? label(focused) : '', problems };
}

/**
 * Waits until no toast covers the focused element or Send (the stack is placed again on each focus
 * change, scroll and resize); on a timeout, what covers what.
 */
const clearOfToasts = (page: Page): Promise<string[]> =>
  page.waitForFunction(`(${coverage.toString()})().problems.length === 0`, undefined, { timeout: WAIT_MS, polling: 50 }).then(
    () => [],
    async () => (await page.evaluate(coverage)).problems,
  );

/** The toasts' life on the page's clock: when each was seen with each status, and when it left. */
function recordToasts(): void {
  const seen: { hash: string; status: string; at: number }[] = [];
  (window as unknown as { toastLife: typeof seen }).toastLife = seen;
  const last = new Map<string, string>();
  const record = () => {
    const now = new Map([...document.querySelectorAll<HTMLElement>('[data-testid=tx-toast]')].map((t) => [t.dataset['hash'] ?? '', t.dataset['status'] ?? '']));
    for (const [hash, status] of now) if (last.get(hash) !== status) seen.push({ hash, status, at: Date.now() });
    for (const hash of last.keys()) if (!now.has(hash)) seen.push({ hash, status: 'gone', at: Date.now() });
    last.clear();
    for (const [hash, status] of now) last.set(hash, status);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
}

/** Requests from the page to the chain's endpoint not answered yet. */
function inFlight(page: Page, url: string): () => Promise<void> {
  let open = 0;
  const idle: (() => void)[] = [];
  const done = () => {
    open -= 1;
    if (open === 0) for (const wake of idle.splice(0)) wake();
  };
  page.on('request', (request) => {
    if (request.url().startsWith(url)) open += 1;
  });
  page.on('requestfinished', (request) => request.url().startsWith(url) && done());
  page.on('requestfailed', (request) => request.url().startsWith(url) && done());
  return () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));
}

describe.each([
  [375, 740],
  [320, 640],
  [1280, 800],
])('at %i px', (width, height) => {
  it('three transfers in a row: no toast covers the focused field or Send; pending toasts stay, confirmed ones leave on their own and stay in recent transactions', async () => {
    const anvilUrl = suite.rpcUrls[31337]!;
    const key = Wallet.createRandom();
    await rpc(anvilUrl, 'anvil_setBalance', [key.address, `0x${(100n * ETH).toString(16)}`]);
    const context = await suite.newContext({ viewport: { width, height }, colorScheme: 'light' });
    const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: { 31337: anvilUrl }, privateKeys: [key.privateKey] });
    const held = holdTransfers(wallet, key, anvilUrl);
    const page = await context.newPage();
    await page.clock.install();
    await page.addInitScript(recordToasts);
    const reads = inFlight(page, anvilUrl);
    await page.goto(suite.server.url);
    await connect(page, 'injected');
    const form = (await openSigning(page)).getByTestId('sign-transaction');
    const send = form.getByRole('button', { name: /^Send/ });

    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      await fillTransfer(page, Wallet.createRandom().address, `0.0${i + 1}`);
      await send.and(page.locator(':enabled')).waitFor();
      // The user scrolls down to Send (scrolling moves no focus).
      await send.scrollIntoViewIfNeeded();
      // The field being typed in has the focus; the toasts of the earlier transfers are on screen.
      expect((await page.evaluate(coverage)).focused).toMatch(/^Amount/);
      expect(await clearOfToasts(page)).toEqual([]);
      if (i > 0) expect((await page.evaluate(coverage)).visible).toBeGreaterThan(0);
      await send.click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid=tx-toast][data-status=pending]').length === n, i + 1);
      // The newest toast is the last.
      hashes.unshift((await toasts(page).last().getAttribute('data-hash')) ?? '');
      // Just sent (the focus on Send, or dropped while it was busy): the new toast leaves Send clear too.
      expect(await clearOfToasts(page)).toEqual([]);
    }
    expect(await toasts(page).count()).toBe(3);
    // Another form's field, scrolled to the bottom edge of the window where the stack sits: it moves.
    const message = page.getByTestId('sign-message').getByLabel('Message to sign');
    await message.focus();
    await message.evaluate((field) => field.scrollIntoView({ block: 'end' }));
    expect(await clearOfToasts(page)).toEqual([]);
    expect((await page.evaluate(coverage)).focused).toMatch(/^Message to sign/);

    // From here the page's clock moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Pending: they stay, however long.
    await page.clock.runFor(10 * TOAST_MS);
    expect(await toasts(page).count()).toBe(3);
    expect(await page.evaluate(coverage)).toMatchObject({ problems: [] });
    // Light and dark, the toasts on screen: nothing for axe, no sideways scroll.
    await expectAccessible(page, undefined, { pausedClock: true });

    await held.release();
    // Moved on a step at a time, each step once the page's reads have come back, until all have left.
    for (let steps = 0; (await toasts(page).count()) > 0; steps++) {
      if (steps * STEP_MS > 120_000) throw new Error(`toasts still on screen after 120 s of the page's clock: ${await toasts(page).allTextContents()}`);
      await reads();
      await page.clock.runFor(STEP_MS);
    }
    const life = await page.evaluate(() => (window as unknown as { toastLife: { hash: string; status: string; at: number }[] }).toastLife);
    for (const hash of hashes) {
      const mine = life.filter((entry) => entry.hash === hash);
      expect(mine.map((entry) => entry.status)).toEqual(['pending', 'confirmed', 'gone']);
      const shownFor = mine[2]!.at - mine[1]!.at;
      expect(shownFor).toBeGreaterThanOrEqual(TOAST_MS);
      expect(shownFor).toBeLessThanOrEqual(TOAST_MS + STEP_MS);
    }
    await page.clock.resume();

    // Gone from the toasts, kept in the recent transactions.
    await openAccountMenu(page);
    expect((await recentTransactions(page)).map((tx) => [tx.hash, tx.status])).toEqual(hashes.map((hash) => [hash, 'confirmed']));
  });
});
