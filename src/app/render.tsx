// The React half of the composition root (see src/main.tsx): mounts the app on #root.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { ChainTable } from '../lib/chains';
import type { AppStore } from '../../store/types';
import { App } from './App';
import { createChunks } from '../chunks';
import { PartsProvider, type UiParts } from '../features/parts';
import { ChainsProvider } from '../ui/chainsContext';
import { PartBoundary } from '../ui/PartBoundary';
import { english } from '../i18n/english';
import type { LanguageCode } from '../i18n/languages';
import { LanguageChoiceProvider, WordsProvider, type LanguageChoice } from '../i18n/react';
import type { Languages } from '../i18n/start';
import type { Words } from '../i18n/words';
import './styles.css';

/**
 * The app with what it reads from: the store, the chain table, the later parts (the app's one
 * loader: src/chunks.ts; its own when none is given) and the page's languages (src/i18n/start.ts,
 * with the words the first screen shows; English alone when none are given). The tests render this too.
 */
export function AppRoot({ store, chains, parts, languages, words: first = english }: { store: AppStore; chains: ChainTable; parts?: UiParts; languages?: Languages; words?: Words }) {
  const [own] = useState(() => parts ?? createChunks());
  const [words, setWords] = useState(first);
  const [loading, setLoading] = useState<LanguageCode>();
  const [failed, setFailed] = useState<LanguageCode>();
  // The language asked for at start that missed the first screen's wait: it takes over when it arrives.
  useEffect(() => {
    if (!languages || languages.wanted === first.language) return;
    let current = true;
    languages.arrive(languages.wanted).then(
      (arrived) => current && setWords(arrived),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [languages, first]);
  const choice: LanguageChoice | undefined = languages && {
    offered: languages.offered,
    language: words.language,
    loading,
    failed,
    choose(language) {
      setLoading(language);
      setFailed(undefined);
      languages.choose(language).then(
        (chosen) => {
          setWords(chosen);
          setLoading(undefined);
        },
        () => {
          setFailed(language);
          setLoading(undefined);
        },
      );
    },
  };
  return (
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <PartsProvider value={parts ?? own}>
          <WordsProvider value={words}>
            <LanguageChoiceProvider value={choice}>
              <App />
            </LanguageChoiceProvider>
          </WordsProvider>
        </PartsProvider>
      </ChainsProvider>
    </Provider>
  );
}

/** Mounts the app once the first screen's words are here (English at once; another language within its wait). */
export async function renderApp(store: AppStore, chains: ChainTable, parts: UiParts, languages?: Languages): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const words = languages ? await languages.first : english;
  createRoot(container).render(
    <StrictMode>
      {/* Whatever throws outside App's own boundary still leaves a reason and Reload, not a blank page. */}
      <WordsProvider value={words}>
        <PartBoundary what={words.t('part.walletdeck')}>
          <AppRoot store={store} chains={chains} parts={parts} languages={languages} words={words} />
        </PartBoundary>
      </WordsProvider>
    </StrictMode>,
  );
}
