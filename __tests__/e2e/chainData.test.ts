// Read-only chain data in the built app, in real Chromium: block number, balances and names next to
// the accounts of a connected (fake extension) wallet, and the Network panel. Reads go to real
// anvil nodes; public RPC hosts, unreachable offline, are answered by page routes that forward to
// local anvil nodes or misbehave on purpose.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { deployEns, registerName, setReverseName } from '../../contracts/deployEns';
import { BLOCK_POLL_MS } from '../../store/chainApi';
import { formatNativeAmount } from '../../src/features/chain/format';
import { rpc, startAnvil, type Anvil } from '../support/anvil';
import { launchBrowser, type Browser } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';
import { untilAsync } from '../support/wait';

// anvil accounts 5 and 6: other suites use the first ones, so these balances are ours to set.
const ERIN = { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' };
const FRANK = { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' };
const ETH = 10n ** 18n;
const hex = (n: bigint) => `0x${n.toString(16)}`;

let env: ReturnType<typeof e2eEnv>;
let server: StaticServer;
let mainnet: Anvil; // stands in for Mainnet's public endpoint
let optimism: Anvil; // stands in for Optimism's public endpoint and the wallet's chain 10
const browsers: Browser[] = [];

beforeAll(async () => {
  env = e2eEnv();
  [server, mainnet, optimism] = await startAll([serveStatic(env.distDir), startAnvil({ chainId: 1 }), startAnvil({ chainId: 10 })]);
  // The built app knows the registry's fixed address on its development chain (the shared anvil).
  await deployEns(env.anvilUrl);
  await registerName(env.anvilUrl, 'erin.test', ERIN.address);
  // Frank claims Erin's name in his reverse record; the forward record says otherwise.
  await setReverseName(env.anvilUrl, FRANK.address, 'erin.test');
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});

afterAll(async () => {
  await Promise.all([server?.close(), mainnet?.stop(), optimism?.stop()]);
});

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST, OPTIONS' };

/** Answers a public RPC host from a local node. */
async function routeHost(context: BrowserContext, host: string, answer: (body: string) => Promise<{ status: number; body: string }> | 'refuse') {
  await context.route(
    (url) => url.hostname === host,
    async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      const reply = answer(route.request().postData() ?? '');
      if (reply === 'refuse') return route.abort('connectionrefused');
      const { status, body } = await reply;
      return route.fulfill({ status, headers: { ...CORS, 'content-type': 'application/json' }, body });
    },
  );
}

const forwardTo = (nodeUrl: string) => async (body: string) => {
  const res = await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, body: await res.text() };
};

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
  const browser = await launchBrowser();
  browsers.push(browser);
  const context = browser.context;
  context.setDefaultTimeout(WAIT_MS);
  await before?.(context);
  const fake = wallet ? await installFakeWallet(context, { ...wallet, rpcUrls: { 31337: env.anvilUrl, 10: optimism.url } }) : undefined;
  await routeHost(context, 'mainnet.optimism.io', forwardTo(optimism.url));
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
  await page.goto(server.url);
  if (fake) app.wallet = fake;
  return app;
}

const accountRow = (app: App, address: string) => app.page.getByTestId('card-injected').locator('li.account').filter({ hasText: address });

async function connect(app: App): Promise<void> {
  const card = app.page.getByTestId('card-injected');
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor();
}

async function blockNumber(url: string): Promise<number> {
  return Number(BigInt(await rpc<string>(url, 'eth_blockNumber')));
}

