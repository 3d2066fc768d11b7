// Read-only chain data in the built app, in real Chromium: the latest block, and the balance and name of
// the connected (fake extension) wallet's current account in the header and the overview, and the
// Network panel behind "Network status". Reads go to real anvil nodes; public RPC hosts, unreachable
// offline, are answered by page routes that forward to local anvil nodes or misbehave on purpose.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { deployEns, registerName, setReverseName } from '../../contracts/deployEns';
import { BLOCK_POLL_MS } from '../../store/chainApi';
import { formatNativeAmount } from '../../src/features/chain/format';
import { blockNumber, rpc, startAnvil, type Anvil } from '../support/anvil';
import {
  accountButton,
  connect,
  openNetworkStatus,
  recordShownChainData,
  shownAccount,
  shownBalance,
  shownBlockNumber,
  shownChainName,
  shownExactBalance,
  shownName,
  waitForBlockOf,
  waitForShownBalance,
  waitForShownName,
  waitForStatus,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { forwardTo, routeHost } from '../support/publicRpc';
import { SETUP_TIMEOUT_MS, startAll } from '../support/lifecycle';
import { untilAsync } from '../support/wait';

// anvil accounts 5 and 6: other suites use the first ones, so these balances are ours to set.
const ERIN = { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' };
const FRANK = { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' };
const ETH = 10n ** 18n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

// A chain the app does not support (it is in no chain table of the app); the wallet knows it.
const UNSUPPORTED_CHAIN_ID = 56;

const suite = browserSuite();
let env: ReturnType<typeof e2eEnv>;
let mainnet: Anvil | undefined; // stands in for Mainnet's public endpoint
let optimism: Anvil | undefined; // stands in for Optimism's public endpoint and the wallet's chain 10

beforeAll(async () => {
  env = e2eEnv();
  [mainnet, optimism] = await startAll([startAnvil({ chainId: 1 }), startAnvil({ chainId: 10 })]);
  // The built app knows the registry's fixed address on its development chain (the shared anvil).
  await deployEns(env.anvilUrl);
  await registerName(env.anvilUrl, 'erin.test', ERIN.address);
  // Frank claims Erin's name in his reverse record; the forward record says otherwise.
  await setReverseName(env.anvilUrl, FRANK.address, 'erin.test');
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([mainnet?.stop(), optimism?.stop()]);
});

/** A node of the wrong chain: answers eth_chainId with 5, anything else with a number. */
const wrongChain = async (body: string) => {
  const calls = JSON.parse(body) as { id: number; method: string } | Array<{ id: number; method: string }>;
  const one = (c: { id: number; method: string }) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_chainId' ? '0x5' : '0x1' });
  return { status: 200, body: JSON.stringify(Array.isArray(calls) ? calls.map(one) : one(calls)) };
};


interface App {
  page: Page;
  context: BrowserContext;
  wallet?: FakeWallet;
  /** JSON-RPC methods the page sent to the development chain's node. */
  devChainMethods: string[];
  scripts: string[];
}

async function openApp(wallet?: { privateKeys: string[]; knownChainIds?: number[] }, before?: (context: BrowserContext) => Promise<void>): Promise<App> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  await before?.(context);
  const fake = wallet ? await installFakeWallet(context, { ...wallet, rpcUrls: { 31337: env.anvilUrl, 10: optimism!.url } }) : undefined;
  await routeHost(context, 'mainnet.optimism.io', forwardTo(optimism!.url));
  await routeHost(context, 'optimism-rpc.publicnode.com', () => 'refuse');
  const page = await context.newPage();
  const app: App = { page, context, devChainMethods: [], scripts: [] };
  page.on('request', (request: Request) => {
    if (request.url().startsWith(env.anvilUrl) && request.method() === 'POST') {
      const body = JSON.parse(request.postData() ?? 'null') as { method: string } | Array<{ method: string }>;
      app.devChainMethods.push(...(Array.isArray(body) ? body : [body]).map((c) => c.method));
    }
    if (request.resourceType() === 'script') app.scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(suite.server.url);
  if (fake) app.wallet = fake;
  return app;
}


/**
 * Waits until the app has concluded its name lookup of `address` on the development chain: it
 * remembers every verdict, "no name" included, in localStorage (README, "Names").
 */
async function nameLookupConcluded(page: Page, address: string): Promise<void> {
  await page.waitForFunction(
    (key) => {
      try {
        return key in (JSON.parse(localStorage.getItem('walletdeck.names.v2') ?? '{}') as object);
      } catch {
        return false;
      }
    },
    `31337:60:${address.toLowerCase()}`, // names chain, coin type (60: the chain holds its own names), address
    { polling: 50 },
  );
}

describe('with no wallet', () => {
  it('shows the latest block and, in the Network panel, the endpoint in use with its latency', async () => {
    const app = await openApp();
    expect(await shownBlockNumber(app.page)).toBeLessThanOrEqual(await blockNumber(env.anvilUrl));
    const devChain = (await openNetworkStatus(app.page)).getByTestId('network-chain-31337');
    expect(await devChain.getByTestId('endpoint-in-use').textContent()).toBe(env.anvilUrl);
    expect(await devChain.getByTestId('endpoint-latency').textContent()).toMatch(/^\d+ ms$/);
    // Names are looked up only for a connected wallet: no lookup, and the names code (normaliser included) is not loaded.
    expect(app.devChainMethods).not.toContain('eth_call');
    expect(app.scripts.some((s) => /\/names\./.test(s))).toBe(false);
  });

  it('checks another chain on demand: the working endpoint is used, the wrong-chain and dead ones are listed', async () => {
    const app = await openApp();
    await shownBlockNumber(app.page);
    const wrongChainCalls: string[] = [];
    await routeHost(app.context, 'eth.drpc.org', async (body) => {
      wrongChainCalls.push(body);
      return wrongChain(body);
    });
    await routeHost(app.context, 'ethereum-rpc.publicnode.com', forwardTo(mainnet!.url));
    await routeHost(app.context, 'arb1.arbitrum.io', () => 'refuse');
    await routeHost(app.context, 'arbitrum-one-rpc.publicnode.com', () => 'refuse');

    const panel = await openNetworkStatus(app.page);
    const mainnetRow = panel.getByTestId('network-chain-1');
    await mainnetRow.getByRole('button', { name: 'Check endpoints' }).click();
    expect(await mainnetRow.getByTestId('endpoint-in-use').textContent()).toBe('https://ethereum-rpc.publicnode.com');
    const wrong = mainnetRow.getByTestId('endpoint-problem').filter({ hasText: 'eth.drpc.org' });
    await wrong.waitFor();
    expect(await wrong.getAttribute('data-state')).toBe('wrongChain');
    expect(await wrong.textContent()).toContain('answered chain id 5 instead of 1; never used');
    expect(wrongChainCalls.every((b) => (JSON.parse(b) as { method: string }).method === 'eth_chainId')).toBe(true);

    const arbitrum = panel.getByTestId('network-chain-42161');
    await arbitrum.getByRole('button', { name: 'Check endpoints' }).click();
    await arbitrum.getByTestId('network-error').filter({ hasText: 'No RPC endpoint of Arbitrum One is answering' }).waitFor();
    const arb1 = arbitrum.getByTestId('endpoint-problem').filter({ hasText: 'arb1.arbitrum.io' });
    expect(await arb1.getAttribute('data-state')).toBe('failed');
    expect(await arb1.textContent()).toContain('https://arb1.arbitrum.io/rpc: failed, unreachable');
  });

  it('polls the block number only while the page is visible', async () => {
    // The page's clock is the test's, and the page counts its own block reads (no request event in flight).
    const app = await openApp(undefined, async (context) => {
      await context.clock.install();
      await context.addInitScript(() => {
        const page = window as unknown as { blockReads: number };
        page.blockReads = 0;
        const original = window.fetch;
        window.fetch = (input, init) => {
          if (typeof init?.body === 'string' && init.body.includes('"eth_blockNumber"')) page.blockReads += 1;
          return original(input, init);
        };
      });
    });
    await shownBlockNumber(app.page);
    const setVisibility = (state: 'hidden' | 'visible') =>
      app.page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    const polls = () => app.page.evaluate(() => (window as unknown as { blockReads: number }).blockReads);
    // From here no timer of the page fires unless the test moves its clock.
    await app.page.clock.pauseAt((await app.page.evaluate(() => Date.now())) + 1_000);
    await setVisibility('hidden');
    const hiddenAt = await polls();
    await app.page.clock.runFor(2 * BLOCK_POLL_MS); // hidden for two poll intervals, without waiting for them
    expect(await polls()).toBe(hiddenAt);
    await setVisibility('visible');
    // The clock stands still: a block read now is the one the page makes on becoming visible.
    await untilAsync(async () => (await polls()) > hiddenAt, { what: 'the block read again once visible' });
  });
});

describe('with a connected wallet', () => {
  beforeEach(async () => {
    await rpc(env.anvilUrl, 'anvil_setBalance', [ERIN.address, hex((3n * ETH) / 2n)]);
    await rpc(env.anvilUrl, 'anvil_setBalance', [FRANK.address, hex(ETH / 4n)]);
  });

  it("shows the current account's balance, and its name only when the name resolves back to it", async () => {
    const app = await openApp({ privateKeys: [ERIN.privateKey, FRANK.privateKey] });
    await connect(app.page, 'injected');
    expect(await shownAccount(app.page)).toBe(ERIN.address);
    await waitForShownBalance(app.page, '1.5 ETH');
    expect(await shownExactBalance(app.page)).toBe('1.5 ETH');
    await app.page.getByTestId('overview-balance').filter({ hasText: /^1\.5 ETH$/ }).waitFor();
    await waitForShownName(app.page, 'erin.test');
    expect(app.scripts.some((s) => /\/names\./.test(s))).toBe(true);

    // Frank becomes the current account. His reverse record claims erin.test, and the forward record
    // says otherwise: not verified, so his plain address is all the page ever shows of him.
    const shown = await recordShownChainData(app.page);
    await app.wallet!.selectAccount(FRANK.address);
    await waitForShownBalance(app.page, '0.25 ETH');
    expect(await shownAccount(app.page)).toBe(FRANK.address);
    await nameLookupConcluded(app.page, FRANK.address);
    expect(await shownName(app.page)).toBeUndefined();
    expect(await accountButton(app.page).getByTestId('account').textContent()).toBe(`${FRANK.address.slice(0, 6)}…${FRANK.address.slice(-4)}`);
    const asFrank = (await shown()).filter((s) => s.account === FRANK.address);
    expect(asFrank.length).toBeGreaterThan(0);
    for (const state of asFrank) {
      expect(state.name).toBe('');
      expect(state.balance).not.toBe('1.5 ETH');
      expect(state.overviewBalance).not.toContain('1.5 ETH');
    }
    // Reads went to the public endpoint of the chain, not through the wallet.
    expect(app.wallet?.requests('eth_getBalance')).toHaveLength(0);
    expect(app.wallet?.requests('eth_blockNumber')).toHaveLength(0);
  });

  it('loads the names code only once "Connected" is painted (names never delay it)', async () => {
    // The page writes down, in order, "Connected" in the header, the next frame's rendering after it (an
    // animation frame callback), and the names chunk's script element (a MutationObserver, set before the
    // app's own scripts run).
    const app = await openApp({ privateKeys: [ERIN.privateKey] }, async (context) => {
      await context.addInitScript(() => {
        const order: string[] = [];
        (window as unknown as { namesOrder: string[] }).namesOrder = order;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes) {
              if (!(node instanceof Element)) continue;
              if (node instanceof HTMLScriptElement && /\/names\./.test(node.src)) order.push('names script');
              if (!order.includes('Connected') && (node.matches('[data-testid=account-button][data-status=Connected]') || node.querySelector('[data-testid=account-button][data-status=Connected]'))) {
                order.push('Connected');
                requestAnimationFrame(() => order.push('next frame'));
              }
            }
        }).observe(document, { subtree: true, childList: true });
      });
    });
    await connect(app.page, 'injected');
    await waitForShownName(app.page, 'erin.test');
    expect(await app.page.evaluate(() => (window as unknown as { namesOrder: string[] }).namesOrder)).toEqual(['Connected', 'next frame', 'names script']);
  });

  it('a new block refreshes the balance', async () => {
    // The page's clock is the test's: the next poll comes when the test moves it, not 10 s later.
    const app = await openApp({ privateKeys: [ERIN.privateKey] }, (context) => context.clock.install());
    await connect(app.page, 'injected');
    await waitForShownBalance(app.page, '1.5 ETH');
    const amount = 2n * ETH + 123_456_789_000_000n; // 2.000123456789 ETH
    await rpc(env.anvilUrl, 'anvil_setBalance', [ERIN.address, hex(amount)]);
    await rpc(env.anvilUrl, 'anvil_mine', ['0x1']);
    const mined = await blockNumber(env.anvilUrl);
    await app.page.clock.runFor(BLOCK_POLL_MS);
    await waitForShownBalance(app.page, `${formatNativeAmount(amount)} ETH`);
    expect(formatNativeAmount(amount)).toBe('2.0001');
    await app.page.getByTestId('overview-balance').filter({ hasText: /^2\.0001 ETH$/ }).waitFor();
    expect(await shownBlockNumber(app.page)).toBeGreaterThanOrEqual(mined);
  });

  it("after a chain switch, the other chain's balance and block are never shown", async () => {
    await rpc(optimism!.url, 'anvil_setBalance', [ERIN.address, hex(3n * ETH)]);
    await rpc(optimism!.url, 'anvil_mine', ['0x3e8']); // block 1000+, far from the dev chain's
    const app = await openApp({ privateKeys: [ERIN.privateKey], knownChainIds: [31337, 10] });
    const shown = await recordShownChainData(app.page);
    await connect(app.page, 'injected');
    await waitForShownBalance(app.page, '1.5 ETH');
    await waitForShownName(app.page, 'erin.test');
    const devBlock = String(await shownBlockNumber(app.page));

    await app.wallet!.switchChain(10);
    await waitForShownBalance(app.page, '3 ETH');
    expect(await waitForBlockOf(app.page, 'OP Mainnet')).toBeGreaterThanOrEqual(1000);
    expect(await shownChainName(app.page)).toBe('OP Mainnet');

    const states = await shown();
    const onOptimism = states.filter((s) => s.chain === 'OP Mainnet');
    expect(onOptimism.length).toBeGreaterThan(0);
    for (const state of onOptimism) {
      expect(state.balance).not.toBe('1.5 ETH');
      expect(state.overviewBalance).not.toContain('1.5 ETH');
      expect(state.block).not.toBe(devBlock);
      // The whole page agrees on the chain: no block line of another chain beside it.
      if (state.blockLine !== '') expect(state.blockLine).toMatch(/^OP Mainnet: /);
    }
    for (const state of states.filter((s) => s.blockLine.startsWith('OP Mainnet'))) expect(state.chain).toBe('OP Mainnet');
    // Optimism has no names here: the plain address, no error.
    expect(await shownName(app.page)).toBeUndefined();
    expect(await app.page.getByRole('alert').count()).toBe(0);
    const optimismRow = (await openNetworkStatus(app.page)).getByTestId('network-chain-10');
    expect(await optimismRow.getByTestId('endpoint-in-use').textContent()).toBe('https://mainnet.optimism.io');
  });

  it("on a network the app does not support, no chain's balance or block is shown; back on a supported one, they are", async () => {
    const app = await openApp({ privateKeys: [ERIN.privateKey], knownChainIds: [31337, 10, UNSUPPORTED_CHAIN_ID] });
    await connect(app.page, 'injected');
    await waitForShownBalance(app.page, '1.5 ETH');
    await shownBlockNumber(app.page);
    const shown = await recordShownChainData(app.page);

    await app.wallet!.switchChain(UNSUPPORTED_CHAIN_ID);
    await waitForStatus(app.page, 'injected', 'Unsupported network');
    await app.page.getByTestId('unsupported').waitFor();
    expect(await shownChainName(app.page)).toBe('Wrong network');
    await app.wallet!.switchChain(10);
    await waitForStatus(app.page, 'injected', 'Connected');
    await waitForBlockOf(app.page, 'OP Mainnet');
    expect(await shownBalance(app.page)).toMatch(/ ETH$/);

    const states = await shown();
    const unsupported = states.filter((s) => s.chain === 'Wrong network');
    expect(unsupported.length).toBeGreaterThan(0);
    for (const state of unsupported) {
      expect(state).toMatchObject({ account: ERIN.address, balance: '', overviewBalance: '', blockLine: '', block: '' });
    }
  });
});
