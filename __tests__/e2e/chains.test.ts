// The networks people use today (docs/behaviour.md §3), as a user meets them: a wallet on Base connects
// without a word about unsupported networks; a wallet on a retired test network is told so and
// switches away; the network list offers only chains that can work; adding Base Sepolia to a wallet
// that does not know it sends its full parameters. The production build of the browser suites (the
// default table plus the development chain); public endpoints answered by local anvil nodes.
import type { Page } from 'playwright-core';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { toHexChainId } from '../../src/lib/chains';
import { startAnvil, type Anvil } from '../support/anvil';
import { connect, networkButton, offeredChains, shownBalance, startConnect, switchChain, switchFromUnsupported, waitForStatus } from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { routeChain } from '../support/publicRpc';


const TABLE = buildChainTable({}, 'http://127.0.0.1:8545');
const suite = browserSuite();
let base: Anvil | undefined;
let baseSepolia: Anvil | undefined;

beforeAll(async () => {
  [base, baseSepolia] = await Promise.all([startAnvil({ chainId: 8453 }), startAnvil({ chainId: 84532 })]);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([base?.stop(), baseSepolia?.stop()]);
}, 60_000);

async function openWith(options: Partial<FakeWalletOptions>): Promise<{ page: Page; wallet: FakeWallet }> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(15_000);
  await routeChain(context, TABLE[8453]!.rpcUrls, base!.url);
  await routeChain(context, TABLE[84532]!.rpcUrls, baseSepolia!.url);
  const wallet = await installFakeWallet(context, { rpcUrls: { ...suite.rpcUrls, 8453: base!.url, 84532: baseSepolia!.url }, ...options });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  return { page, wallet };
}

describe('a wallet on Base', () => {
  it('connects, with its balance read from Base and not a word about unsupported networks', async () => {
    const { page } = await openWith({ chainId: 8453, knownChainIds: [8453] });
    await connect(page, 'injected');
    expect(await networkButton(page).getByTestId('chain').textContent()).toBe('Base');
    expect(await shownBalance(page)).toBe('10,000 ETH');
    expect(await page.getByTestId('unsupported').count()).toBe(0);
    expect(await page.getByText(/support/).count()).toBe(0);
    expect(await page.getByTestId('block-number').textContent()).toMatch(/^\d+$/);
  });
});

describe('a wallet on a retired test network', () => {
  it('is told it is on Goerli, a test network that was shut down, and switches away', async () => {
    const { page, wallet } = await openWith({ chainId: 5, knownChainIds: [31337, 5], rpcUrls: { ...suite.rpcUrls, 5: suite.rpcUrls[31337]! } });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
    const banner = page.getByTestId('unsupported');
    expect(await banner.textContent()).toContain('Your wallet is on Goerli, a test network that was shut down.');
    await expectAccessible(page);
    await switchFromUnsupported(page, 'injected');
    await waitForStatus(page, 'injected', 'Connected');
    expect(wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: toHexChainId(31337) }]]);
    await banner.waitFor({ state: 'detached' });
  });
});

describe('the network list', () => {
  it('offers only chains that can work: no retired network, none without a URL', async () => {
    const { page } = await openWith({});
    await connect(page, 'injected');
    const offered = await offeredChains(page, 'injected');
    const byName = new Map(Object.values(TABLE).map((c) => [c.name, c]));
    expect(offered.length).toBeGreaterThan(10);
    for (const name of offered) {
      const chain = byName.get(name);
      expect(chain?.retired).toBeFalsy();
      expect(chain?.rpcUrls.length).toBeGreaterThan(0);
    }
    for (const retired of ['Goerli', 'Ropsten', 'Rinkeby', 'Kovan', 'Polygon Mumbai']) expect(offered).not.toContain(retired);
    expect(offered).toEqual(expect.arrayContaining(['Ethereum', 'Sepolia', 'Base', 'Base Sepolia', 'OP Mainnet', 'Arbitrum One', 'Polygon PoS']));
  });
});

describe('adding a network the wallet does not know (4902)', () => {
  it('Base Sepolia: wallet_addEthereumChain carries its full parameters, then the wallet is on it', async () => {
    const { page, wallet } = await openWith({ knownChainIds: [31337] });
    await connect(page, 'injected');
    await switchChain(page, 'injected', 'Base Sepolia');
    await page.waitForFunction(() => document.querySelector('[data-testid=network-button] [data-testid=chain]')?.textContent === 'Base Sepolia');
    const chain = TABLE[84532]!;
    expect(wallet.requests('wallet_switchEthereumChain')[0]?.params).toEqual([{ chainId: '0x14a34' }]);
    expect(wallet.requests('wallet_addEthereumChain').map((r) => r.params)).toEqual([
      [
        {
          chainId: '0x14a34',
          chainName: 'Base Sepolia',
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [...chain.rpcUrls],
          blockExplorerUrls: ['https://sepolia.basescan.org'],
        },
      ],
    ]);
    await waitForStatus(page, 'injected', 'Connected');
    expect(await shownBalance(page)).toBe(`10,000 ${chain.nativeCurrency!.symbol}`);
  });
});
