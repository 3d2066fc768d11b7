// A very long verified name (ENS) never widens the page (docs/behaviour.md §5.5, issues 11 and 16): in the header's
// account button, the overview and the account menu, at 375 px (and 1280 px), light and dark, with no
// accessibility violation (axe-core). A real name registry on the shared anvil, the fake extension
// wallet holding the named account.
import { Wallet } from 'ethers';
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { expectAccessible } from '../support/a11y';
import { accountButton, closeDialogs, connect, expectLayout, openAccountMenu } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet } from '../support/fakeWallet';


// An account of this run's own, so that its reverse record is ours alone: the chain is shared by every
// browser suite, and a fixed anvil account named by two suites had its primary name replaced under the other.
const LONG_NAMED = Wallet.createRandom();
const LONG_NAME = `${'averylongnamewithnoplacetobreak'.repeat(3)}.test`;

const suite = browserSuite();

beforeAll(async () => {
  // The built app knows the registry's fixed address on its development chain (the shared anvil).
  await deployEns(suite.rpcUrls[31337]!);
  await registerName(suite.rpcUrls[31337]!, LONG_NAME, LONG_NAMED.address);
}, 60_000);

async function openConnected(): Promise<Page> {
  const context: BrowserContext = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
  suite.contexts.push(context);
  context.setDefaultTimeout(15_000);
  await installFakeWallet(context, { rpcUrls: suite.rpcUrls, privateKeys: [LONG_NAMED.privateKey] });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  return page;
}

/** `shown`'s right edge is inside `within` (the window when absent). */
async function expectInside(page: Page, shown: Locator, within?: Locator): Promise<void> {
  const box = (await shown.boundingBox())!;
  const right = within ? ((await within.boundingBox())!.x + (await within.boundingBox())!.width) : page.viewportSize()!.width;
  expect(box.x + box.width).toBeLessThanOrEqual(right + 0.5);
}

/** How many lines a piece of text takes on screen. */
const lines = (text: Locator) =>
  text.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

describe('a very long verified name', () => {
  it('in the account button and the overview: inside the window, the page never wider (light and dark, 375 and 1280 px)', async () => {
    const page = await openConnected();
    const inButton = accountButton(page).getByTestId('account').filter({ hasText: LONG_NAME });
    const inOverview = page.getByTestId('overview').getByTestId('name').filter({ hasText: LONG_NAME });
    const bothInside = async () => {
      await inButton.waitFor();
      await inOverview.waitFor();
      await expectInside(page, accountButton(page));
      await expectInside(page, inButton, accountButton(page));
      await expectInside(page, inOverview, page.getByTestId('overview'));
    };
    await bothInside();
    expect(await accountButton(page).getByTestId('account').getAttribute('title')).toBe(`${LONG_NAME} (${LONG_NAMED.address})`);
    await expectAccessible(page, bothInside);
  });

  it('in the overview, focused to be read whole: it wraps inside the overview at 375 px', async () => {
    const page = await openConnected();
    const inOverview = page.getByTestId('overview').getByTestId('name').filter({ hasText: LONG_NAME });
    await inOverview.waitFor();
    // With the keyboard, as a user would reach it (a name too long to show is read on focus).
    for (let i = 0; i < 30 && !(await inOverview.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await inOverview.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await lines(inOverview)).toBeGreaterThan(1);
    await expectInside(page, inOverview, page.getByTestId('overview'));
    await expectLayout(page);
  });

  it('in the account menu: whole, wrapped inside the menu, the page never wider (light and dark, 375 and 1280 px)', async () => {
    const page = await openConnected();
    const menu = await openAccountMenu(page);
    const inMenu = menu.getByText(LONG_NAME, { exact: true });
    const inside = async () => {
      await inMenu.waitFor();
      await expectInside(page, inMenu, menu);
      await expectInside(page, menu);
    };
    await inside();
    expect(await lines(inMenu)).toBeGreaterThan(1);
    await expectAccessible(page, inside);
    await closeDialogs(page);
    await expectLayout(page);
  });
});
