// One truth per state (docs/behaviour.md §5.4, §6.6, §6.8, §7.6): in every state that is not the happy
// path, each part of the page says the same thing, and nothing keeps an answer that belonged to
// another account, chain or wallet. The built app in real Chromium, the fake extension wallet, reads
// on the real development chain (anvil), whose endpoint the page's context can be told to refuse.
import { Wallet } from 'ethers';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { rpc } from '../support/anvil';
import { expectAccessible } from '../support/a11y';
import {
  accountButton,
  connect,
  connectDialog,
  expectNoSidewaysScroll,
  openMoreNetworks,
  openSigning,
  sendTransfer,
  signAndSendOffer,
  signMessage,
  startConnect,
  waitForOutcome,
  waitForStatus,
  waitForToast,
  wrongNetworkBanner,
} from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';

const METAMASK = { uuid: '5f0e3c1d-2b4a-4c6e-8d9f-a1b2c3d4e5f6', name: 'MetaMask', icon: '', rdns: 'io.metamask' };
const ETH = 10n ** 18n;

// Optimism (10): a second chain the wallet can move to, on its own anvil.
const suite = browserSuite({ optimism: true });

/** Accounts of this suite's own: fresh keys, funded on the development chain as a test needs. */
const fresh = () => Wallet.createRandom();
const fund = (address: string) => rpc(suite.rpcUrls[31337]!, 'anvil_setBalance', [address, `0x${(100n * ETH).toString(16)}`]);

/** Every layout of docs/behaviour.md §6.9, and the smallest phone: nothing scrolls sideways at 320 px either. */
async function expectEveryLayout(page: Page): Promise<void> {
  await expectAccessible(page);
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 320, height: size.height });
  try {
    await expectNoSidewaysScroll(page);
  } finally {
    await page.setViewportSize(size);
  }
}

interface App {
  page: Page;
  context: BrowserContext;
  wallet: FakeWallet;
}

async function open(options: Partial<FakeWalletOptions> = {}, before?: (context: BrowserContext) => Promise<unknown>): Promise<App> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  await before?.(context);
  const wallet = await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, privateKeys: [fresh().privateKey], ...options });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await page.locator('[data-wallet-control]').waitFor();
  return { page, context, wallet };
}

