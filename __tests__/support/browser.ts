// Real headless Chromium (Debian's /usr/bin/chromium) through playwright-core; never a download.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type BrowserServer, type LaunchOptions } from 'playwright-core';
import { STARTUP_MS } from './lifecycle';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
 * Every host but this machine's fails at once, in the browser's own resolver: no internet here, and
 * no request of a page goes through Playwright to be refused there (an interception of every request
 * costs a round trip to the test process each and turns the page's HTTP cache off).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/**
 * Features of the browser's own window that no page sees: every new window (a context's first page)
 * of the new headless mode loaded the address bar's suggestion popup, a WebUI page in a renderer of
 * its own, which took more CPU than the app's own page load (traced on 2026-12-01: 2.1 s of 5.7 s of
 * thread time for 10 loads). And the spare renderer: Chromium starts a renderer process ahead of the
 * next navigation, but only for the context it was made in, and every test opens a fresh context, so
 * each spare started for nothing (a context with one page: 2 renderer processes with it, 1 without;
 * the machine's CPU per context and page load fell from 396-418 ms to 368-386 ms,
 * 2026-12-02, interleaved, 20 loads a round).
 */
export const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

const BASE: LaunchOptions = { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: STARTUP_MS };

let launchOptions: Promise<LaunchOptions> | undefined;

/**
 * The launch options with DISABLED_FEATURES added to Playwright's own --disable-features list.
 * Chromium keeps only the last of a repeated switch, so a second --disable-features would drop
 * Playwright's list (which keeps routes and navigations working): the list is read off a first
 * launch's command line and replaced by the union.
 */
export function chromiumLaunchOptions(): Promise<LaunchOptions> {
  launchOptions ??= (async () => {
    const probe = await chromium.launchServer(BASE);
    let theirs: string | undefined;
    try {
      const pid = probe.process().pid;
      theirs = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((arg) => arg.startsWith('--disable-features='));
    } finally {
      await probe.close();
    }
    const features = [...(theirs ? theirs.slice('--disable-features='.length).split(',') : []), ...DISABLED_FEATURES];
    return { ...BASE, ...(theirs ? { ignoreDefaultArgs: [theirs] } : {}), args: [...CHROMIUM_ARGS, `--disable-features=${features.join(',')}`] };
  })();
  return launchOptions;
}

/**
 * A headless Chromium whose contexts each start empty. Under jest this is the run's one browser
 * (started by globalSetup): the suite connects to it, and its `close()` only disconnects, closing the
 * contexts it opened. Outside jest (scripts) it launches a browser of its own.
 */
export async function launchChromium(): Promise<PlaywrightBrowser> {
  const shared = sharedBrowserEndpoint();
  // Playwright's own launch limit (30 s) is a margin a loaded machine can pass: ours is a hang guard.
  if (shared) return chromium.connect(shared, { timeout: STARTUP_MS });
  return chromium.launch(await chromiumLaunchOptions());
}

/** The run's one browser, as a server that every jest worker connects to. */
export async function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(await chromiumLaunchOptions());
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
  const context = await chromium.launchPersistentContext(dir, await chromiumLaunchOptions());
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
