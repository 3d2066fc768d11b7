// The React half of the composition root (see src/main.tsx): mounts the app on #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { ChainTable } from '../lib/chains';
import type { AppStore } from '../../store/types';
import { App } from './App';
import { ChainsProvider } from '../ui/chainsContext';
import { PartBoundary } from '../ui/lazyPart';
import './styles.css';

/** The app with what it reads from: the store and the chain table (the tests render this too). */
export function AppRoot({ store, chains, ...props }: { store: AppStore; chains: ChainTable } & Parameters<typeof App>[0]) {
  return (
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <App {...props} />
      </ChainsProvider>
    </Provider>
  );
}

export function renderApp(store: AppStore, chains: ChainTable): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      {/* Whatever throws outside App's own boundary still leaves a reason and Reload, not a blank page. */}
      <PartBoundary what="Walletdeck">
        <AppRoot store={store} chains={chains} />
      </PartBoundary>
    </StrictMode>,
  );
}
