// The set-up every browser suite shares: one Chromium, the built app served, the anvil chains the
// fake wallets forward reads to, the contexts a test opened closed after it, and, for suites that
// connect Coinbase or WalletConnect, their own relay, keys page and Verify service. Those run on free
// ports: the relay and keys URLs baked into the build name ports nothing listens on (globalSetup), and
// every context the suite makes routes them to its own servers, so suites run side by side.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { serveCoinbaseKeys, type KeysServer } from '../../scripts/dev/coinbase/keysServer';
import { startWcRelay, type WcRelay } from '../../scripts/dev/walletconnect/relay';
import { createVerifyService, type VerifyService } from '../../scripts/dev/walletconnect/verify';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from './anvil';
import { launchChromium } from './browser';
import { e2eEnv } from './e2eEnv';
import { setUp, startAll, stopAll, tearDown, TEARDOWN_TIMEOUT_MS, WAIT_MS } from './lifecycle';
import { routeOrigin, routeRelay } from './reroute';
import { serveStatic, type StaticServer } from './staticServer';

export interface BrowserSuite {
  browser: Browser;
  server: StaticServer;
  /** Chain id -> RPC URL: the development chain, plus Optimism (10) when asked for. */
  rpcUrls: Record<number, string>;
  /** Contexts to close after each test (`newContext` adds its own). */
  contexts: BrowserContext[];
  /**
   * A context for one test, closed after it: Playwright's waits at the hang guard, and with `wallets`
   * the baked-in relay URL, keys origin and Verify hosts answered by this suite's own servers. Hosts
   * other than this machine fail at once in the browser itself (CHROMIUM_ARGS, support/browser.ts).
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export interface WalletSuite extends BrowserSuite {
  /** This suite's WalletConnect relay; phones in the test process connect to `relay.url` directly. */
  relay: WcRelay;
  /**
   * This suite's Coinbase keys page as the browser reaches it: `url` and `origin` are the baked-in ones
   * (the popup's own), `opened` every load its server answered.
   */
  keys: KeysServer;
  /** This suite's Verify service: answers the pages' attestation frames and the wallet SDKs' key fetches. */
  verify: VerifyService;
}

export interface WalletsOptions {
  /** The Coinbase keys page's wallet: its accounts and its chains' RPC URLs (default: anvil's account 0 on the development chain). */
  coinbase?: { accounts?: string[]; chains?: Record<string, string> };
}

export interface SuiteOptions {
  optimism?: boolean;
  /** Start this suite's own WalletConnect relay, Coinbase keys page and Verify service. */
  wallets?: true | WalletsOptions;
  /**
   * Serve this build instead of the run's: a suite's own production build with a setting on (made with
   * the run's baked-in relay and keys URLs, so `wallets` still routes them). Awaited before serving.
   */
  distDir?: () => Promise<string>;
}

/** Registers the suite's hooks; the returned object is filled in by `beforeAll`. */
export function browserSuite(options: SuiteOptions & { wallets: true | WalletsOptions }): WalletSuite;
export function browserSuite(options?: SuiteOptions): BrowserSuite;
export function browserSuite(options: SuiteOptions = {}): BrowserSuite | WalletSuite {
  const wallets = options.wallets === true ? {} : options.wallets;
  const suite = { contexts: [] as BrowserContext[], rpcUrls: {} } as unknown as WalletSuite;
  let optimism: Anvil | undefined;
  let keysServer: KeysServer | undefined;
  let restoreFetch: (() => void) | undefined;

  suite.newContext = async (contextOptions = {}) => {
    const env = e2eEnv();
    const context = await suite.browser.newContext(contextOptions);
    suite.contexts.push(context);
    context.setDefaultTimeout(WAIT_MS);
    if (wallets && keysServer) {
      await suite.verify.routeBrowser(context);
      await routeRelay(context, env.relayPort, suite.relay.url);
      await routeOrigin(context, env.keysPort, keysServer.origin);
    }
    return context;
  };

  setUp(async () => {
    const env = e2eEnv();
    if (wallets) {
      suite.verify = createVerifyService();
      // The wallet SDKs in this process (the phones) fetch the Verify key too.
      restoreFetch = suite.verify.installInNode();
    }
    const coinbase = wallets?.coinbase ?? {};
    const [browser, server, chain, relay, keys] = await startAll([
      launchChromium(),
      options.distDir ? options.distDir().then((dir) => serveStatic(dir)) : serveStatic(env.distDir),
      options.optimism ? startAnvil({ chainId: 10 }) : Promise.resolve(undefined),
      wallets ? startWcRelay() : Promise.resolve(undefined),
      wallets
        ? serveCoinbaseKeys({
            accounts: coinbase.accounts ?? [TEST_ACCOUNTS[0].address.toLowerCase()],
            chains: coinbase.chains ?? { '31337': env.anvilUrl },
          })
        : Promise.resolve(undefined),
    ]);
    suite.browser = browser;
    suite.server = server;
    optimism = chain;
    suite.rpcUrls = chain ? { 31337: env.anvilUrl, 10: chain.url } : { 31337: env.anvilUrl };
    if (relay && keys) {
      suite.relay = relay;
      keysServer = keys;
      const baked = new URL(env.keysUrl);
      suite.keys = { url: baked.href, origin: baked.origin, opened: keys.opened, close: () => keys.close() };
    }
  });
  afterEach(() => stopAll(suite.contexts.splice(0)), TEARDOWN_TIMEOUT_MS);
  tearDown(() => [suite.browser, suite.server, optimism, suite.relay, keysServer, restoreFetch]);
  return suite;
}
