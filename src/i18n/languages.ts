// The interface's languages (docs/behaviour.md §14): what each is called in itself, its direction, and
// the tag its chunk is named by. Plain data: the build's check (scripts/languages.ts) reads it too.
// A language is offered only once its catalogue exists (src/i18n/catalogues/<code>.ts, loaded through
// src/chunks.ts): see docs/recipes/add-a-language.md.

export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'pt-BR', 'zh-CN', 'ja', 'ko', 'ar', 'en-XA'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** English ships in the first script; every other language is a chunk of its own. */
export const SOURCE_LANGUAGE = 'en' satisfies LanguageCode;

/** The pseudo-locale (accented, 40 % longer, edges marked): for development and tests. */
export const PSEUDO_LANGUAGE = 'en-XA' satisfies LanguageCode;

export interface LanguageInfo {
  /** Its name in itself, as the language control lists it. */
  name: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: Readonly<Record<LanguageCode, LanguageInfo>> = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  'zh-CN': { name: '简体中文', dir: 'ltr' },
  ja: { name: '日本語', dir: 'ltr' },
  ko: { name: '한국어', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
  'en-XA': { name: 'Ƥşèûđô', dir: 'ltr' },
};

export const isLanguageCode = (value: unknown): value is LanguageCode => typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

/** The name of a language's chunk: "lang-de", "lang-pt-br"; the pseudo-locale's is "lang-pseudo". */
export const languageChunkName = (code: LanguageCode): string => (code === PSEUDO_LANGUAGE ? 'lang-pseudo' : `lang-${code.toLowerCase()}`);
