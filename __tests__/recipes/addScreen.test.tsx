// docs/recipes/add-a-screen.md, step by step: the recipe's component as
// src/features/networks/SupportedNetworks.tsx, mounted by the recipe's lines in src/app/App.tsx,
// the page rendered as src/app/render.tsx mounts it.
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { buildChains } from '../../src/lib/chainConfig';
import type { ChainTable } from '../../src/lib/chains';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import type { AppStore } from '../../store/types';
import { WAIT_MS } from '../support/lifecycle';
import { block, patchedBy, withModules } from './recipeDoc';

const RECIPE = 'add-a-screen';
let app: WalletApp | undefined;

afterEach(() => {
  cleanup();
  app?.stop();
  app = undefined;
});

it('the page shows the new screen, listing the networks the current kind is offered', async () => {
  const AppRoot = withModules(
    {
      'src/features/networks/SupportedNetworks.tsx': block(RECIPE, 'src/features/networks/SupportedNetworks.tsx'),
      'src/app/App.tsx': patchedBy(RECIPE, 'src/app/App.tsx'),
    },
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the recipe's modules are registered
    () => (require('../../src/app/render') as { AppRoot: ComponentType<{ store: AppStore; chains: ChainTable }> }).AppRoot,
  );
  // A deployment that lets the browser wallet connect on Base and Base Sepolia only.
  const { built } = buildChains({ file: { label: 'chains.json', text: JSON.stringify({ chains: [1, 8453, 84532], allowed: { injected: [8453, 84532] } }) } });
  if (!built) throw new Error('the chain file is valid');
  // No chain reads here: the screen reads the table and the store only.
  app = createWalletApp({ config: { ...built, qrCloseIsError: true }, rpc: null });
  render(<AppRoot store={app.store} chains={built.chains} />);
  const section = await screen.findByRole('region', { name: 'Networks on this site' }, { timeout: WAIT_MS });
  expect(within(section).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Base', 'Base Sepolia']);
  // Where step 2 mounts it: in the page's main part, after Sign and send.
  expect(section.closest('main')).not.toBeNull();
});
