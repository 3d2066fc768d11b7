// A long verified name (ENS) at phone width: it wraps inside the account row, the page never scrolls
// sideways, and the card stays free of accessibility violations (axe-core), light and dark (issue 11).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { launchChromium } from '../support/browser';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet } from '../support/fakeWallet';
import { serveStatic, type StaticServer } from '../support/staticServer';
import { SETUP_TIMEOUT_MS, startAll, WAIT_MS } from '../support/lifecycle';

const AXE = readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
// anvil's test account 8: no other suite names it, so its reverse record is ours to set.
const LONG_NAMED = { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' };
const LONG_NAME = `${'averylongnamewithnoplacetobreak'.repeat(3)}.test`;

let browser: Browser;
let server: StaticServer;
let anvilUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const env = e2eEnv();
  anvilUrl = env.anvilUrl;
  [browser, server] = await startAll([launchChromium(), serveStatic(env.distDir)]);
  // The built app knows the registry's fixed address on its development chain (the shared anvil).
  await deployEns(anvilUrl);
  await registerName(anvilUrl, LONG_NAME, LONG_NAMED.address);
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

describe('a long verified name at 375 px', () => {
  for (const dark of [false, true]) {
    it(`wraps inside the card with no sideways scroll and no axe violations (${dark ? 'dark' : 'light'})`, async () => {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: dark ? 'dark' : 'light' });
      contexts.push(context);
      context.setDefaultTimeout(WAIT_MS);
      await installFakeWallet(context, { rpcUrls: { 31337: anvilUrl }, privateKeys: [LONG_NAMED.privateKey] });
      const page = await context.newPage();
      await page.goto(server.url);
      const card = page.getByTestId('card-injected');
      await card.getByRole('button', { name: 'Connect' }).click();
      await card.getByTestId('status').filter({ hasText: /^Connected$/ }).waitFor();
      const name = card.getByTestId('name').filter({ hasText: LONG_NAME });
      await name.waitFor();
      const [cardBox, nameBox] = await Promise.all([card.boundingBox(), name.boundingBox()]);
      expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Element, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        // The card under test (other panels have their own accessibility suites).
        const results = await axe.run(document.querySelector('[data-testid=card-injected]')!, { resultTypes: ['violations'] });
        return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      });
      expect(violations).toEqual([]);
    });
  }
});
