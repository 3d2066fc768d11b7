// The read layer in the built app, in real Chromium: a name of any length never widens the page (in
// the header's account button or the overview), and an endpoint's hostile text reaches the Network
// panel (behind "Network status") without control or bidi-override characters.
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { accountButton, openNetworkStatus, shownNameElement, waitForShownName, waitForStatus } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet } from '../support/fakeWallet';
import { SETUP_TIMEOUT_MS } from '../support/lifecycle';

// An account of this run's own: the chain is shared by every browser suite, and a fixed anvil account
// named by two suites (this one and longName's) had its primary name replaced under the other.
const HOLDER = Wallet.createRandom();
const LONG_NAME = `${'a'.repeat(9_995)}.test`;

const suite = browserSuite();

beforeAll(async () => {
  const env = e2eEnv();
  await deployEns(env.anvilUrl);
  await registerName(env.anvilUrl, LONG_NAME, HOLDER.address);
}, SETUP_TIMEOUT_MS);

async function newPage(width: number): Promise<Page> {
  const context = await suite.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** A returning user: the wallet has this site connected, and the page reconnects it at start. */
async function openConnected(width: number): Promise<Page> {
  const page = await newPage(width);
  await installFakeWallet(page.context(), { privateKeys: [HOLDER.privateKey], rpcUrls: { 31337: e2eEnv().anvilUrl }, connectedOrigins: [suite.server.url] });
  await page.goto(suite.server.url);
  await waitForStatus(page, 'injected', 'Connected');
  return page;
}

describe('a 10,000-character verified name', () => {
  it.each([375, 1280])('keeps the page within a %i px viewport, and shows the whole name on hover and focus', async (width) => {
    const page = await openConnected(width);
    await waitForShownName(page, LONG_NAME);
    const name = shownNameElement(page);
    expect(await name.getAttribute('title')).toBe(LONG_NAME);
    const layout = async () => {
      const [viewport, nameBox, buttonBox] = await Promise.all([
        page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth })),
        name.boundingBox(),
        accountButton(page).boundingBox(),
      ]);
      return { ...viewport, nameRight: nameBox ? nameBox.x + nameBox.width : Infinity, buttonRight: buttonBox ? buttonBox.x + buttonBox.width : Infinity };
    };
    const shown = await layout();
    expect(shown.scrollWidth).toBeLessThanOrEqual(shown.width);
    expect(shown.nameRight).toBeLessThanOrEqual(shown.width);
    // The header's account button names the account too, cut to its place.
    expect(shown.buttonRight).toBeLessThanOrEqual(shown.width);
    // Keyboard users reach it; focused, it wraps to show every character, still within the page.
    await name.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('name');
    const focused = await layout();
    expect(focused.scrollWidth).toBeLessThanOrEqual(focused.width);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

describe("an endpoint's own words", () => {
  it('reach the Network panel without control or bidirectional-override characters', async () => {
    const page = await newPage(1280);
    const message = 'quota exceeded\u202E gnp.exe\u0007\nsee docs';
    await page.context().route(
      (url) => url.hostname === 'arb1.arbitrum.io',
      (route) =>
        route.request().method() === 'OPTIONS'
          ? route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' } })
          : route.fulfill({
              status: 200,
              headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32005, message } }),
            }),
    );
    await page.goto(suite.server.url);
    const arbitrum = (await openNetworkStatus(page)).getByTestId('network-chain-42161');
    await arbitrum.getByRole('button', { name: 'Check endpoints' }).click();
    const problem = arbitrum.getByTestId('endpoint-problem').filter({ hasText: 'arb1.arbitrum.io' });
    await problem.waitFor();
    const text = (await problem.textContent()) ?? '';
    expect(text).toContain('quota exceeded gnp.exe see docs');
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/);
  });
});
