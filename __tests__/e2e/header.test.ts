// The header on every screen (docs/behaviour.md §6.1, §6.5, §6.9): at 320, 375 and 1280 px, light and
// dark, with a connected wallet (with a verified name, without one, on a network the app cannot use),
// and while one connects, the header is one row, its controls never overlap, the name or short address
// stays readable, the balance gives way below 480 px, every control is a tap target of at least
// 24 × 24 px. The network button opens the grouped network list; the account menu breaks the full
// address only between groups of four. On a phone the dialogs are bottom sheets (issue 38).
import { Wallet } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { deployEns, registerName } from '../../contracts/deployEns';
import { TEST_ACCOUNTS } from '../support/anvil';
import {
  accountButton,
  accountMenu,
  closeDialogs,
  connect,
  connectDialog,
  expectLayout,
  networkButton,
  networkListDialog,
  openAccountMenu,
  openNetworkDialog,
  openSigning,
  openWalletList,
  shownChainName,
  shownNetworkGroups,
  startConnect,
  waitForStatus,
} from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet, type FakeWalletOptions } from '../support/fakeWallet';
import { setUp } from '../support/lifecycle';

// anvil's test account 7: no other suite uses it, so its reverse record is ours to set.
const NAMED = { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' };
const NAME = 'hana.test';
// An account of this run's own with a longer name (as `npm start`'s fourth account has): its reverse record is ours alone.
const LONGER = Wallet.createRandom();
const LONGER_NAME = 'dave.off.test';
const WIDTHS = [320, 375, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
/** A chain id no table knows: the wallet is on a network the app cannot use. */
const FOREIGN_CHAIN = 56;

const suite = browserSuite();

setUp(async () => {
  // The built app knows the registry's fixed address on its development chain (the shared anvil).
  await deployEns(suite.rpcUrls[31337]!);
  await registerName(suite.rpcUrls[31337]!, NAME, NAMED.address);
  await registerName(suite.rpcUrls[31337]!, LONGER_NAME, LONGER.address);
});

async function openConnected(options: Partial<FakeWalletOptions> = {}): Promise<{ page: Page; wallet: FakeWallet }> {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
  const wallet = await installFakeWallet(context, { rpcUrls: suite.rpcUrls, ...options });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  if (options.chainId === FOREIGN_CHAIN) {
    await startConnect(page, 'injected');
    await waitForStatus(page, 'injected', 'Unsupported network');
  } else await connect(page, 'injected');
  return { page, wallet };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return box;
}

/** How many characters of an element's text are drawn inside it (the rest cut by its edge or an ellipsis). */
const visibleCharacters = (element: Locator) =>
  element.evaluate((el) => {
    // The text itself, inside the <bdi> that isolates a name's direction (issue 40).
    const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
    if (!text) return 0;
    const edge = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const right = edge.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const cut = el.scrollWidth > el.clientWidth;
    const range = document.createRange();
    let shown = 0;
    const length = (text.textContent ?? '').length;
    for (let i = 0; i < length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      // With an ellipsis the last character that fits is drawn over by it: count only those clear of it.
      if (range.getBoundingClientRect().right <= right - (cut ? 12 : 0) + 0.5) shown++;
    }
    return shown;
  });

/** The words of an element's text each on one line (a line breaks only between words). */
const wordsWhole = (element: Locator) =>
  element.evaluate((el) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });

/** The header at one width and theme: nothing overlaps or leaves the window, every control a 24 × 24 target. */
async function expectHeaderLaidOut(page: Page, width: number, what: string): Promise<void> {
  const parts = { brand: page.locator('header.top .brand'), network: networkButton(page), account: accountButton(page) };
  const boxes = Object.fromEntries(await Promise.all(Object.entries(parts).map(async ([name, part]) => [name, await boxOf(part)] as const))) as Record<keyof typeof parts, Box>;
  for (const [name, box] of Object.entries(boxes)) {
    if (box.x < -0.5 || box.x + box.width > width + 0.5) throw new Error(`${what}: the ${name} leaves the window (${box.x}..${box.x + box.width} of ${width} px)`);
  }
  const names = Object.keys(boxes) as (keyof typeof parts)[];
  for (const [i, a] of names.entries()) for (const b of names.slice(i + 1)) if (overlap(boxes[a], boxes[b])) throw new Error(`${what}: the ${a} and the ${b} overlap`);
  for (const name of ['network', 'account'] as const) {
    if (boxes[name].width < 24 || boxes[name].height < 24) throw new Error(`${what}: the ${name} button is ${boxes[name].width} × ${boxes[name].height} px`);
  }
  await expectLayout(page);
}

async function atEachLook(page: Page, check: (width: number, what: string) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme });
      await check(width, `${width} px, ${colorScheme}`);
    }
  }
}

