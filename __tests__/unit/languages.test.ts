// The interface's languages (docs/behaviour.md §14): plurals and amounts from Intl in German, Arabic
// and Japanese, the choice of language, the pseudo-locale, the first screen's wait, and the catalogue
// check of `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems, checkCatalogues } from '../../scripts/catalogues';
import type { Catalogue } from '../../src/i18n/catalogue';
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import pseudo from '../../src/i18n/catalogues/pseudo';
import { browserLanguages, chooseLanguage, formatLocale, loadLanguageChoice, saveLanguageChoice } from '../../src/i18n/choose';
import { LANGUAGE_CODES, languageChunkName } from '../../src/i18n/languages';
import { pseudoSentence } from '../../src/i18n/pseudo';
import { startLanguages } from '../../src/i18n/start';
import { createWords } from '../../src/i18n/words';
import { withLaterWords } from '../../src/i18n/later';
import { memoryStorage } from '../../src/lib/storage';

const ROOT = path.resolve(__dirname, '../..');
const english = { ...en, ...enLater };
/** English's words with the pending count's plural forms of `forms`: the machinery, not a translation. */
const withPending = (forms: Record<string, string>): Catalogue => ({ ...english, 'header.pending': forms as { other: string } });

describe('plurals follow Intl.PluralRules of the language', () => {
  it('German: one and other', () => {
    const words = createWords('de', withPending({ one: '{count} Transaktion', other: '{count} Transaktionen' }));
    expect([1, 2, 0, 1000].map((count) => words.t('header.pending', { count }))).toEqual(['1 Transaktion', '2 Transaktionen', '0 Transaktionen', '1.000 Transaktionen']);
  });

  it('Arabic: zero, one, two, few, many and other', () => {
    const words = createWords('ar', withPending({ zero: 'zero {count}', one: 'one {count}', two: 'two {count}', few: 'few {count}', many: 'many {count}', other: 'other {count}' }));
    expect([0, 1, 2, 3, 11, 100].map((count) => words.t('header.pending', { count }).split(' ')[0])).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(words.dir).toBe('rtl');
  });

  it('Japanese: other alone', () => {
    const words = createWords('ja', withPending({ other: '{count} 件' }));
    expect([1, 2].map((count) => words.t('header.pending', { count }))).toEqual(['1 件', '2 件']);
  });

  it('English keeps its one and other, and a form a language lacks falls back to other', () => {
    expect(createWords('en', english).t('header.pending', { count: 1 })).toBe('1 transaction pending');
    expect(createWords('ar', withPending({ other: 'x {count}' })).t('header.pending', { count: 2 })).toBe('x 2');
  });
});

describe('amounts keep every digit, grouped and marked the locale’s way', () => {
  it.each([
    ['de', '10000.5', '10.000,5'],
    ['de', '-1234567.000021', '-1.234.567,000021'],
    ['ja', '10000.5', '10,000.5'],
    ['ar', '10000.5', '10,000.5'],
    ['ar-EG', '10000.5', '١٠٬٠٠٠٫٥'],
    ['en', '115792089237316195423570985008687907853269984665640564039457.584', '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584'],
  ])('%s: %s reads %s', (locale, decimal, shown) => {
    const language = locale.startsWith('ar') ? 'ar' : (locale as 'de' | 'ja' | 'en');
    expect(createWords(language, english, locale).amount(decimal)).toBe(shown);
  });

  it('an Arabic minus keeps its left-to-right mark; an ungrouped amount has no group marks', () => {
    expect(createWords('ar', english).amount('-1.5')).toBe('\u200e-1.5');
    expect(createWords('de', english).amount('10000.5', false)).toBe('10000,5');
  });

  it('numbers, times and relative times come from Intl in the locale', () => {
    const de = createWords('de', english);
    expect(de.number(10000.5)).toBe('10.000,5');
    expect(de.relative(0, 5000)).toBe('vor 5 Sekunden');
    expect(createWords('ja', english).relative(120_000, 0)).toBe('2 分後');
    expect(de.time(Date.UTC(2026, 0, 1, 16, 31, 5))).toMatch(/^\d\d:31:05$/);
  });
});

describe('which language the page speaks', () => {
  const settings = { offered: ['en', 'de', 'pt-BR', 'zh-CN', 'ar'] as const, default: 'en' as const };

  it('a remembered choice wins, when the deployment still offers it', () => {
    expect(chooseLanguage(settings, ['de'], 'ar')).toBe('ar');
    expect(chooseLanguage(settings, ['de'], 'ja')).toBe('de');
  });

  it("the browser's languages in their order: the same tag, else the same language in another region", () => {
    expect(chooseLanguage(settings, ['fr-FR', 'de-CH', 'en'], undefined)).toBe('de');
    expect(chooseLanguage(settings, ['pt-PT'], undefined)).toBe('pt-BR');
    expect(chooseLanguage(settings, ['zh-TW', 'ar-SA'], undefined)).toBe('ar');
    expect(chooseLanguage(settings, ['fr'], undefined)).toBe('en');
    expect(chooseLanguage({ ...settings, default: 'de' }, [], undefined)).toBe('de');
  });

  it('numbers follow the browser’s own region of that language', () => {
    expect(formatLocale('de', ['fr', 'de-CH'])).toBe('de-CH');
    expect(formatLocale('pt-BR', ['pt-PT'])).toBe('pt-BR');
    expect(formatLocale('en-XA', ['en-XA'])).toBe('en');
  });

  it('what the browser says and what storage holds are untrusted', () => {
    expect(browserLanguages({ navigator: { languages: ['de-DE', 42, 'x'.repeat(50), 'not a tag!', 'ar'] } })).toEqual(['de-DE', 'ar']);
    expect(browserLanguages({ get navigator() { throw new Error('hostile'); } })).toEqual([]);
    const storage = memoryStorage();
    storage.setItem('walletdeck.language', '<script>');
    expect(loadLanguageChoice(storage)).toBeUndefined();
    saveLanguageChoice(storage, 'ar');
    expect(loadLanguageChoice(storage)).toBe('ar');
  });
});

