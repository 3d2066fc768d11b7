// What every state of the page must hold, for every user: axe-core finds no violation, and the page
// never scrolls sideways, in light and dark, at 1280 px and on a 375 px phone. One helper, used by
// every browser suite that walks through states (`expectAccessible(page)` after each).
import type { Page } from 'playwright-core';
import { layoutProblems, resizeViewport } from './appDriver';
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
  /** Only these axe rules (say, `color-contrast` where only the theme changed). */
  only?: readonly string[];
}

type Axe = { run(context: Document, options: object): Promise<{ violations: Violation[] }> };

export async function axeViolations(page: Page, options: AccessibleOptions = {}): Promise<string[]> {
  await injectAxe(page);
  const runOptions = options.only ? { runOnly: { type: 'rule', values: [...options.only] } } : {};
  let violations: Violation[];
  if (options.pausedClock) {
    const scope = 'axeRun';
    await page.evaluate(({ key, run }) => {
      const slot: { done?: Violation[] } = {};
      (window as unknown as Record<string, typeof slot>)[key] = slot;
      void (window as unknown as { axe: Axe }).axe.run(document, { resultTypes: ['violations'], ...run }).then((r) => (slot.done = r.violations));
    }, { key: scope, run: runOptions });
    for (;;) {
      const done = await page.evaluate((key) => (window as unknown as Record<string, { done?: Violation[] }>)[key]?.done, scope);
      if (done) {
        violations = done;
        break;
      }
      await page.clock.runFor(10);
    }
  } else {
    violations = await page.evaluate(async (run) => {
      const axe = (window as unknown as { axe: Axe }).axe;
      return (await axe.run(document, { resultTypes: ['violations'], ...run })).violations;
    }, runOptions);
  }
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}: ${n.failureSummary}`));
}

/**
 * Each state is checked where a check can find something (issue 23): the full axe run in the light
 * theme at 1280 px and at 375 px (a phone shows parts a desktop does not: the phone links, the
 * compact toast), colour contrast again in dark at both widths (the theme changes only colours); the
 * layout (layoutProblems: sideways scroll, overlaps in the header, toasts over the form, tap targets)
 * at 320, 375 and 1280 px in both themes.
 */
export const LAYOUTS = [
  { width: 1280, colorScheme: 'light', axe: 'all' },
  { width: 1280, colorScheme: 'dark', axe: 'contrast' },
  { width: 375, colorScheme: 'light', axe: 'all' },
  { width: 375, colorScheme: 'dark', axe: 'contrast' },
  { width: 320, colorScheme: 'light', axe: 'none' },
  { width: 320, colorScheme: 'dark', axe: 'none' },
] as const;

/**
 * No axe violation and no layout problem in each layout; `settled` (optional) waits until the
 * state is drawn again after a resize. Leaves the page at its original size and scheme.
 */
export async function expectAccessible(page: Page, settled: () => Promise<unknown> = async () => undefined, options: AccessibleOptions = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const found: Record<string, string[]> = {};
  try {
    for (const { width, colorScheme, axe } of LAYOUTS) {
      await resizeViewport(page, { width, height: size.height });
      await page.emulateMedia({ colorScheme });
      await settled();
      const key = `${colorScheme} ${width}px`;
      found[key] = axe === 'none' ? [] : await axeViolations(page, { ...options, only: axe === 'contrast' ? ['color-contrast'] : undefined });
      found[key]!.push(...(await layoutProblems(page)));
    }
  } finally {
    await resizeViewport(page, size);
    await page.emulateMedia({ colorScheme: null });
  }
  expect(found).toEqual(Object.fromEntries(LAYOUTS.map(({ width, colorScheme }) => [`${colorScheme} ${width}px`, []])));
}
