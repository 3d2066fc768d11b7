// Real headless Chromium (Debian's /usr/bin/chromium) through playwright-core; never a download.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext } from 'playwright-core';
import { STARTUP_MS } from './lifecycle';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps dialling hosts this closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium whose contexts each start empty (one browser per test file). */
export function launchChromium(): Promise<PlaywrightBrowser> {
  // Playwright's own launch limit (30 s) is a margin a loaded machine can pass: ours is a hang guard.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: STARTUP_MS });
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: STARTUP_MS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
