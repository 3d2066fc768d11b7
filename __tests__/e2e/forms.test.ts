// The transfer form's checks and the forms' look, end to end (docs/behaviour.md §7.4, §10.4, §10.5,
// §6.9): the built app in headless Chromium, the fake extension wallet with a key of this suite's own
// (funded on the shared anvil), transfers mined there. Driven through support/appDriver.ts.
import { Wallet, type HDNodeWallet } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { deployEns, setAddress } from '../../contracts/deployEns';
import { receiptOf, rpc } from '../support/anvil';
import {
  amountNote,
  connect,
  expectLayout,
  fillTransfer,
  recipientNote,
  sendTransfer,
  transferButtons,
  transferForm,
  transferWarnings,
  waitForBalance,
  waitForOutcome,
} from '../support/appDriver';
import { expectAccessible } from '../support/a11y';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet, type FakeWallet } from '../support/fakeWallet';
import { SETUP_TIMEOUT_MS } from '../support/lifecycle';

const ETH = 10n ** 18n;
const ZERO = `0x${'0'.repeat(40)}`;
/** A name of this suite's own on the development chain's registry. */
const NAME = 'forms-recipient.test';
const NAMED = Wallet.createRandom().address;

const suite = browserSuite({ optimism: true });
let anvilUrl: string;

beforeAll(async () => {
  anvilUrl = suite.rpcUrls[31337]!;
  await deployEns(anvilUrl);
  await setAddress(anvilUrl, NAME, NAMED);
}, SETUP_TIMEOUT_MS);

interface App {
  page: Page;
  wallet: FakeWallet;
  /** The wallet's account: a key of this test's own, funded with `balance`. */
  account: HDNodeWallet;
}

/** A fresh profile whose wallet holds a new key funded with `balance` ETH, connected, the panel open. */
async function openConnected(options: { balance?: bigint; width?: number; dark?: boolean; more?: string[] } = {}): Promise<App> {
  const account = Wallet.createRandom();
  await rpc(anvilUrl, 'anvil_setBalance', [account.address, `0x${(options.balance ?? 100n * ETH).toString(16)}`]);
  const context = await suite.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
  const wallet = await installFakeWallet(context, {
    privateKeys: [account.privateKey, ...(options.more ?? [])],
    rpcUrls: { 31337: anvilUrl, 10: suite.rpcUrls[10]! },
    knownChainIds: [31337, 10],
  });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await connect(page, 'injected');
  await transferForm(page);
  return { page, wallet, account };
}

const sendButton = (form: Locator) => form.locator('.actions button[type=submit]');

/** Computed styles of an element, as the user's browser paints it. */
function styleOf(locator: Locator, properties: string[]): Promise<Record<string, string>> {
  return locator.evaluate((element, names) => {
    const style = getComputedStyle(element);
    return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
  }, properties);
}