describe('the pseudo-locale', () => {
  it('accents every letter, is about 40 % longer, marks its edges and keeps placeholders', () => {
    const shown = pseudoSentence('Connect {wallet} now');
    expect(shown.startsWith('⟦') && shown.endsWith('⟧')).toBe(true);
    expect(shown).toContain('{wallet}');
    const text = shown.slice(1, -1).replace('{wallet}', '');
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('Connect  now'.length * 1.4));
  });

  it('covers every English key, plural forms included', () => {
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
    expect(catalogueProblems(english, pseudo, 'pseudo')).toEqual([]);
  });
});

describe('the first screen', () => {
  const host = (languages: string[]) => ({ navigator: { languages }, document: { documentElement: { lang: 'en', dir: 'ltr' } } });

  it('an English browser starts at once and loads no other language', async () => {
    const load = jest.fn();
    const page = host(['en-GB']);
    const languages = startLanguages({ settings: { offered: ['en', 'en-XA'], default: 'en' }, storage: memoryStorage(), host: page, loaders: { 'en-XA': { load } } });
    expect((await languages.first).language).toBe('en');
    expect(load).not.toHaveBeenCalled();
  });

  it('another language is waited for, and <html lang dir> follow it', async () => {
    const page = host(['en-XA']);
    const languages = startLanguages({ settings: { offered: ['en', 'en-XA'], default: 'en' }, storage: memoryStorage(), host: page, loaders: { 'en-XA': { load: async () => ({ default: pseudo }) } } });
    const words = await languages.first;
    expect(words.t('header.connect')).toBe(pseudoSentence('Connect wallet'));
    expect(page.document.documentElement.lang).toBe('en-XA');
  });

  it('a chunk that does not arrive within the wait starts the page in English, and arrives later', async () => {
    jest.useFakeTimers();
    try {
      let arrive: (value: { default: Catalogue }) => void = () => undefined;
      const pending = new Promise<{ default: Catalogue }>((resolve) => (arrive = resolve));
      const languages = startLanguages({ settings: { offered: ['en', 'ar'], default: 'en' }, storage: memoryStorage(), host: host(['ar']), loaders: { ar: { load: () => pending } }, waitMs: 100 });
      jest.advanceTimersByTime(100);
      expect((await languages.first).language).toBe('en');
      expect(languages.wanted).toBe('ar');
      arrive({ default: english });
      expect((await languages.arrive('ar')).dir).toBe('rtl');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('each language is its own chunk, and an English first visit loads none', () => {
  const loaderSource = readFileSync(path.join(ROOT, 'src/chunks.ts'), 'utf8');

  it('every catalogue but English is loaded only by the one loader, as lang-<code>', () => {
    const files = readdirSync(path.join(ROOT, 'src/i18n/catalogues')).filter((file) => !file.startsWith('en.'));
    for (const file of files) {
      const module = file.replace(/\.ts$/, '');
      const code = module === 'pseudo' ? 'en-XA' : module;
      expect(LANGUAGE_CODES).toContain(code);
      expect(loaderSource).toContain(`import(/* webpackChunkName: "${languageChunkName(code as 'en')}" */ './i18n/catalogues/${module}')`);
    }
  });

  it('no module of the app imports another language’s catalogue statically', () => {
    const sources = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(path.join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(folder, entry.name)] : []));
    const offenders = [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'store')), ...sources(path.join(ROOT, 'sagas'))].filter((file) => {
      if (file.includes(`${path.sep}catalogues${path.sep}`)) return false;
      return /from '[^']*catalogues\/(?!en'|en\.later')[^']*'/.test(readFileSync(file, 'utf8'));
    });
    expect(offenders).toEqual([]);
  });
});

describe('the catalogue check of npm run lint', () => {
  it('passes today', () => {
    expect(checkCatalogues()).toEqual([]);
  });

  it('names a missing key, an extra key, a renamed placeholder and a sentence given for plural forms', () => {
    const broken: Record<string, unknown> = { ...english, 'not.a.key': 'x', 'header.pending': 'no forms', 'overview.with': 'Mit {wallett}' };
    delete broken['header.connect'];
    expect(catalogueProblems(english, broken, 'de.ts')).toEqual([
      'de.ts: "header.connect" is missing',
      'de.ts: "header.pending" must be plural forms, as in English',
      'de.ts: "overview.with" has {wallett} where English has {wallet}',
      'de.ts: "not.a.key" is not an English key',
    ]);
    expect(catalogueProblems(english, { ...english, 'header.pending': { one: 'x' } }, 'ja.ts')).toEqual(['ja.ts: "header.pending" has plural forms without "other"']);
  });
});

describe("a later chunk's words", () => {
  it("are English's first part completed once, shared by every component that asks (not rebuilt on each mount)", () => {
    const first = createWords('en', en);
    const later = withLaterWords(first);
    expect(later.t('dialog.close')).toBe(enLater['dialog.close']);
    expect(withLaterWords(first)).toBe(later);
    // A whole catalogue is complete already: the same words.
    const whole = createWords('en-XA', pseudo);
    expect(withLaterWords(whole)).toBe(whole);
  });
});
