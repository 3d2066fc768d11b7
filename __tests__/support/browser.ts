// Real headless Chromium (Debian's /usr/bin/chromium) through playwright-core; never a download.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type BrowserServer } from 'playwright-core';
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

const LAUNCH = { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: STARTUP_MS };

/**
 * A headless Chromium whose contexts each start empty. Under jest this is the run's one browser
 * (started by globalSetup): the suite connects to it, and its `close()` only disconnects, closing the
 * contexts it opened. Outside jest (scripts) it launches a browser of its own.
 */
export function launchChromium(): Promise<PlaywrightBrowser> {
  const shared = sharedBrowserEndpoint();
  // Playwright's own launch limit (30 s) is a margin a loaded machine can pass: ours is a hang guard.
  if (shared) return chromium.connect(shared, { timeout: STARTUP_MS });
  return chromium.launch(LAUNCH);
}

/** The run's one browser, as a server that every jest worker connects to. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

function sharedBrowserEndpoint(): string | undefined {
  const file = process.env.E2E_ENV_FILE;
  if (!file) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { browserWsEndpoint?: string }).browserWsEndpoint;
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
