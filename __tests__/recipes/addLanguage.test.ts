// docs/recipes/add-a-language.md, step by step: the language named, its catalogue, its loader line;
// then a browser asking for it gets its words from the first screen, through the one loader.
import { messageProblem } from '../../scripts/catalogues';
import type { Catalogue } from '../../src/i18n/catalogue';
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import { block, patchedBy, runModule, withModules } from './recipeDoc';

const RECIPE = 'add-a-language';
const CATALOGUE = 'src/i18n/catalogues/it.ts';
const english: Readonly<Record<string, unknown>> = { ...en, ...enLater };

/** The recipe's catalogue, as the module exports it. */
const example = () => (runModule(CATALOGUE, block(RECIPE, CATALOGUE)) as { default: Record<string, unknown> }).default;

it("step 1: the language is named once, with its own name and direction", () => {
  const source = patchedBy(RECIPE, 'src/i18n/languages.ts');
  const languages = runModule('src/i18n/languages.ts', source) as typeof import('../../src/i18n/languages');
  expect(languages.LANGUAGE_CODES).toContain('it');
  expect(languages.LANGUAGES['it' as 'en']).toEqual({ name: 'Italiano', dir: 'ltr' });
  expect(languages.languageChunkName('it' as 'en')).toBe('lang-it');
});

it("step 2: the catalogue's messages are English's keys, with English's placeholders and Italian's plural forms", () => {
  const messages = example();
  expect(Object.keys(messages).length).toBeGreaterThan(3);
  const categories = new Set(new Intl.PluralRules('it').resolvedOptions().pluralCategories);
  for (const [key, message] of Object.entries(messages)) {
    expect([key, key in english, messageProblem(english[key], message)]).toEqual([key, true, undefined]);
    if (typeof message === 'object' && message !== null) for (const form of Object.keys(message)) expect([key, form, categories.has(form as Intl.LDMLPluralRule)]).toEqual([key, form, true]);
  }
});

it('step 3 and 4: through the one loader, an Italian browser gets Italian from its first screen, numbers the Italian way', async () => {
  const words = await withModules(
    {
      'src/i18n/languages.ts': patchedBy(RECIPE, 'src/i18n/languages.ts'),
      [CATALOGUE]: block(RECIPE, CATALOGUE).replace('satisfies Partial<Catalogue>', 'as unknown as Catalogue'),
      'src/chunks.ts': patchedBy(RECIPE, 'src/chunks.ts'),
    },
    async () => {
      /* eslint-disable @typescript-eslint/no-require-imports -- required after the recipe's modules are registered, so they see them */
      const { createChunks } = require('../../src/chunks') as typeof import('../../src/chunks');
      const { startLanguages } = require('../../src/i18n/start') as typeof import('../../src/i18n/start');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const chunks = createChunks();
      expect(Object.keys(chunks.languages)).toContain('it');
      // What the recipe's catalogue lacks, English's two parts fill here: a real catalogue has every key.
      const loaders = { ...chunks.languages, it: { load: () => (chunks.languages['it' as 'en']?.load() ?? Promise.reject(new Error('no loader'))).then((m) => ({ default: { ...english, ...m.default } as Catalogue })) } };
      const storage = new Map<string, string>();
      const languages = startLanguages({
        settings: { offered: ['en', 'it' as 'en'], default: 'en' },
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
        host: { navigator: { languages: ['it-IT', 'en'] } },
        loaders,
      });
      expect(languages.wanted).toBe('it');
      return languages.first;
    },
    // Not isolated: the catalogue's chunk is asked for after this returns, and must still find the recipe's module.
  );
  expect(words.language).toBe('it');
  expect(words.t('header.connect')).toBe('Connetti wallet');
  expect(words.t('overview.with', { wallet: 'MetaMask' })).toBe('Con MetaMask');
  expect(words.t('header.pending', { count: 1 })).toBe('1 transazione in sospeso');
  expect(words.t('header.pending', { count: 3 })).toBe('3 transazioni in sospeso');
  expect(words.amount('10000.5')).toBe('10.000,5');
});
