// The React half of the composition root (see src/main.tsx): mounts the app on #root.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { ChainTable } from '../lib/chains';
import type { AppStore } from '../../store/types';
import { App } from './App';
import { createChunks } from '../chunks';
import { PartsProvider, type UiParts } from '../features/parts';
import { ChainsProvider } from '../ui/chainsContext';
import { PartBoundary } from '../ui/PartBoundary';
import './styles.css';

/**
 * The app with what it reads from: the store, the chain table and the later parts (the app's one
 * loader: src/chunks.ts; its own when none is given). The tests render this too.
 */
export function AppRoot({ store, chains, parts }: { store: AppStore; chains: ChainTable; parts?: UiParts }) {
  const [own] = useState(() => parts ?? createChunks());
  return (
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <PartsProvider value={parts ?? own}>
          <App />
        </PartsProvider>
      </ChainsProvider>
    </Provider>
  );
}

export function renderApp(store: AppStore, chains: ChainTable, parts: UiParts): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      {/* Whatever throws outside App's own boundary still leaves a reason and Reload, not a blank page. */}
      <PartBoundary what="Walletdeck">
        <AppRoot store={store} chains={chains} parts={parts} />
      </PartBoundary>
    </StrictMode>,
  );
}
