// The whole app rendered into jsdom (Testing Library) on a given store, as src/app/render.tsx mounts it.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { App } from '../../src/app/App';
import { ChainsProvider } from '../../src/app/chainsContext';
import type { ChainTable } from '../../src/lib/chains';
import type { AppStore } from '../../store/types';

export function renderApp(store: AppStore, chains: ChainTable, props: Parameters<typeof App>[0] = {}) {
  return render(
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <App {...props} />
      </ChainsProvider>
    </Provider>,
  );
}