describe('the header at 320, 375 and 1280 px, light and dark', () => {
  it('without a name: the short address whole, the balance only from 480 px, the network named (by its mark alone on a phone)', async () => {
    const { page } = await openConnected();
    const account = accountButton(page).getByTestId('account');
    const balance = accountButton(page).getByTestId('balance');
    await balance.waitFor();
    await atEachLook(page, async (width, what) => {
      await expectHeaderLaidOut(page, width, what);
      expect([what, await account.textContent()]).toEqual([what, '0xf39F…2266']);
      expect([what, await visibleCharacters(account)]).toEqual([what, '0xf39F…2266'.length]);
      expect([what, await balance.isVisible()]).toEqual([what, width >= 480]);
      // The identicon is there, decorative.
      expect(await accountButton(page).getByTestId('identicon').getAttribute('aria-hidden')).toBe('true');
      // The network: its name is the button's accessible name; at 1280 px it is written out whole.
      expect(await shownChainName(page)).toBe('Local development chain');
      expect(await networkButton(page).locator('.chain-icon').isVisible()).toBe(true);
      const name = networkButton(page).locator('.network-name');
      if (width >= 640) {
        expect([what, await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 0)]).toEqual([what, true]);
        // The mark and the name side by side, on one line.
        const [mark, written] = [await boxOf(networkButton(page).locator('.chain-icon')), await boxOf(name)];
        expect([what, Math.abs(mark.y + mark.height / 2 - (written.y + written.height / 2)) < 4, written.x > mark.x]).toEqual([what, true, true]);
      }
      expect(await page.getByRole('button', { name: 'Local development chain' }).count()).toBe(1);
    });
  });

  it('with a verified name: the name at a readable length (6 characters or more)', async () => {
    const { page } = await openConnected({ privateKeys: [NAMED.privateKey] });
    const account = accountButton(page).getByTestId('account');
    await account.filter({ hasText: NAME }).waitFor();
    await atEachLook(page, async (width, what) => {
      await expectHeaderLaidOut(page, width, what);
      expect([what, await visibleCharacters(account)]).toEqual([what, NAME.length]);
    });
  });

  it('on a network the app cannot use: "Wrong network" written out whole from 640 px, a warning mark on a phone, no balance', async () => {
    const { page } = await openConnected({ chainId: FOREIGN_CHAIN, knownChainIds: [31337, FOREIGN_CHAIN] });
    const wrong = networkButton(page).locator('.network-name');
    await expectAccessible(page);
    await atEachLook(page, async (width, what) => {
      await expectHeaderLaidOut(page, width, what);
      // Its name stays the button's accessible name at every width; on a phone the warning mark alone is seen.
      expect(await page.getByRole('button', { name: 'Wrong network', exact: true }).count()).toBe(1);
      expect([what, await networkButton(page).locator('svg.warning-mark').isVisible()]).toEqual([what, true]);
      if (width >= 640) expect([what, await wrong.textContent(), await wrong.isVisible(), await visibleCharacters(wrong)]).toEqual([what, 'Wrong network', true, 'Wrong network'.length]);
      else expect([what, ((await wrong.boundingBox())?.width ?? 0) <= 1]).toEqual([what, true]);
      expect(await accountButton(page).getByTestId('balance').count()).toBe(0);
      // A short address is short already: shown whole ("0xf39F…2266"), never cut to "0xf39F…".
      const account = accountButton(page).getByTestId('account');
      expect([what, await visibleCharacters(account)]).toEqual([what, ((await account.textContent()) ?? '').length]);
    });
  });
});

