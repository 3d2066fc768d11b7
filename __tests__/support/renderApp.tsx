// The whole app rendered into jsdom (Testing Library) on a given store, as src/app/render.tsx mounts it.
import { render } from '@testing-library/react';
import { AppRoot } from '../../src/app/render';
import type { UiParts } from '../../src/features/parts';
import type { ChainTable } from '../../src/lib/chains';
import type { AppStore } from '../../store/types';

export function renderApp(store: AppStore, chains: ChainTable, parts?: UiParts) {
  return render(<AppRoot store={store} chains={chains} {...(parts ? { parts } : {})} />);
}
