// Which language the page speaks (docs/behaviour.md §14.2): the user's remembered choice, else the
// first of the browser's languages the deployment offers, else the deployer's default. Everything read
// here is untrusted (site storage, navigator.languages): anything unexpected is ignored.
import { STORAGE_KEYS, type KeyValueStorage } from '../lib/persistence';
import { isLanguageCode, type LanguageCode } from './languages';

/** The deployment's languages, checked at build (scripts/languages.ts). */
export interface LanguageSettings {
  offered: readonly LanguageCode[];
  default: LanguageCode;
}

/** A build that was given no language settings (tests, tools): English alone. */
export const ENGLISH_ONLY: LanguageSettings = { offered: ['en'], default: 'en' };

/** The browser's languages, in its order, as valid tags (at most 20: more is not a browser's). */
export function browserLanguages(host: unknown): string[] {
  try {
    const nav = (host as { navigator?: { languages?: unknown; language?: unknown } } | undefined)?.navigator;
    const listed = Array.isArray(nav?.languages) ? (nav.languages as unknown[]) : [nav?.language];
    return listed
      .filter((tag): tag is string => typeof tag === 'string' && tag.length <= 35)
      .slice(0, 20)
      .flatMap((tag) => {
        try {
          return Intl.getCanonicalLocales(tag);
        } catch {
          return [];
        }
      });
  } catch {
    return [];
  }
}

const base = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';
/** Traditional Chinese readers are not sent to Simplified Chinese by their language alone. */
const traditional = (tag: string) => /^zh-(hant|tw|hk|mo)\b/i.test(tag);

/** The offered language a browser tag asks for: the same tag, else the same language in another region. */
function match(tag: string, offered: readonly LanguageCode[]): LanguageCode | undefined {
  const exact = offered.find((code) => code.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  if (traditional(tag)) return undefined;
  return offered.find((code) => base(code) === base(tag) && code !== 'en-XA');
}

export function chooseLanguage(settings: LanguageSettings, browser: readonly string[], remembered: LanguageCode | undefined): LanguageCode {
  if (remembered !== undefined && settings.offered.includes(remembered)) return remembered;
  for (const tag of browser) {
    const found = match(tag, settings.offered);
    if (found) return found;
  }
  return settings.default;
}

/** The locale numbers and dates follow: the browser's own tag for this language ("de-CH" for German), else the language. */
export function formatLocale(language: LanguageCode, browser: readonly string[]): string {
  if (language === 'en-XA') return 'en';
  return browser.find((tag) => !traditional(tag) && base(tag) === base(language) && (language.includes('-') ? tag.toLowerCase() === language.toLowerCase() : true)) ?? language;
}

export function loadLanguageChoice(storage: KeyValueStorage): LanguageCode | undefined {
  try {
    const raw = storage.getItem(STORAGE_KEYS.language);
    return isLanguageCode(raw) ? raw : undefined;
  } catch {
    return undefined;
  }
}

export function saveLanguageChoice(storage: KeyValueStorage, language: LanguageCode): void {
  try {
    storage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Not remembered: the page keeps the language until it is reloaded.
  }
}