describe('the header is one row (320, 375, 1280 px, light and dark; every other state by the shared layout check)', () => {
  it('a longer name (dave.off.test): the name shortens (6 characters at least), nothing wraps', async () => {
    const { page } = await openConnected({ privateKeys: [LONGER.privateKey] });
    const account = accountButton(page).getByTestId('account');
    await account.filter({ hasText: LONGER_NAME }).waitFor();
    await atEachLook(page, async (width, what) => {
      await expectHeaderLaidOut(page, width, what);
      expect([what, (await visibleCharacters(account)) >= 6]).toEqual([what, true]);
      // The header is as tall as one control and its padding, never two rows (131 px before, issue 38).
      expect([what, ((await page.locator('header.top').boundingBox())?.height ?? 0) < 70]).toEqual([what, true]);
    });
  });
});

describe('the network button', () => {
  it('opens the network list: main networks, then test networks, the current one marked; a pick switches and closes it', async () => {
    const { page, wallet } = await openConnected({ knownChainIds: [31337, 10] });
    await page.setViewportSize({ width: 375, height: 800 });
    const dialog = await openNetworkDialog(page);
    expect(await networkButton(page).getAttribute('aria-expanded')).toBe('true');
    const groups = await shownNetworkGroups(dialog);
    expect(groups.map((g) => g.group)).toEqual(['Networks', 'Test networks']);
    expect(groups[0]!.chains.map((c) => c.name)).toEqual(['Ethereum', 'OP Mainnet', 'Arbitrum One', 'Base', 'Polygon PoS']);
    expect(groups[1]!.chains.map((c) => c.name)).toEqual(['Local development chain', 'Sepolia', 'Hoodi', 'OP Sepolia', 'Arbitrum Sepolia', 'Base Sepolia', 'Polygon Amoy', 'Meteora (GateChain test chain)']);
    expect(groups.flatMap((g) => g.chains).filter((c) => c.current).map((c) => c.name)).toEqual(['Local development chain']);
    // Marked visibly too, not only for assistive technology.
    expect(await dialog.locator('[aria-current=true]').getByText('Current').isVisible()).toBe(true);
    // No chain name breaks inside a word, even on a phone.
    await page.setViewportSize({ width: 320, height: 800 });
    for (const name of await dialog.locator('.chain-choice-name').all()) expect(await wordsWhole(name)).toEqual([]);
    await expectLayout(page);

    await dialog.getByRole('button', { name: /^OP Mainnet/ }).click();
    await networkListDialog(page).waitFor({ state: 'detached' });
    expect(await shownChainName(page)).toBe('OP Mainnet');
    expect(wallet.requests('wallet_switchEthereumChain').map((r) => r.params)).toEqual([[{ chainId: '0xa' }]]);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'network-button');
  });

  it('works from the keyboard: Enter opens the list, Escape closes it and the focus returns to the button', async () => {
    const { page } = await openConnected();
    await networkButton(page).focus();
    await page.keyboard.press('Enter');
    const dialog = networkListDialog(page);
    await dialog.getByTestId('chain-choices').waitFor();
    // The choices are reached with Tab, as any button.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=network-list]') !== null)).toBe(true);
    await expectAccessible(page, () => dialog.getByTestId('chain-choices').waitFor());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'network-button');
    expect(await networkButton(page).getAttribute('aria-expanded')).toBe('false');
  });

  it('on a network the app cannot use, the list says so and offers every network', async () => {
    const { page } = await openConnected({ chainId: FOREIGN_CHAIN, knownChainIds: [31337, FOREIGN_CHAIN] });
    const dialog = await openNetworkDialog(page);
    // The wallet's network by name, as the banner says it (issue 38).
    expect(await dialog.textContent()).toContain("Your wallet is on BNB Smart Chain (56), a network this app doesn't support.");
    const groups = await shownNetworkGroups(dialog);
    expect(groups.flatMap((g) => g.chains).filter((c) => c.current)).toEqual([]);
    expect(groups.flatMap((g) => g.chains).length).toBe(13);
  });
});