describe('a wallet on a network the app does not support', () => {
  it('the banner names it and offers the likely networks, the rest behind More; Sign and send says to switch, with the same switch', async () => {
    const { page, wallet } = await open({ chainId: 100, knownChainIds: [31337, 100] });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
    const banner = await wrongNetworkBanner(page);
    expect(banner.sentence).toBe("Your wallet is on Gnosis (100), a network this app doesn't support.");
    // The likely network (the chain shown before connecting) as a button; the others behind More, closed.
    expect(banner.likely).toEqual(['Switch to Local development chain']);
    expect(await page.getByRole('button', { name: 'Switch to Ethereum' }).count()).toBe(0);
    // A disclosure the keyboard opens: every other network the wallet may use, none twice.
    const more = await openMoreNetworks(page);
    expect(more).toContain('Switch to Ethereum');
    expect(more).toContain('Switch to Sepolia');
    expect(more).not.toContain('Switch to Local development chain');

    // Sign and send never says "Connect a wallet" while one is connected: it says where the wallet is, and to switch.
    const offer = await signAndSendOffer(page);
    expect(offer.text).not.toContain('Connect a wallet');
    expect(offer.text).toContain('Your wallet is on Gnosis (100)');
    expect(offer.buttons).toEqual(['Switch to Local development chain']);
    await expectEveryLayout(page);
    await page.getByTestId('sign-section').getByRole('button', { name: 'Switch to Local development chain' }).click();
    await waitForStatus(page, 'injected', 'Connected');
    expect(wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0x7a69' }]]);
    await page.getByTestId('unsupported').waitFor({ state: 'detached' });
    await openSigning(page);
  });

  it('a chain in no table is named by its id', async () => {
    const { page } = await open({ chainId: 1234, knownChainIds: [31337, 1234] });
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
    expect((await wrongNetworkBanner(page)).sentence).toBe("Your wallet is on chain 1234, a network this app doesn't support.");
  });
});

describe('no wallet connected', () => {
  it("Sign and send offers Connect wallet, which opens the connect dialog; nothing there removes itself and shows nothing", async () => {
    const { page } = await open();
    expect((await signAndSendOffer(page)).buttons).toEqual(['Connect wallet']);
    await page.getByTestId('sign-section').getByRole('button', { name: 'Connect wallet' }).click();
    await connectDialog(page).getByTestId('wallet-list').waitFor();
    await expectEveryLayout(page);
  });
});

describe('the wallet of the last visit reconnecting', () => {
  it('Sign and send and the overview say so, as the header does, instead of asking for a connect', async () => {
    const { page, wallet } = await open();
    await connect(page, 'injected');
    // Back the next day; the wallet takes its time: the reconnect stays under way while the test looks.
    await wallet.misbehave('eth_accounts', { hang: true });
    await page.reload();
    await waitForStatus(page, 'injected', 'Reconnecting');
    expect(await signAndSendOffer(page)).toEqual({ text: 'Sign and send Reconnecting to MetaMask…', buttons: [] });
    expect(await page.getByTestId('overview').getByRole('heading').textContent()).toBe('Reconnecting to MetaMask…');
  });
});

describe('an endpoint that does not answer', () => {
  it('the header and the overview both say the balance is unavailable, with Retry in the overview; Retry once it answers shows the balance', async () => {
    let refusing = true;
    const key = fresh();
    await fund(key.address);
    const { page } = await open({ privateKeys: [key.privateKey] }, (context) =>
      context.route(
        (url) => url.href.startsWith(suite.rpcUrls[31337]!),
        (route: Route) => (refusing ? route.abort('connectionrefused') : route.continue()),
      ),
    );
    // Before a wallet: the latest block of the chain shown is unavailable, with Retry.
    const block = page.getByTestId('block-number-unavailable');
    await block.getByRole('button', { name: 'Retry' }).waitFor();
    await connect(page, 'injected');
    await accountButton(page).getByTestId('balance-unavailable').filter({ hasText: 'Balance unavailable' }).waitFor();
    const overview = page.getByTestId('overview-balance');
    // The overview says the same, never "Loading balance…" for ever.
    await overview.getByTestId('overview-balance-unavailable').filter({ hasText: 'Balance unavailable' }).waitFor();
    expect(await overview.textContent()).not.toContain('Loading');
    await page.getByTestId('overview').getByTestId('block-number-unavailable').waitFor();
    await expectEveryLayout(page);

    refusing = false;
    await overview.getByRole('button', { name: 'Retry' }).click();
    await overview.filter({ hasText: /^100 ETH$/ }).waitFor();
    await accountButton(page).getByTestId('balance').filter({ hasText: '100 ETH' }).waitFor();
  });
});

describe('a change of account, chain or wallet', () => {
  it("another account: the old account's signature is gone", async () => {
    const [alice, carol] = [fresh(), fresh()];
    const { page, wallet } = await open({ privateKeys: [alice.privateKey, carol.privateKey] });
    await connect(page, 'injected');
    await signMessage(page, 'from alice');
    const signed = await waitForOutcome(page, 'message', 'signed');
    expect(await signed.getByTestId('verified').textContent()).toContain(alice.address);
    await wallet.selectAccount(carol.address);
    await page.getByTestId('sign-target').filter({ hasText: carol.address }).waitFor();
    await signed.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sign-message').getByTestId('outcome').count()).toBe(0);
  });

  it('another chain: "Confirmed in block" is gone from the form, the transaction stays in its toast; back on the first chain it is still gone', async () => {
    const sender = fresh();
    await fund(sender.address);
    const { page, wallet } = await open({ privateKeys: [sender.privateKey], knownChainIds: [31337, 10] });
    await connect(page, 'injected');
    await sendTransfer(page, fresh().address, '0.5');
    const confirmed = await waitForOutcome(page, 'transaction', 'confirmed');
    expect(await confirmed.getByTestId('confirmed').textContent()).toMatch(/Confirmed in block/);
    const hash = (await page.getByTestId('tx-toast').first().getAttribute('data-hash')) ?? '';
    await waitForToast(page, 'confirmed', hash);

    await wallet.switchChain(10);
    await page.getByTestId('sign-target').filter({ hasText: 'OP Mainnet' }).waitFor();
    await confirmed.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sign-transaction').textContent()).not.toContain('Confirmed in block');
    expect(await page.locator(`[data-testid=tx-toast][data-hash="${hash}"]`).count()).toBe(1);

    await wallet.switchChain(31337);
    await page.getByTestId('sign-target').filter({ hasText: 'Local development chain' }).waitFor();
    expect(await page.getByTestId('sign-transaction').getByTestId('outcome').count()).toBe(0);
  });
});
