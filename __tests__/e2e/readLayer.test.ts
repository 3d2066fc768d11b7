// The read layer in the built app, in real Chromium: a name of any length never widens the page,
// and an endpoint's hostile text reaches the screen without control or bidi-override characters.
import { Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { launchBrowser, type Browser } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { SETUP_TIMEOUT_MS, WAIT_MS } from '../support/lifecycle';

// anvil account 8: no other suite uses it.
const HOLDER = new Wallet('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97');
const LONG_NAME = `${'a'.repeat(9_995)}.test`;

let env: ReturnType<typeof e2eEnv>;
let server: StaticServer;
const browsers: Browser[] = [];

beforeAll(async () => {
  env = e2eEnv();
  server = await serveStatic(env.distDir);
  await deployEns(env.anvilUrl);
  await registerName(env.anvilUrl, LONG_NAME, HOLDER.address);
}, SETUP_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await server?.close();
});

async function openConnected(width: number): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  await installFakeWallet(browser.context, { privateKeys: [HOLDER.privateKey], rpcUrls: { 31337: env.anvilUrl }, connectedOrigins: [server.url] });
  const page = await browser.context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(server.url);
  return page;
}

describe('a 10,000-character verified name', () => {
  it.each([375, 1280])('keeps the page within a %i px viewport, and shows the whole name on hover and focus', async (width) => {
    const page = await openConnected(width);
    const name = page.getByTestId('card-injected').getByTestId('name');
    await name.waitFor();
    expect(await name.getAttribute('title')).toBe(LONG_NAME);
    const layout = () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-testid=card-injected] [data-testid=name]');
        return {
          scrollWidth: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          nameRight: el ? el.getBoundingClientRect().right : Infinity,
        };
      });
    const shown = await layout();
    expect(shown.scrollWidth).toBeLessThanOrEqual(shown.viewport);
    expect(shown.nameRight).toBeLessThanOrEqual(shown.viewport);
    // Keyboard users reach it; focused, it wraps to show every character, still within the page.
    await name.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('name');
    const focused = await layout();
    expect(focused.scrollWidth).toBeLessThanOrEqual(focused.viewport);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

describe("an endpoint's own words", () => {
  it('reach the Network panel without control or bidirectional-override characters', async () => {
    const browser = await launchBrowser();
    browsers.push(browser);
    const message = 'quota exceeded\u202E gnp.exe\u0007\nsee docs';
    await browser.context.route(
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
    const page = await browser.context.newPage();
    await page.goto(server.url);
    const arbitrum = page.getByTestId('network-panel').getByTestId('network-chain-42161');
    await arbitrum.getByRole('button', { name: 'Check endpoints' }).click();
    const problem = arbitrum.getByTestId('endpoint-problem').filter({ hasText: 'arb1.arbitrum.io' });
    await problem.waitFor();
    const text = (await problem.textContent()) ?? '';
    expect(text).toContain('quota exceeded gnp.exe see docs');
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/);
  });
});
