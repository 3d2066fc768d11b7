// The words as React components take them: useWords() gives `t`, the locale and its formats;
// useLanguageChoice() the language control's list and its choice. The composition root provides both
// (src/app/render.tsx); without a provider (a component rendered alone in a test) the words are English.
import { createContext, Fragment, useContext, type ReactNode } from 'react';
import type { FirstKey, MessageKey, Placeholders } from './catalogue';
import { english } from './english';
import type { LanguageCode } from './languages';
import type { Words } from './words';

const WordsContext = createContext<Words<FirstKey>>(english);
export const WordsProvider = WordsContext.Provider;
/** The words of the first script's components; a later chunk's take theirs from useLaterWords (./later.ts). */
export const useWords = (): Words<FirstKey> => useContext(WordsContext);

export interface LanguageChoice {
  offered: readonly LanguageCode[];
  language: LanguageCode;
  /** The language being loaded after a choice, until it shows. */
  loading: LanguageCode | undefined;
  /** Why the last choice could not load (its chunk), until the next choice. */
  failed: LanguageCode | undefined;
  choose(language: LanguageCode): void;
}

const ChoiceContext = createContext<LanguageChoice | undefined>(undefined);
export const LanguageChoiceProvider = ChoiceContext.Provider;
/** Undefined where the page offers no choice (one language, or no provider). */
export const useLanguageChoice = (): LanguageChoice | undefined => useContext(ChoiceContext);

/**
 * A sentence whose placeholders hold elements (an address in <bdi>, a link, a name in <strong>), in
 * the language's own word order.
 */
export function Sentence<K extends MessageKey>({ words, id, values }: { words: Words<NoInfer<K>>; id: K; values: { readonly [P in Placeholders<K>]: P extends 'count' ? number : ReactNode } }) {
  return (
    <>
      {words.parts<K, ReactNode>(id, values as never).map((piece, i) => (
        <Fragment key={i}>{piece}</Fragment>
      ))}
    </>
  );
}
