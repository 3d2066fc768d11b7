// The page's start, second half: the composition root (connectors, store, sagas, the reads in view,
// the one loader of later chunks) built on the page's start (./startKinds.ts: the configuration, the
// storage, the kinds' adapters, a returning user's wallet already asked), with no React. src/main.tsx
// evaluates React's modules only after this has run.
import type { PageStart } from './startKinds';
import { createWalletApp } from './walletApp';

export function boot(start: PageStart, host: Window = window) {
  const { config, storage, adapters } = start;
  const app = createWalletApp({ config, host, storage, adapters });
  return { config, store: app.store, chunks: app.chunks };
}
