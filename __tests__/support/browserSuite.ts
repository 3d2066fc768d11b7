// The set-up every browser suite shares: one Chromium, the built app served, the anvil chains the
// fake wallets forward reads to, and the contexts a test opened closed after it.
import type { Browser, BrowserContext } from 'playwright-core';
import { startAnvil, type Anvil } from './anvil';
import { launchChromium } from './browser';
import { e2eEnv } from './e2eEnv';
import { setUp, startAll, stopAll, tearDown, TEARDOWN_TIMEOUT_MS } from './lifecycle';
import { serveStatic, type StaticServer } from './staticServer';

export interface BrowserSuite {
  browser: Browser;
  server: StaticServer;
  /** Chain id -> RPC URL: the development chain, plus Optimism (10) when asked for. */
  rpcUrls: Record<number, string>;
  /** Contexts to close after each test. */
  contexts: BrowserContext[];
}

/** Registers the suite's hooks; the returned object is filled in by `beforeAll`. */
export function browserSuite(options: { optimism?: boolean } = {}): BrowserSuite {
  const suite = { contexts: [] as BrowserContext[], rpcUrls: {} } as BrowserSuite;
  let optimism: Anvil | undefined;
  setUp(async () => {
    const env = e2eEnv();
    const [browser, server, chain] = await startAll([
      launchChromium(),
      serveStatic(env.distDir),
      options.optimism ? startAnvil({ chainId: 10 }) : Promise.resolve(undefined),
    ]);
    suite.browser = browser;
    suite.server = server;
    optimism = chain;
    suite.rpcUrls = chain ? { 31337: env.anvilUrl, 10: chain.url } : { 31337: env.anvilUrl };
  });
  afterEach(() => stopAll(suite.contexts.splice(0)), TEARDOWN_TIMEOUT_MS);
  tearDown(() => [suite.browser, suite.server, optimism]);
  return suite;
}