describe('with no wallet', () => {
  it('shows the latest block and, in the Network panel, the endpoint in use with its latency', async () => {
    const app = await openApp();
    const shown = app.page.getByTestId('block-number');
    await shown.waitFor();
    expect(Number(await shown.textContent())).toBeLessThanOrEqual(await blockNumber(env.anvilUrl));
    const devChain = app.page.getByTestId('network-panel').getByTestId('network-chain-31337');
    expect(await devChain.getByTestId('endpoint-in-use').textContent()).toBe(env.anvilUrl);
    expect(await devChain.getByTestId('endpoint-latency').textContent()).toMatch(/^\d+ ms$/);
    // Names are looked up only for a connected wallet: no lookup, and the name normaliser is not loaded.
    expect(app.devChainMethods).not.toContain('eth_call');
    expect(app.scripts.some((s) => /\/ens-normalize\./.test(s))).toBe(false);
  });

  it('checks another chain on demand: the working endpoint is used, the wrong-chain and dead ones are listed', async () => {
    const app = await openApp();
    await app.page.getByTestId('block-number').waitFor();
    const wrongChainCalls: string[] = [];
    await routeHost(app.context, 'eth.drpc.org', async (body) => {
      wrongChainCalls.push(body);
      return wrongChain(body);
    });
    await routeHost(app.context, 'ethereum-rpc.publicnode.com', forwardTo(mainnet.url));
    await routeHost(app.context, 'arb1.arbitrum.io', () => 'refuse');
    await routeHost(app.context, 'arbitrum-one-rpc.publicnode.com', () => 'refuse');

    const panel = app.page.getByTestId('network-panel');
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
    await app.page.getByTestId('block-number').waitFor();
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

  it('shows each account with its balance, and its name only when the name resolves back to it', async () => {
    const app = await openApp({ privateKeys: [ERIN.privateKey, FRANK.privateKey] });
    await connect(app);
    const erin = accountRow(app, ERIN.address);
    const frank = accountRow(app, FRANK.address);
    await erin.getByTestId('balance').filter({ hasText: '1.5 ETH' }).waitFor();
    await frank.getByTestId('balance').filter({ hasText: '0.25 ETH' }).waitFor();
    await erin.getByTestId('name').filter({ hasText: 'erin.test' }).waitFor();
    // Frank's reverse record claims erin.test: not verified, so his plain address is all there is.
    expect(await frank.getByTestId('name').count()).toBe(0);
    expect(await frank.getByTestId('account').textContent()).toBe(FRANK.address);
    expect(await erin.getByTestId('balance').getAttribute('title')).toBe('1.5 ETH');
    expect(app.scripts.some((s) => /\/ens-normalize\./.test(s))).toBe(true);
    // Reads went to the public endpoint of the chain, not through the wallet.
    expect(app.wallet?.requests('eth_getBalance')).toHaveLength(0);
    expect(app.wallet?.requests('eth_blockNumber')).toHaveLength(0);
  });

  it('a new block refreshes the balances', async () => {
    // The page's clock is the test's: the next poll comes when the test moves it, not 10 s later.
    const app = await openApp({ privateKeys: [ERIN.privateKey] }, (context) => context.clock.install());
    await connect(app);
    const balance = accountRow(app, ERIN.address).getByTestId('balance');
    await balance.filter({ hasText: '1.5 ETH' }).waitFor();
    const amount = 2n * ETH + 123_456_789_000_000n; // 2.000123456789 ETH
    await rpc(env.anvilUrl, 'anvil_setBalance', [ERIN.address, hex(amount)]);
    await rpc(env.anvilUrl, 'anvil_mine', ['0x1']);
    const mined = await blockNumber(env.anvilUrl);
    await app.page.clock.runFor(BLOCK_POLL_MS);
    await balance.filter({ hasText: `${formatNativeAmount(amount)} ETH` }).waitFor();
    expect(await balance.textContent()).toBe('2.0001 ETH');
    expect(Number(await app.page.getByTestId('block-number').textContent())).toBeGreaterThanOrEqual(mined);
  });

  it("after a chain switch, the other chain's balance and block are never shown", async () => {
    await rpc(optimism.url, 'anvil_setBalance', [ERIN.address, hex(3n * ETH)]);
    await rpc(optimism.url, 'anvil_mine', ['0x3e8']); // block 1000+, far from the dev chain's
    const app = await openApp({ privateKeys: [ERIN.privateKey], knownChainIds: [31337, 10] });
    await app.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const record = () => {
        const chain = document.querySelector('[data-testid=card-injected] [data-testid=chain]')?.textContent ?? '';
        const balance = document.querySelector('[data-testid=card-injected] [data-testid=balance]')?.textContent ?? '';
        const block = document.querySelector('.block-number')?.textContent ?? '';
        const line = `${chain} | ${balance} | ${block}`;
        if (seen[seen.length - 1] !== line) seen.push(line);
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await connect(app);
    const row = accountRow(app, ERIN.address);
    await row.getByTestId('balance').filter({ hasText: '1.5 ETH' }).waitFor();
    await row.getByTestId('name').waitFor();
    const devBlock = await app.page.getByTestId('block-number').textContent();

    await app.wallet?.switchChain(10);
    await row.getByTestId('balance').filter({ hasText: '3 ETH' }).waitFor();
    await app.page.locator('.block-number').filter({ hasText: /^OP Mainnet: latest block \d+/ }).waitFor();
    expect(Number(await app.page.getByTestId('block-number').textContent())).toBeGreaterThanOrEqual(1000);

    const seen = await app.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const onOptimism = seen.filter((line) => line.startsWith('Chain: OP Mainnet'));
    expect(onOptimism.length).toBeGreaterThan(0);
    for (const line of onOptimism) {
      expect(line).not.toContain('1.5 ETH');
      expect(line).not.toContain(`latest block ${devBlock}`);
    }
    // Optimism has no names here: the plain address, no error.
    expect(await row.getByTestId('name').count()).toBe(0);
    expect(await app.page.getByTestId('card-injected').getByRole('alert').count()).toBe(0);
    const optimismRow = app.page.getByTestId('network-panel').getByTestId('network-chain-10');
    expect(await optimismRow.getByTestId('endpoint-in-use').textContent()).toBe('https://mainnet.optimism.io');
  });
});
