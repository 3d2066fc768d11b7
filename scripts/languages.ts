// The deployment's languages (docs/behaviour.md §14.2), checked at build like every other setting:
// WALLETDECK_LANGUAGES, the languages the control offers (codes separated by commas or spaces; each
// must have its catalogue, src/i18n/catalogues/<code>.ts), and WALLETDECK_DEFAULT_LANGUAGE, the one a
// browser that asks for none of them gets (one of the list). Unset: every language with a catalogue
// (the pseudo-locale only in development) and English.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LanguageSettings } from '../src/i18n/choose';
import { isLanguageCode, LANGUAGE_CODES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, type LanguageCode } from '../src/i18n/languages';
import type { SettingRule } from '../src/lib/settingRules';

const root = path.resolve(__dirname, '..');

/** The languages whose catalogue exists, in the list's order. */
export function cataloguedLanguages(folder = path.join(root, 'src/i18n/catalogues')): LanguageCode[] {
  return LANGUAGE_CODES.filter((code) => existsSync(path.join(folder, `${code === PSEUDO_LANGUAGE ? 'pseudo' : code}.ts`)));
}

const codes = (value: string) => value.split(/[\s,]+/).filter((code) => code !== '');
const known = (code: string): code is LanguageCode => isLanguageCode(code) && cataloguedLanguages().includes(code);
const expected = () => `language codes among ${cataloguedLanguages().join(', ')} (the languages with a catalogue), separated by commas`;

export const LANGUAGE_RULES: Record<'WALLETDECK_LANGUAGES' | 'WALLETDECK_DEFAULT_LANGUAGE', SettingRule> = {
  WALLETDECK_LANGUAGES: {
    get expected() {
      return expected();
    },
    valid: (value) => codes(value).length > 0 && codes(value).every(known) && new Set(codes(value)).size === codes(value).length,
  },
  WALLETDECK_DEFAULT_LANGUAGE: {
    get expected() {
      return `one language code among ${cataloguedLanguages().join(', ')}, and one of WALLETDECK_LANGUAGES when that is set`;
    },
    valid: known,
  },
};

const set = (raw: string | undefined) => (raw === undefined || raw.trim() === '' ? undefined : raw.trim());

/** The settings the page is built with, and what is wrong with them (each problem names its variable). */
export function readLanguageSettings(env: Record<string, string | undefined>, { development }: { development: boolean }): { settings: LanguageSettings; problems: string[] } {
  const listed = set(env['WALLETDECK_LANGUAGES']);
  const chosenDefault = set(env['WALLETDECK_DEFAULT_LANGUAGE']);
  const offered: LanguageCode[] = listed !== undefined ? codes(listed).filter(known) : cataloguedLanguages().filter((code) => development || code !== PSEUDO_LANGUAGE);
  const fallback: LanguageCode = chosenDefault !== undefined && isLanguageCode(chosenDefault) ? chosenDefault : offered.includes(SOURCE_LANGUAGE) ? SOURCE_LANGUAGE : (offered[0] ?? SOURCE_LANGUAGE);
  const problems: string[] = [];
  if (chosenDefault !== undefined && known(chosenDefault) && !offered.includes(chosenDefault))
    problems.push(`WALLETDECK_DEFAULT_LANGUAGE=${JSON.stringify(chosenDefault)} is invalid: expected one of WALLETDECK_LANGUAGES (${offered.join(', ')}).`);
  return { settings: { offered, default: fallback }, problems };
}
