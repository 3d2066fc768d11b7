// The whole app rendered into jsdom (Testing Library) on a given store, as src/app/render.tsx mounts it.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createChunks } from '../../src/chunks';
import { AppRoot } from '../../src/app/render';
import { PartsProvider, type UiParts } from '../../src/features/parts';
import { ChainsProvider } from '../../src/ui/chainsContext';
import type { ChainTable } from '../../src/lib/chains';
import type { AppStore } from '../../store/types';

export function renderApp(store: AppStore, chains: ChainTable, parts?: UiParts) {
  return render(<AppRoot store={store} chains={chains} {...(parts ? { parts } : {})} />);
}

/** Some of the page's parts rendered with what the page gives them: the store, the chain table, the later parts. */
export function renderInPage(store: AppStore, chains: ChainTable, parts: ReactNode) {
  return render(
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <PartsProvider value={createChunks()}>{parts}</PartsProvider>
      </ChainsProvider>
    </Provider>,
  );
}