/** The colour painted behind an element: the first ancestor's background that is not transparent. */
function backdrop(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    for (let at = element.parentElement; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
    }
    return 'rgb(255, 255, 255)';
  });
}

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('the recipient', () => {
  it('the zero address is refused with a plain reason, and never reaches the wallet', async () => {
    const app = await openConnected();
    const form = await fillTransfer(app.page, ZERO, '0.01');
    expect(await recipientNote(app.page)).toEqual({
      status: 'zeroAddress',
      text: 'This is the zero address: anything sent there is lost for good. Enter another address.',
    });
    expect(await form.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(await sendButton(form).isDisabled()).toBe(true);
    await form.getByLabel('To').press('Enter');
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
    await expectAccessible(app.page);
  });

  it('the own address is allowed, and said: "This is your own address." (of the account now connected)', async () => {
    const second = Wallet.createRandom();
    const app = await openConnected({ more: [second.privateKey] });
    const form = await fillTransfer(app.page, app.account.address.toLowerCase(), '0.01');
    expect(await recipientNote(app.page)).toEqual({ status: 'address', text: 'This is your own address.' });
    await sendButton(form).filter({ hasText: /^Send$/ }).and(app.page.locator(':enabled')).waitFor();
    // Another address says nothing.
    await fillTransfer(app.page, Wallet.createRandom().address, '0.01');
    expect(await recipientNote(app.page)).toEqual({ status: 'address', text: '' });
    // The notice belongs to the account: after a switch in the wallet, the first account is another's address.
    await fillTransfer(app.page, second.address, '0.01');
    expect(await recipientNote(app.page)).toEqual({ status: 'address', text: '' });
    await app.wallet.selectAccount(second.address);
    await app.page.getByTestId('sign-target').filter({ hasText: second.address }).waitFor();
    expect(await recipientNote(app.page)).toEqual({ status: 'address', text: 'This is your own address.' });
  });

  it('a resolution belongs to its chain: after the wallet moves to another chain, the old one is not shown', async () => {
    const app = await openConnected();
    await fillTransfer(app.page, NAME, '0.01');
    expect(await recipientNote(app.page)).toEqual({ status: 'resolved', text: `${NAME} is ${NAMED}`, address: NAMED });
    const seen: string[] = [];
    await app.page.exposeFunction('recipientShown', (text: string) => seen.push(text));
    await app.page.evaluate(() => {
      const note = document.querySelector('[data-testid=sign-transaction] [data-testid=recipient]');
      if (!note) throw new Error('no recipient note');
      new MutationObserver(() => void (window as unknown as { recipientShown(t: string): void }).recipientShown(`${note.getAttribute('data-status')}: ${note.textContent}`)).observe(note, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    await app.wallet.switchChain(10);
    await app.page.getByTestId('sign-target').filter({ hasText: 'OP Mainnet' }).waitFor();
    // OP Mainnet's names are read on Ethereum (docs/behaviour.md §5.5), which is out of reach here: the
    // lookup fails for OP Mainnet's coin type, and the development chain's answer is never shown.
    const note = await recipientNote(app.page);
    expect(note.status).toBe('lookupFailed');
    expect(note.text).toContain(`${NAME} could not be looked up just now.`);
    const form = await transferForm(app.page);
    expect(await sendButton(form).isDisabled()).toBe(true);
    expect(seen.filter((text) => text.includes(NAMED))).toEqual([]);
  });
});

describe('the amount', () => {
  it('"1,5" is read as 1.5 and sends 1.5 ETH; "1,000" is refused with a hint to use a point', async () => {
    const app = await openConnected();
    const recipient = Wallet.createRandom().address;
    await fillTransfer(app.page, recipient, '1,000');
    expect(await amountNote(app.page)).toEqual({
      text: '“1,000” is unclear: write 1000 without the comma, or 1.000 with a point for decimals.',
      problem: 'ambiguousComma',
      message: '"1,000" is ambiguous: a comma with three digits after it may group thousands; use a point for decimals',
    });
    const form = await transferForm(app.page);
    expect(await sendButton(form).isDisabled()).toBe(true);
    await expectAccessible(app.page);
    await fillTransfer(app.page, recipient, '1,2,3');
    expect((await amountNote(app.page)).text).toBe('Use a point for decimals and no commas, e.g. 1.5.');

    await sendTransfer(app.page, recipient, '1,5');
    expect(await amountNote(app.page)).toEqual({ text: 'Read as 1.5 ETH.' });
    const done = await waitForOutcome(app.page, 'transaction', 'confirmed');
    const hash = (await done.getByTestId('tx-hash').getAttribute('data-hash')) ?? '';
    expect((await receiptOf(anvilUrl, hash)).status).toBe('0x1');
    const tx = await rpc<{ value: string; to: string }>(anvilUrl, 'eth_getTransactionByHash', [hash]);
    expect(BigInt(tx.value)).toBe((3n * ETH) / 2n);
    expect(tx.to.toLowerCase()).toBe(recipient.toLowerCase());
  });

  it('an empty amount says "Enter an amount", and Send waits for one', async () => {
    const app = await openConnected();
    const form = await fillTransfer(app.page, Wallet.createRandom().address, '');
    expect(await amountNote(app.page)).toEqual({ text: 'Enter an amount', problem: 'empty', message: 'Enter an amount' });
    expect(await form.getByLabel(/^Amount/).getAttribute('aria-invalid')).toBe('true');
    expect(await sendButton(form).isDisabled()).toBe(true);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
  });
});

describe('an emptied message', () => {
  it('says "Write a message to sign", as an emptied amount says what it needs, and Sign waits for one', async () => {
    const app = await openConnected();
    const form = app.page.getByTestId('sign-message');
    const field = form.getByLabel('Message to sign');
    await field.fill('');
    expect(await form.getByTestId('message-problem').textContent()).toBe('Write a message to sign');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('button', { name: 'Sign message' }).isDisabled()).toBe(true);
    await field.fill('hello');
    expect(await form.getByTestId('message-problem').count()).toBe(0);
    expect(app.wallet.requests('personal_sign')).toHaveLength(0);
  });
});

describe('the balance warning', () => {
  it.each([320, 375, 1280])('at %i px: one sentence, the balance and its unit on one line, and "Send anyway" is not styled like Send', async (width) => {
    const app = await openConnected({ balance: 9_999_969_900_000_000_000_000n, width });
    await waitForBalance(app.page, /^9,999\.9699 ETH$/);
    const form = await fillTransfer(app.page, Wallet.createRandom().address, '0.01');
    await sendButton(form).filter({ hasText: /^Send$/ }).and(app.page.locator(':enabled')).waitFor();
    const send = await styleOf(sendButton(form), ['background-color', 'border-top-color', 'color']);

    await fillTransfer(app.page, Wallet.createRandom().address, '10000');
    const warnings = await transferWarnings(app.page);
    expect(warnings.balance).toBe('Not enough ETH for this amount: you have 9,999.9699 ETH. Your wallet will probably refuse it.');
    expect(warnings.sendLabel).toBe('Send anyway');
    const warning = form.getByTestId('balance-warning');
    const layout = await warning.evaluate((element) => {
      // The lines the balance and its unit take ("9,999.9699 ETH"), from the text as laid out.
      const range = document.createRange();
      const text = element.textContent ?? '';
      const start = text.indexOf('9,999.9699');
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let offset = 0;
      const nodes: { node: Text; from: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node: node as Text, from: offset });
        offset += (node.textContent ?? '').length;
      }
      const at = (index: number) => {
        const hit = nodes.filter((n) => n.from <= index).pop()!;
        return [hit.node, index - hit.from] as const;
      };
      range.setStart(...at(start));
      range.setEnd(...at(start + '9,999.9699 ETH'.length));
      const amountLines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      // The same sentence as one plain paragraph of the same width: the warning takes no more lines.
      const plain = document.createElement('p');
      plain.textContent = text;
      const style = getComputedStyle(element);
      Object.assign(plain.style, { all: 'unset', display: 'block', boxSizing: 'border-box', width: `${element.getBoundingClientRect().width}px` });
      for (const property of ['font', 'padding', 'border', 'letter-spacing', 'word-spacing']) plain.style.setProperty(property, style.getPropertyValue(property));
      element.parentElement!.append(plain);
      const plainHeight = plain.getBoundingClientRect().height;
      plain.remove();
      return { amountLines, height: element.getBoundingClientRect().height, plainHeight };
    });
    expect(layout.amountLines).toBe(1);
    expect(layout.height).toBeLessThanOrEqual(layout.plainHeight + 1);

    const anyway = await styleOf(sendButton(form), ['background-color', 'border-top-color', 'color']);
    expect(anyway['background-color']).not.toBe(send['background-color']);
    expect(anyway['border-top-color']).not.toBe(send['border-top-color']);
    expect(await sendButton(form).isEnabled()).toBe(true);
    await expectLayout(app.page);
    if (width === 1280) await expectAccessible(app.page);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
  });
});

describe('the transfer check when the endpoint does not answer', () => {
  it('says it could not check the transfer, offers Retry and "Send without checking", never "would probably fail"; Retry checks again', async () => {
    const app = await openConnected();
    const rpcOrigin = new URL(anvilUrl).origin;
    const unreachable = (url: URL) => url.origin === rpcOrigin;
    await app.page.context().route(unreachable, (route) => route.abort('connectionrefused'));
    const form = await fillTransfer(app.page, Wallet.createRandom().address, '0.01');
    const warnings = await transferWarnings(app.page);
    expect(warnings.fee).toMatch(/^This transfer could not be checked: the network did not answer\. Try again, or send without checking\.Details/);
    expect(warnings.fee).not.toContain('would probably fail');
    expect(await transferButtons(app.page)).toEqual(['Retry', 'Send without checking']);
    const send = await styleOf(form.getByRole('button', { name: 'Retry' }), ['background-color']);
    const without = await styleOf(sendButton(form), ['background-color']);
    expect(without['background-color']).not.toBe(send['background-color']);
    await expectAccessible(app.page);

    await app.page.context().unroute(unreachable);
    await form.getByRole('button', { name: 'Retry' }).click();
    await form.getByTestId('fee').filter({ hasText: /^Network fee ≈ / }).waitFor();
    expect(await transferButtons(app.page)).toEqual(['Send']);
    expect(app.wallet.requests('eth_sendTransaction')).toHaveLength(0);
  });
});

describe('fields and buttons in both themes', () => {
  it.each([
    [320, true],
    [375, true],
    [375, false],
    [1280, true],
    [1280, false],
  ])('at %i px (dark: %s) fields are themed, the focus ring stands out, and a disabled Send is told apart', async (width, dark) => {
    const app = await openConnected({ width, dark });
    const form = await transferForm(app.page);
    const field = form.getByLabel('To');
    // The browser's own field, in the same theme, for comparison.
    const blank = await app.page.context().newPage();
    await blank.setContent('<style>:root { color-scheme: light dark; }</style><input><textarea></textarea>');
    const browserField = await styleOf(blank.locator('input'), ['background-color', 'border-top-color']);
    await blank.close();
    const themed = await styleOf(field, ['background-color', 'color', 'border-top-color']);
    if (dark) expect(themed['background-color']).not.toBe(browserField['background-color']);
    expect(themed['border-top-color']).not.toBe(browserField['border-top-color']);
    const behind = await backdrop(field);
    // The text in a field is readable, and its edge can be seen.
    expect(contrast(themed['color']!, themed['background-color']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(themed['border-top-color']!, behind)).toBeGreaterThanOrEqual(3);

    await field.focus();
    await app.page.keyboard.press('Shift+Tab');
    await app.page.keyboard.press('Tab');
    const focused = await styleOf(field, ['outline-color', 'outline-style', 'outline-width']);
    expect(focused['outline-style']).toBe('solid');
    expect(contrast(focused['outline-color']!, behind)).toBeGreaterThanOrEqual(3);

    // Nothing typed yet: Send is disabled. Then enabled, with a recipient and the fee.
    const disabled = await styleOf(sendButton(form), ['background-color', 'border-top-style', 'border-top-color', 'opacity', 'cursor']);
    expect(await sendButton(form).isDisabled()).toBe(true);
    await fillTransfer(app.page, Wallet.createRandom().address, '0.01');
    await sendButton(form).and(app.page.locator(':enabled')).waitFor();
    const enabled = await styleOf(sendButton(form), ['background-color', 'border-top-style', 'border-top-color', 'opacity', 'cursor']);
    expect(Number(disabled['opacity'])).toBeLessThan(1);
    expect(disabled['cursor']).toBe('not-allowed');
    expect(enabled['cursor']).toBe('pointer');
    expect(disabled['background-color']).not.toBe(enabled['background-color']);
    expect([disabled['border-top-style'], disabled['border-top-color']]).not.toEqual([enabled['border-top-style'], enabled['border-top-color']]);
    await expectLayout(app.page);
  });
});
