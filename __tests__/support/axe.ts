// axe-core in the page under test, run as a browser extension's script would be: through the DevTools
// protocol. The page's Content-Security-Policy (script-src 'self') rightly refuses an inline <script>.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(AXE);
  if (!(await page.evaluate(() => 'axe' in window))) throw new Error('axe-core did not load into the page');
}
