// Accessibility of every state a card can be in (issue 11): axe-core (from node_modules, injected
// into the page) finds zero violations, in light and dark, at 1280 px and on a 375 px phone, and the
// page never scrolls sideways.
import { readFileSync } from 'node:fs';
import { type Page } from 'playwright-core';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { until } from '../support/wait';
import { browserSuite } from '../support/browserSuite';
import { WAIT_MS } from '../support/lifecycle';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const METAMASK = { uuid: '5f6a1c4e-7d0b-4a55-9a59-2f0c1e8d9b10', name: 'MetaMask', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.metamask' };
const RABBY = { uuid: '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b', name: 'Rabby Wallet with a rather long name that must wrap', icon: '', rdns: 'io.rabby' };

const suite = browserSuite();

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}: ${n.failureSummary}`));
}

/** Zero violations and no sideways scroll, light and dark, at 1280 px and 375 px. */
async function expectAccessible(page: Page, ready: () => Promise<unknown>): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await ready();
      const key = `${colorScheme} ${width}px`;
      found[key] = await axeViolations(page);
      if (!(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))) found[key].push('horizontal scroll');
    }
  }
  expect(found).toEqual({ 'light 1280px': [], 'dark 1280px': [], 'light 375px': [], 'dark 375px': [] });
}

async function openApp(wallet: Partial<FakeWalletOptions> | 'no wallet' = {}): Promise<{ page: Page; wallet: FakeWallet }> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(WAIT_MS);
  const fake = wallet === 'no wallet' ? (undefined as unknown as FakeWallet) : await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls, ...wallet });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  return { page, wallet: fake };
}

const card = (page: Page) => page.getByTestId('card-injected');
const status = (page: Page, text: string) => card(page).getByTestId('status').filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
const connect = (page: Page) => card(page).getByRole('button', { name: 'Connect' }).click();

describe('no accessibility violations (axe-core), light and dark, 1280 px and 375 px', () => {
  it('disconnected', async () => {
    const { page } = await openApp();
    await expectAccessible(page, () => status(page, 'Disconnected'));
  });

  it('connecting', async () => {
    const { page, wallet } = await openApp({ approval: 'manual' });
    await connect(page);
    await until(() => wallet.pendingPrompts === 1);
    await expectAccessible(page, () => status(page, 'Connecting'));
  });

  it('connected', async () => {
    const { page } = await openApp();
    await connect(page);
    await expectAccessible(page, () => card(page).getByText('10,000 ETH').waitFor());
  });

  it('error', async () => {
    const { page, wallet } = await openApp();
    wallet.misbehave('eth_chainId', { result: 'banana' });
    await connect(page);
    await expectAccessible(page, () => status(page, 'Error'));
  });

  it('unsupported network', async () => {
    const { page } = await openApp({ chainId: 56, knownChainIds: [31337, 56] });
    await connect(page);
    await expectAccessible(page, () => status(page, 'Unsupported network'));
  });

  it('declined notice', async () => {
    const { page } = await openApp({ approval: 'reject' });
    await connect(page);
    await expectAccessible(page, () => card(page).getByTestId('declined').waitFor());
  });

  it('reload required', async () => {
    const { page, wallet } = await openApp();
    await connect(page);
    await status(page, 'Connected');
    await wallet.emit('disconnect', [{ code: 1011, message: 'Page reload required' }]);
    await expectAccessible(page, () => status(page, 'Reload required'));
  });

  it('extension picker (two announced wallets, one without an icon)', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    suite.contexts.push(context);
    context.setDefaultTimeout(WAIT_MS);
    await installFakeWallet(context, { announce: METAMASK, rpcUrls: suite.rpcUrls });
    await installFakeWallet(context, { globalName: 'rabbyWallet', announce: RABBY, rpcUrls: suite.rpcUrls });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await expectAccessible(page, () => card(page).getByRole('group', { name: 'Browser wallets in this browser' }).waitFor());
  });

  it('no wallet installed ("Get a wallet")', async () => {
    const { page } = await openApp('no wallet');
    await connect(page);
    await expectAccessible(page, () => card(page).getByRole('link', { name: 'Get a wallet' }).waitFor());
  });

  it('extension-suggestion dialog', async () => {
    const { page } = await openApp('no wallet');
    await page.getByTestId('card-coinbase').getByRole('button', { name: 'Connect' }).click();
    await expectAccessible(page, () => page.getByRole('dialog', { name: 'Connect Coinbase Wallet' }).waitFor());
  });
});
