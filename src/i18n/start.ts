// The page's language at start and when the user picks another (docs/behaviour.md §14): English is in
// the first script; any other language's catalogue is a chunk of its own (src/chunks.ts), and the first
// screen waits for it, at most START_WAIT_MS, so that no English word shows first. After that wait
// the page starts in English and turns to the language the moment its chunk arrives.
import type { KeyValueStorage } from '../lib/persistence';
import type { Catalogue } from './catalogue';
import { en } from './catalogues/en';
import { browserLanguages, chooseLanguage, formatLocale, loadLanguageChoice, saveLanguageChoice, type LanguageSettings } from './choose';
import { SOURCE_LANGUAGE, type LanguageCode } from './languages';
import { createWords, type Words } from './words';

/** How long the first screen waits for a language's chunk before it starts in English. */
export const START_WAIT_MS = 3000;

/** A language's chunk as the one loader gives it (src/chunks.ts). */
export type CatalogueLoaders = Partial<Record<LanguageCode, { load(): Promise<{ default: Catalogue }> }>>;

export interface Languages {
  /** The languages the control offers, English's included when the deployment offers it. */
  offered: readonly LanguageCode[];
  /** The language the page should speak (the first words may be English's, still waiting for it). */
  wanted: LanguageCode;
  /** The words the first screen shows. */
  first: Promise<Words>;
  /** Loads a language (rejects when its chunk cannot load), remembers it, and sets <html lang dir>. */
  choose(language: LanguageCode): Promise<Words>;
  /** The same without remembering it: the language asked for at start, arriving late. */
  arrive(language: LanguageCode): Promise<Words>;
}

interface Start {
  settings: LanguageSettings;
  storage: KeyValueStorage;
  host: unknown;
  loaders: CatalogueLoaders;
  waitMs?: number;
}

/** `<html lang dir>` follow the words on screen. */
function applyToDocument(host: unknown, words: Words): void {
  const root = (host as { document?: Document } | undefined)?.document?.documentElement;
  if (!root) return;
  root.lang = words.language;
  root.dir = words.dir;
}

export function startLanguages({ settings, storage, host, loaders, waitMs = START_WAIT_MS }: Start): Languages {
  const browser = browserLanguages(host);
  const offered = settings.offered.filter((code) => code === SOURCE_LANGUAGE || loaders[code] !== undefined);
  const wanted = chooseLanguage({ offered, default: offered.includes(settings.default) ? settings.default : SOURCE_LANGUAGE }, browser, loadLanguageChoice(storage));
  const english: Words = createWords(SOURCE_LANGUAGE, en, formatLocale(SOURCE_LANGUAGE, browser));
  const load = (language: LanguageCode): Promise<Words> => {
    if (language === SOURCE_LANGUAGE) return Promise.resolve(english);
    const loader = loaders[language];
    if (!loader) return Promise.reject(new Error(`No catalogue for ${language}`));
    return loader.load().then((module) => createWords(language, module.default, formatLocale(language, browser)));
  };
  const show = (words: Words) => {
    applyToDocument(host, words);
    return words;
  };
  const bounded = new Promise<Words>((resolve) => {
    const timer = setTimeout(() => resolve(english), waitMs);
    load(wanted).then(
      (words) => {
        clearTimeout(timer);
        resolve(words);
      },
      () => {
        clearTimeout(timer);
        resolve(english);
      },
    );
  });
  return {
    offered,
    wanted,
    first: bounded.then(show),
    arrive: (language) => load(language).then(show),
    choose: (language) =>
      load(language).then((words) => {
        saveLanguageChoice(storage, language);
        return show(words);
      }),
  };
}
