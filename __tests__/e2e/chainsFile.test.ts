// docs/behaviour.md §3.6: the deployer's chain file decides the chains. The app is built with the example file
// of the repository (chains.example.json) and opened in real Chromium: the chain menus offer exactly
// its chains, in its order, each kind its allowed ones; nothing of the default table is left in the
// bundle but the retired networks' names.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_ACCOUNTS } from '../support/anvil';
import { connect, offeredChains } from '../support/appDriver';
import { launchChromium } from '../support/browser';
import { installFakeWallet } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';

const root = path.resolve(__dirname, '../..');
const EXAMPLE = JSON.parse(readFileSync(path.join(root, 'chains.example.json'), 'utf8')) as { chains: Array<number | { id: number }> };
const EXAMPLE_IDS = EXAMPLE.chains.map((entry) => (typeof entry === 'number' ? entry : entry.id));

let work: string | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-chains-file-'));
  const distDir = path.join(work, 'dist');
  // Only what the deployer sets: no development chain, no WalletConnect project.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WALLETDECK_|WALLETCONNECT_|COINBASE_|INFURA_|ALCHEMY_)/.test(name)));
  execFileSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, WALLETDECK_OUT_DIR: distDir, WALLETDECK_CHAINS: 'chains.example.json' },
  });
  [server, browser] = await Promise.all([serveStatic(distDir), launchChromium()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([context?.close(), server?.close()]);
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openApp(setup: (context: BrowserContext) => Promise<unknown> = async () => undefined): Promise<Page> {
  context = await (browser as Browser).newContext();
  context.setDefaultTimeout(20_000);
  await setup(context);
  const page = await context.newPage();
  await page.goto((server as StaticServer).url);
  return page;
}

describe('a build with the example chain file', () => {
  it("offers exactly the file's chains, in its order within each group (networks, then test networks); Coinbase Wallet only the ones it allows", async () => {
    // Wallets on Base: a browser extension and the Coinbase Wallet extension (the SDK hands it back).
    const rpcUrls = { 8453: 'http://127.0.0.1:9' };
    const page = await openApp(async (c) => {
      await installFakeWallet(c, { rpcUrls, chainId: 8453, knownChainIds: [8453] });
      await installFakeWallet(c, { globalName: 'coinbaseWalletExtension', flags: { isCoinbaseWallet: true }, rpcUrls, chainId: 8453, knownChainIds: [8453], privateKeys: [TEST_ACCOUNTS[1].privateKey] });
    });
    await connect(page, 'injected');
    expect(await offeredChains(page, 'injected')).toEqual(['Base', 'Ethereum', 'Gnosis', 'Base Sepolia', 'Sepolia']);
    await connect(page, 'coinbase');
    expect(await offeredChains(page, 'coinbase')).toEqual(['Base', 'Base Sepolia']);
  }, 90_000);

  it("shows the file's default chain first in the Network panel, lists its chains and no retired network", async () => {
    const page = await openApp();
    await page.getByRole('button', { name: 'Network status' }).click();
    const rows = page.getByTestId('network-panel').locator('li.network-chain');
    await rows.first().waitFor({ timeout: 30_000 });
    const ids = await rows.evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset.testid?.replace('network-chain-', ''))));
    expect(ids).toEqual(EXAMPLE_IDS);
    expect(ids[0]).toBe(8453);
  }, 60_000);

  it('carries no other chain of the default table', () => {
    const jsDir = path.join(work as string, 'dist', 'js');
    const bundle = readdirSync(jsDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(jsDir, f), 'utf8'))
      .join('\n');
    for (const name of ['OP Mainnet', 'Arbitrum One', 'Polygon PoS', 'Polygon Amoy', 'Hoodi', 'Meteora', 'Local development chain']) {
      expect(bundle).not.toContain(name);
    }
    for (const name of ['Gnosis', 'Base Sepolia', 'sepolia.otterscan.io']) expect(bundle).toContain(name);
  });
});
