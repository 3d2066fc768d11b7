// What every state of the page must hold, for every user: axe-core finds no violation, and the page
// never scrolls sideways, in light and dark, at 1280 px and on a 375 px phone. One helper, used by
// every browser suite that walks through states (`expectAccessible(page)` after each).
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll } from './appDriver';
import { injectAxe } from './axe';


interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

export interface AccessibleOptions {
  /**
   * The page's clock is paused (`page.clock.pauseAt`) to hold a state that a timer would end (a
   * reconnect's time limit): axe's own timers then run only as the clock is stepped, a few ms of the
   * page's time per run, far from the page's timers.
   */
  pausedClock?: boolean;
}

type Axe = { run(context: Document, options: object): Promise<{ violations: Violation[] }> };

export async function axeViolations(page: Page, options: AccessibleOptions = {}): Promise<string[]> {
  await injectAxe(page);
  let violations: Violation[];
  if (options.pausedClock) {
    const scope = 'axeRun';
    await page.evaluate((key) => {
      const slot: { done?: Violation[] } = {};
      (window as unknown as Record<string, typeof slot>)[key] = slot;
      void (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'] }).then((r) => (slot.done = r.violations));
    }, scope);
    for (;;) {
      const done = await page.evaluate((key) => (window as unknown as Record<string, { done?: Violation[] }>)[key]?.done, scope);
      if (done) {
        violations = done;
        break;
      }
      await page.clock.runFor(10);
    }
  } else {
    violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: Axe }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
  }
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}: ${n.failureSummary}`));
}

export const LAYOUTS = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 375, colorScheme: 'light' },
  { width: 375, colorScheme: 'dark' },
] as const;

/**
 * Zero axe violations and no sideways scroll in each layout; `settled` (optional) waits until the
 * state is drawn again after a resize. Leaves the page at its original size and scheme.
 */
export async function expectAccessible(page: Page, settled: () => Promise<unknown> = async () => undefined, options: AccessibleOptions = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const found: Record<string, string[]> = {};
  try {
    for (const { width, colorScheme } of LAYOUTS) {
      await page.setViewportSize({ width, height: size.height });
      await page.emulateMedia({ colorScheme });
      await settled();
      const key = `${colorScheme} ${width}px`;
      found[key] = await axeViolations(page, options);
      await expectNoSidewaysScroll(page).catch((error: Error) => found[key]!.push(error.message));
    }
  } finally {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: null });
  }
  expect(found).toEqual({ 'light 1280px': [], 'dark 1280px': [], 'light 375px': [], 'dark 375px': [] });
}
