// The words of a later chunk (the dialogs, Sign and send): its components take them from here, which
// brings English's second part (./catalogues/en.later.ts) with their chunk and never into the first
// script (docs/architecture.md's chunk table checks it). Any other language's catalogue already holds
// every key; English's first part is completed with the second.
import { useMemo } from 'react';
import type { Catalogue } from './catalogue';
import { en } from './catalogues/en';
import { enLater } from './catalogues/en.later';
import { useWords } from './react';
import { createWords, type Words } from './words';

const LATER_KEYS = Object.keys(enLater);

/** English's whole catalogue: the default of the plain modules of later chunks that say something. */
export const englishLater: Words = createWords('en', { ...en, ...enLater });

/**
 * The completed words of each language's words, made once: every component of a later chunk asks, and
 * each would otherwise build its own (a copy of the catalogue and new Intl formatters, on every mount).
 * A memo of a pure function, keyed by the words object (gone with it), never state a chunk changes.
 */
const completed = new WeakMap<Words<never>, Words>();

/** `words` with every key: its own catalogue first, English's second part for what it lacks. */
export function withLaterWords(words: Words<never>): Words {
  const known = completed.get(words);
  if (known) return known;
  // Complete already (a language other than English, or English once every later key is here); a
  // deployer's override of one later key (./overrides.ts) does not make English's first part complete.
  const whole = LATER_KEYS.every((key) => key in words.catalogue) ? (words as Words) : createWords(words.language, { ...enLater, ...words.catalogue } as Catalogue, words.locale);
  completed.set(words, whole);
  return whole;
}

export function useLaterWords(): Words {
  const words = useWords();
  return useMemo(() => withLaterWords(words), [words]);
}
