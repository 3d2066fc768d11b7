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

/** `words` with every key: its own catalogue first, English's second part for what it lacks. */
export function withLaterWords(words: Words<never>): Words {
  // Complete already (a language other than English, or English once every later key is here); a
  // deployer's override of one later key (./overrides.ts) does not make English's first part complete.
  if (LATER_KEYS.every((key) => key in words.catalogue)) return words as Words;
  return createWords(words.language, { ...enLater, ...words.catalogue } as Catalogue, words.locale);
}

export function useLaterWords(): Words {
  const words = useWords();
  return useMemo(() => withLaterWords(words), [words]);
}
