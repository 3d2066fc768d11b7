// The whole app rendered into jsdom (Testing Library) on a given store, as src/app/render.tsx mounts it.
import { render } from '@testing-library/react';
import type { App } from '../../src/app/App';
import { AppRoot } from '../../src/app/render';
import type { ChainTable } from '../../src/lib/chains';
import type { AppStore } from '../../store/types';

export function renderApp(store: AppStore, chains: ChainTable, props: Parameters<typeof App>[0] = {}) {
  return render(<AppRoot store={store} chains={chains} {...props} />);
}
