// The page's start, first half: the configuration and the composition root (connectors, store,
// sagas, the reads in view, the one loader of later chunks), with no React. src/main.tsx evaluates React's modules only after this has run,
// so a returning user's wallet is asked for its accounts before React's code is even evaluated.
import { loadConfig } from './config';
import { createWalletApp } from './walletApp';

export function boot(host: Window = window) {
  const config = loadConfig();
  const app = createWalletApp({ config, host });
  return { config, store: app.store, chunks: app.chunks };
}
