// docs/behaviour.md §14.2: the deployer's own words (WALLETDECK_STRINGS), checked at build and laid
// over the catalogue of their language wherever words are made: the first screen's, a later chunk's,
// a language that arrives late.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readStringOverrides } from '../../scripts/strings';
import type { Catalogue } from '../../src/i18n/catalogue';
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import { withLaterWords } from '../../src/i18n/later';
import type { LanguageCode } from '../../src/i18n/languages';
import { pseudoCatalogue } from '../../src/i18n/pseudo';
import { createWords } from '../../src/i18n/words';

const folder = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-strings-'));
let files = 0;
/** A strings file with this content; its absolute path (the setting is relative to the project folder, or absolute). */
function stringsFile(content: unknown): string {
  const file = path.join(folder, `strings-${++files}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}
const OFFERED: LanguageCode[] = ['en', 'en-XA'];
const read = (content: unknown) => {
  const file = stringsFile(content);
  const { overrides, problems } = readStringOverrides({ WALLETDECK_STRINGS: file }, OFFERED);
  return { overrides, problems: problems.map((p) => p.replace(`WALLETDECK_STRINGS=${file}: `, '')) };
};

describe('WALLETDECK_STRINGS, checked at build', () => {
  it('unset or blank: no overrides', () => {
    expect(readStringOverrides({}, OFFERED)).toEqual({ overrides: {}, problems: [] });
    expect(readStringOverrides({ WALLETDECK_STRINGS: '  ' }, OFFERED)).toEqual({ overrides: {}, problems: [] });
  });

  it('a sentence and plural forms with English placeholders are taken as they are', () => {
    const content = { en: { 'header.connect': 'Log in with your wallet', 'overview.with': 'Using {wallet}', 'header.pending': { one: 'One on its way', other: '{count} on their way' } } };
    expect(read(content)).toEqual({ overrides: content, problems: [] });
  });

  it('names every wrong line: a language not offered, a key not in the catalogue, another placeholder, a sentence for plural forms, empty, too long, a direction mark', () => {
    const { overrides, problems } = read({
      de: { 'header.connect': 'Wallet verbinden' },
      en: {
        'header.connectt': 'Connect',
        'overview.with': 'With {walet}',
        'header.pending': 'pending',
        'header.balance': ' ',
        'header.connecting': 'x'.repeat(501),
        'header.reconnecting': 'Reconnecting\u202e…',
      },
    });
    expect(overrides).toEqual({});
    expect(problems).toEqual([
      '"de" is not a language this build offers (en, en-XA).',
      'en "header.connectt" is not a key of the catalogue.',
      'en "overview.with" has {walet} where English has {wallet}.',
      'en "header.pending" must be plural forms, as in English.',
      'en "header.balance" is empty.',
      'en "header.connecting" is longer than 500 characters.',
      'en "header.reconnecting" holds a control or text-direction character.',
    ]);
  });

  it('a file that is not there, not JSON, or not an object of languages stops the build, named', () => {
    expect(readStringOverrides({ WALLETDECK_STRINGS: 'no/such/strings.json' }, OFFERED).problems).toEqual([`WALLETDECK_STRINGS=no/such/strings.json: cannot be read (expected a JSON file at ${path.resolve(__dirname, '../..', 'no/such/strings.json')}).`]);
    expect(read('{ "en": ').problems).toEqual([expect.stringMatching(/^is not JSON \(.+\)\.$/)]);
    expect(read(['en']).problems).toEqual(['expected an object of language codes, each an object of catalogue keys and their words.']);
    expect(read({ en: 'Connect' }).problems).toEqual(['"en" must be an object of catalogue keys and their words.']);
  });
});

describe('the overrides, wherever words are made', () => {
  const overrides = { en: { 'header.connect': 'Log in with your wallet', 'menu.title': 'Your wallet', 'header.pending': { one: 'One on its way', other: '{count} on their way' } } };

  it("replace the catalogue's words in their language, plurals chosen as for any message", () => {
    const words = createWords('en', en, 'en', overrides);
    expect(words.t('header.connect')).toBe('Log in with your wallet');
    expect(words.t('header.pending', { count: 1 })).toBe('One on its way');
    expect(words.t('header.pending', { count: 3 })).toBe('3 on their way');
    expect(words.t('header.connecting')).toBe('Connecting…');
    // Another language keeps its own words.
    const pseudo = createWords('en-XA', pseudoCatalogue({ ...en, ...enLater } as Catalogue), 'en', overrides);
    expect(pseudo.t('header.connect')).toMatch(/^⟦Çôññèçţ/);
  });

  it("an override of a later key leaves English's first part waiting for the rest, and the later words keep it", () => {
    const first = createWords('en', en, 'en', overrides);
    const later = withLaterWords(first);
    expect(later.t('menu.title')).toBe('Your wallet');
    // Every other later key is English's own, not a missing key shown as its name.
    const another = (Object.keys(enLater) as Array<keyof typeof enLater>).find((key) => key !== 'menu.title' && typeof enLater[key] === 'string' && !enLater[key].includes('{'));
    expect(another).toBeDefined();
    expect(later.t(another as 'dialog.close')).toBe(enLater[another as 'dialog.close']);
  });
});
