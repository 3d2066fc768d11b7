// The interface's languages in the browser (docs/behaviour.md §14, issue 40): what only a real page
// shows. An English browser's first visit loads no other language; the footer's control loads the
// picked language's chunk alone, turns <html lang dir>, and is remembered, so that the reload's first
// screen is already in it (no English word first). In the pseudo-locale at 320 px, every main state
// says nothing outside the catalogue, keeps one header row and no sideways scroll, and passes axe. A
// browser asking for Arabic gets it right to left from its first screen, addresses and amounts kept
// left to right. (The run's build offers every catalogued language, the pseudo-locale included:
// globalSetup.)
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../support/a11y';
import { accountButton, closeDialogs, connect, connectDialog, expectLayout, firstScreenComplete, openAccountMenu, openNetworkDialog, openWalletList } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { installFakeWallet } from '../support/fakeWallet';

const suite = browserSuite();

/** The scripts a context loads, by chunk name ("main", "lang-pseudo"). */
function recordScripts(context: BrowserContext): string[] {
  const scripts: string[] = [];
  context.on('request', (request) => {
    const match = /\/js\/([^/]+?)\.[0-9a-f]+\.js$/.exec(request.url());
    if (match) scripts.push(match[1] as string);
  });
  return scripts;
}

/** Records, in each document, the words the page's root first showed (before any later render). */
async function recordFirstWords(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = { first: '' };
    (window as unknown as { firstWords: typeof seen }).firstWords = seen;
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      const text = root?.textContent?.trim() ?? '';
      if (text === '') return;
      seen.first = text;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const firstWords = (page: Page) => page.evaluate(() => (window as unknown as { firstWords?: { first: string } }).firstWords?.first ?? '');
const htmlLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

async function chooseLanguage(page: Page, code: string): Promise<void> {
  await page.getByTestId('language-footer').locator('select').selectOption(code);
  await page.waitForFunction((lang) => document.documentElement.lang === lang && !document.querySelector('[data-testid=language-footer] select[aria-busy]'), code, { polling: 50 });
}

/** What stands for a value, the same in every language: an address, name, amount or chain id (in <bdi> or dir="ltr", docs/behaviour.md §14.4), a language's own name in the control. */
const VALUES = 'script, style, noscript, template, option, bdi, [dir="ltr"], code';

/**
 * The words on screen (and for screen readers) still in English, outside `values`. In the
 * pseudo-locale: a text with a letter that is neither accented nor inside a message's ⟦ … ⟧. In
 * Arabic: a text in Latin letters with no Arabic letter (Latin words inside an Arabic sentence are
 * brands: MetaMask, QR).
 */
const englishLeft = (page: Page, language: 'en-XA' | 'ar', values: string) =>
  page.evaluate(
    ({ language, values }) => {
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const element = node.parentElement;
        if (!element || !/[A-Za-z]{2}/.test(text) || element.closest(values)) continue;
        const box = element.getBoundingClientRect();
        const heard = element.closest('.visually-hidden') !== null;
        if (!heard && (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden')) continue;
        if (language === 'ar') {
          if (/[\u0600-\u06ff]/.test(text)) continue;
        } else {
          const sentence = element.closest('*:not(bdi)')?.textContent ?? '';
          if (/[àƀçđèƒĝĥîĵķļɱñôƥǫŕšţûṽŵẋýžÀƁÇĐÈƑĜĤÎĴĶĻṀÑÔƤǪŔŠŢÛṼŴẊÝŽ]/.test(text) || /⟦[^⟧]*$/.test(sentence.slice(0, sentence.indexOf(text)))) continue;
        }
        found.add(text.slice(0, 60));
      }
      return [...found];
    },
    { language, values },
  );

/** Left untranslated in the pseudo-locale (what the deployment's chain table names aside). */
const untranslated = (page: Page) => englishLeft(page, 'en-XA', `${VALUES}, .chain-name, [data-data-value]`);

/** Everything a pseudo-locale state must hold at this width. */
async function expectTranslatedState(page: Page, state: string): Promise<void> {
  expect([state, await untranslated(page)]).toEqual([state, []]);
  await expectLayout(page);
  expect([state, await axeViolations(page)]).toEqual([state, []]);
}

it("an English browser's first visit loads no other language; a pick loads its chunk alone, is remembered, and the reload starts in it", async () => {
  const context = await suite.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await recordFirstWords(context);
  const scripts = recordScripts(context);
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await firstScreenComplete(page);
  expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
  expect(await page.getByTestId('connect-button').textContent()).toBe('Connect wallet');
  expect(scripts.filter((name) => name.startsWith('lang-'))).toEqual([]);

  // The footer's control (reachable with no wallet) lists each language in its own name.
  const options = await page.getByTestId('language-footer').locator('option').evaluateAll((all) => all.map((o) => [o.getAttribute('value'), o.textContent]));
  expect(options).toEqual(expect.arrayContaining([['en', 'English'], ['en-XA', 'Ƥşèûđô']]));
  await chooseLanguage(page, 'en-XA');
  expect(scripts.filter((name) => name.startsWith('lang-'))).toEqual(['lang-pseudo']);
  expect(await page.getByTestId('connect-button').textContent()).toMatch(/^⟦Çôññèçţ ŵàļļèţ ·+⟧$/);

  await page.reload();
  await firstScreenComplete(page);
  expect(await htmlLanguage(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
  // The first words the reloaded page showed were already the remembered language's.
  expect(await firstWords(page)).toMatch(/^[^A-Za-z]*⟦/);
  expect(await page.getByTestId('language-footer').locator('select').inputValue()).toBe('en-XA');
});

it('in the pseudo-locale at 320 px every main state speaks from the catalogue, on one header row, with no sideways scroll and no axe violation', async () => {
  const context = await suite.newContext({ viewport: { width: 320, height: 720 }, locale: 'en-US' });
  await installFakeWallet(context, { rpcUrls: suite.rpcUrls });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await firstScreenComplete(page);
  await chooseLanguage(page, 'en-XA');
  await expectTranslatedState(page, 'disconnected');

  await openWalletList(page);
  await expectTranslatedState(page, 'the connect dialog');
  await connect(page, 'injected');
  await closeDialogs(page);
  await accountButton(page).getByTestId('account').waitFor();
  await expectTranslatedState(page, 'connected');

  await openAccountMenu(page);
  await expectTranslatedState(page, 'the account menu');
  await closeDialogs(page);
  await openNetworkDialog(page);
  await expectTranslatedState(page, 'the network list');
  await closeDialogs(page);
  expect(await connectDialog(page).isVisible()).toBe(false);
});

/** English left in a page that speaks Arabic (the app's name aside). */
const latinWords = (page: Page) => englishLeft(page, 'ar', `${VALUES}, .brand`);

/** Each element on screen whose own text holds an address ("0x…"): its text and the direction it is laid out in. */
const addressDirections = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /0x[0-9a-fA-F]{4}/.test(n.textContent ?? '')) && el.getBoundingClientRect().width > 0)
      .map((el) => [((el.textContent ?? '').trim()).slice(0, 20), getComputedStyle(el).direction]),
  );

async function expectArabicState(page: Page, state: string): Promise<void> {
  expect([state, await latinWords(page)]).toEqual([state, []]);
  for (const [text, direction] of await addressDirections(page)) expect([state, text, direction]).toEqual([state, text, 'ltr']);
  await expectLayout(page);
  expect([state, await axeViolations(page)]).toEqual([state, []]);
}

it('a browser asking for Arabic gets it right to left from its first screen at 375 px: mirrored, every address left to right, laid out, no axe violation', async () => {
  const context = await suite.newContext({ viewport: { width: 375, height: 760 }, locale: 'ar' });
  await recordFirstWords(context);
  await installFakeWallet(context, { rpcUrls: suite.rpcUrls });
  const page = await context.newPage();
  await page.goto(suite.server.url);
  await firstScreenComplete(page);
  expect(await htmlLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  // No English word came first: the first screen waited for Arabic's chunk.
  expect(await firstWords(page)).toMatch(/[\u0600-\u06ff]/);
  expect(await firstWords(page)).not.toMatch(/Connect wallet/);
  await expectArabicState(page, 'disconnected');

  await openWalletList(page);
  await expectArabicState(page, 'the connect dialog');
  await connect(page, 'injected');
  await closeDialogs(page);
  const account = accountButton(page).getByTestId('account');
  await account.waitFor();
  await expectArabicState(page, 'connected');
  // Mirrored: the app's name at the right, the wallet's controls at the left.
  const [brand, button] = [await page.locator('header .brand').boundingBox(), await accountButton(page).boundingBox()];
  expect((brand?.x ?? 0) > (button?.x ?? 0)).toBe(true);
  expect(await account.textContent()).toMatch(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);

  await openAccountMenu(page);
  await expectArabicState(page, 'the account menu');
});
