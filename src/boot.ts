// The page's start, second half: the composition root (connectors, store, sagas, the reads in view,
// the one loader of later chunks, the page's language with its chunk asked for) built on the page's start (./startKinds.ts: the configuration, the
// storage, the kinds' adapters, a returning user's wallet already asked), with no React. src/main.tsx
// evaluates React's modules only after this has run.
import type { PageStart } from './startKinds';
import { createWalletApp } from './walletApp';
import { ENGLISH_ONLY } from './i18n/choose';
import { startLanguages } from './i18n/start';

export function boot(start: PageStart, host: Window = window) {
  const { config, storage, adapters } = start;
  const app = createWalletApp({ config, host, storage, adapters });
  // A language other than English is asked for now, so that its chunk arrives while React's modules evaluate.
  const languages = startLanguages({ settings: config.languages ?? ENGLISH_ONLY, storage: storage.storage, host, loaders: app.chunks.languages });
  return { config, store: app.store, chunks: app.chunks, languages };
}