/** A full address shown in groups of four that a 320 px line breaks between groups, never inside one, the gaps drawn. */
async function expectGroupedAddress(address: Locator): Promise<void> {
    const groups = await address.locator('.address-group').allTextContents();
    expect(groups).toEqual(['0xf39F', 'd6e5', '1aad', '88F6', 'F4ce', '6aB8', '8272', '79cf', 'fFb9', '2266']);
    // It takes more than one line at 320 px, and no group is split across two.
    const lines = await address.evaluate((el) => new Set([...el.querySelectorAll('.address-group')].map((g) => Math.round(g.getBoundingClientRect().top))).size);
    expect(lines).toBeGreaterThan(1);
    const split = await address.locator('.address-group').evaluateAll((spans) => spans.filter((s) => s.getClientRects().length > 1).map((s) => s.textContent));
    expect(split).toEqual([]);
    // The groups are set apart on screen (the gap is drawn: the text stays the address).
    const gaps = await address.locator('.address-group').evaluateAll((spans) =>
      spans.slice(1).flatMap((s, i) => {
        const [before, after] = [spans[i]!.getBoundingClientRect(), s.getBoundingClientRect()];
        return Math.round(before.top) === Math.round(after.top) ? [after.left - before.right] : [];
      }),
    );
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeGreaterThan(2);
}

describe('the overview', () => {
  it('breaks the full address of an account with no name only between groups of four (320 px)', async () => {
    const { page } = await openConnected();
    await page.setViewportSize({ width: 320, height: 800 });
    const address = page.getByTestId('overview').locator('.overview-address');
    expect(await address.textContent()).toBe(TEST_ACCOUNTS[0].address);
    await expectGroupedAddress(address);
    await expectLayout(page);
  });

  it('Sign and send names the account in the same groups (320 px)', async () => {
    const { page } = await openConnected();
    await page.setViewportSize({ width: 320, height: 800 });
    const panel = await openSigning(page);
    const address = panel.locator('.mono').filter({ has: page.locator('.address-group') }).first();
    expect(await address.textContent()).toBe(TEST_ACCOUNTS[0].address);
    await expectGroupedAddress(address);
  });
});

describe('the overview at 320 px', () => {
  it('breaks its block line at most once, after the chain\'s name: "latest block" and the number stay together', async () => {
    const { page } = await openConnected();
    await page.setViewportSize({ width: 320, height: 800 });
    const line = page.getByTestId('overview').locator('.block-number');
    await line.getByTestId('block-number').waitFor();
    const rows = await line.evaluate((el) => {
      const bottoms = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom));
      };
      const latest = el.querySelector('.block-latest')!;
      // The chain's name, in its <bdi> (a right-to-left sentence keeps it whole).
      const name = [...el.querySelectorAll('bdi')].find((n) => (n.textContent ?? '').includes('Local development chain'))!;
      return { lines: new Set(bottoms(el)).size, mark: Math.round(el.querySelector('.chain-icon')!.getBoundingClientRect().bottom), name: bottoms(name)[0], latest: new Set(bottoms(latest)).size };
    });
    expect(rows.lines).toBeLessThanOrEqual(2);
    expect(rows.latest).toBe(1);
    // The mark sits on the name's line.
    expect(Math.abs(rows.mark - rows.name!)).toBeLessThan(8);
  });
});

