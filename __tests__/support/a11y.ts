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
 * Each state is checked where a check can find something (issue 23): the full axe run once, in the
 * light theme at 1280 px; colour contrast again in dark at both widths (the theme changes only
 * colours); the layout (layoutProblems: sideways scroll, overlaps in the header, toasts over the
 * form, tap targets) at 320, 375 and 1280 px in both themes. At 375 px in light, the full run again
 * whenever the phone's page is not the desktop's (phoneDiffers: an element shown, hidden or changed,
 * as the phone links and the compact toast are); else only the rules whose findings can change with
 * the width alone (WIDTH_RULES), everything else axe checks being what it checked at 1280 px.
 */
export const LAYOUTS = [
  { width: 1280, colorScheme: 'light', axe: 'all' },
  { width: 1280, colorScheme: 'dark', axe: 'contrast' },
  { width: 375, colorScheme: 'light', axe: 'phone' },
  { width: 375, colorScheme: 'dark', axe: 'contrast' },
  { width: 320, colorScheme: 'light', axe: 'none' },
  { width: 320, colorScheme: 'dark', axe: 'none' },
] as const;

/**
 * The axe rules that read geometry or styles a media query may change while the page's elements, their
 * attributes, words and visibility stay the same: colours and what lies behind text, target sizes and
 * spacing, what overflows and scrolls, how a link stands out from its text.
 */
export const WIDTH_RULES = ['color-contrast', 'target-size', 'scrollable-region-focusable', 'link-in-text-block'] as const;

const SHOWN_KEY = '__a11yShownAtFullRun';

/**
 * Each element of the page as axe's rules other than WIDTH_RULES see it: shown or not, its attributes,
 * its own words, its generated words (::before/::after), how many children it has. Kept in the page
 * (a WeakMap keyed by the element) as the full run starts, to compare the phone's page with: a change
 * while that run works counts as a difference.
 */
export async function recordPage(page: Page): Promise<void> {
  await page.evaluate((key) => {
    const seen = new WeakMap<Element, string>();
    const signature = (el: Element): string => {
      const shown = el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
      const attributes = [...el.attributes].map((a) => `${a.name}=${a.value}`).join('\u0001');
      const words = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
      const generated = `${getComputedStyle(el, '::before').content}${getComputedStyle(el, '::after').content}`;
      return `${shown ? 1 : 0}\u0002${attributes}\u0002${words}\u0002${generated}\u0002${el.childElementCount}`;
    };
    const all = [...document.querySelectorAll('*')];
    for (const el of all) seen.set(el, signature(el));
    (window as unknown as Record<string, unknown>)[key] = { seen, signature, count: all.length };
  }, SHOWN_KEY);
}

/**
 * Whether the page now differs from the one the full run checked, for any rule but WIDTH_RULES: an
 * element new, gone, shown, hidden or changed (true too when no full run was recorded).
 */
export async function phoneDiffers(page: Page): Promise<boolean> {
  return page.evaluate((key) => {
    const recorded = (window as unknown as Record<string, { seen: WeakMap<Element, string>; signature: (el: Element) => string; count: number } | undefined>)[key];
    if (!recorded) return true;
    const all = [...document.querySelectorAll('*')];
    return all.length !== recorded.count || all.some((el) => recorded.seen.get(el) !== recorded.signature(el));
  }, SHOWN_KEY);
}

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
      const only = axe === 'contrast' ? ['color-contrast'] : axe === 'phone' && !(await phoneDiffers(page)) ? WIDTH_RULES : undefined;
      if (axe === 'all') await recordPage(page);
      found[key] = axe === 'none' ? [] : await axeViolations(page, { ...options, only });
      found[key]!.push(...(await layoutProblems(page)));
    }
  } finally {
    await resizeViewport(page, size);
    await page.emulateMedia({ colorScheme: null });
  }
  expect(found).toEqual(Object.fromEntries(LAYOUTS.map(({ width, colorScheme }) => [`${colorScheme} ${width}px`, []])));
}