describe('on a phone, dialogs are bottom sheets', () => {
  /** The dialog's box against the window: full width, its bottom on the window's bottom edge. */
  const sheetBox = async (page: Page, dialog: Locator) => {
    const box = await boxOf(dialog);
    const size = page.viewportSize()!;
    return { left: Math.round(box.x), width: Math.round(box.width), bottom: Math.round(box.y + box.height), window: size, handle: await dialog.getByTestId('sheet-handle').isVisible() };
  };

  it('the account menu, the network list and the connect dialog at 375 px: full width, at the bottom, a drag handle; a drag down or Escape closes, and the focus goes back', async () => {
    const { page } = await openConnected();
    await page.setViewportSize({ width: 375, height: 740 });
    const atBottom = { left: 0, width: 375, bottom: 740, window: { width: 375, height: 740 }, handle: true };

    const menu = await openAccountMenu(page);
    expect(await sheetBox(page, menu)).toEqual(atBottom);
    await expectLayout(page);
    // Dragged down by its handle, as a thumb would.
    const handle = await boxOf(menu.getByTestId('sheet-handle'));
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 80, { steps: 4 });
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200, { steps: 4 });
    await page.mouse.up();
    await menu.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'account-button');

    const list = await openNetworkDialog(page);
    expect(await sheetBox(page, list)).toEqual(atBottom);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'network-button');

    await openWalletList(page);
    expect(await sheetBox(page, connectDialog(page))).toEqual(atBottom);
    await closeDialogs(page);

    // From 640 px on, the same dialog is centred, with no handle.
    await page.setViewportSize({ width: 1280, height: 800 });
    const centred = await sheetBox(page, await openAccountMenu(page));
    expect([centred.left > 0, centred.width < 1280, centred.bottom < 800, centred.handle]).toEqual([true, true, true, false]);
  });
});

describe('the account menu', () => {
  it('groups its network list the same way, and breaks the full address only between groups of four (320 px)', async () => {
    const { page } = await openConnected();
    await page.setViewportSize({ width: 320, height: 800 });
    const menu = await openAccountMenu(page);
    const address = menu.locator('.menu-address');
    expect(await address.textContent()).toBe(TEST_ACCOUNTS[0].address);
    await expectGroupedAddress(address);
    expect(await menu.getByTestId('identicon').count()).toBeGreaterThan(0);

    await menu.getByTestId('network-section').getByText('Switch network').click();
    const shown = await shownNetworkGroups(accountMenu(page));
    expect(shown.map((g) => g.group)).toEqual(['Networks', 'Test networks']);
    expect(shown.flatMap((g) => g.chains).filter((c) => c.current).map((c) => c.name)).toEqual(['Local development chain']);
    for (const name of await menu.locator('.chain-choice-name').all()) expect(await wordsWhole(name)).toEqual([]);
    await expectLayout(page);
  });
});

describe('the connect dialog at 320 px', () => {
  it('keeps "Development wallet" on one line when its badges show', async () => {
    const announce = { uuid: '7d1c2a53-51a3-4b53-9a57-0e1f2a3b4c77', name: 'Development wallet', icon: '', rdns: 'dev.walletdeck' };
    const { page } = await openConnected({ announce });
    await page.setViewportSize({ width: 320, height: 800 });
    const dialog = await openWalletList(page);
    const row = dialog.getByTestId('card-injected').getByRole('button', { name: /Development wallet/ });
    await row.locator('.status-badge').waitFor();
    const name = row.locator('.wallet-choice-name');
    // The lines its visible text takes (the words for screen readers only are left out).
    const lines = await name.evaluate((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden') || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
    expect(lines).toBe(1);
    await expectLayout(page);
  });
});
