/** @jest-environment ./__tests__/support/jsdomWithFetch.js */
// docs/recipes/add-a-chain-read.md, step by step: the recipe's endpoint (store/gasPriceApi.ts), its component
// (src/features/chain/GasPrice.tsx) and its line in src/app/App.tsx, run as those files, the page
// rendered as src/app/render.tsx mounts it, reading a real local node.
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { buildChains } from '../../src/lib/chainConfig';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import { rpcApi } from '../../store/rpcApi';
import type { AppStore } from '../../store/types';
import { formatNativeAmount } from '../../src/features/chain/format';
import { rpc, startAnvil, type Anvil } from '../support/anvil';
import { setUp, tearDown, WAIT_MS } from '../support/lifecycle';
import { block, patchedBy, withModules } from './recipeDoc';

const RECIPE = 'add-a-chain-read';

let node: Anvil;
let app: WalletApp | undefined;

setUp(async () => {
  node = await startAnvil({ chainId: 31337 });
});
afterEach(() => {
  cleanup();
  app?.stop();
  app?.store.dispatch(rpcApi.util.resetApiState());
  app = undefined;
});
tearDown(() => [node]);

type Root = ComponentType<{ store: AppStore; chains: ReturnType<typeof config>['chains'] }>;

function config() {
  // The default table with the local development chain, which is then the chain shown first.
  const { built } = buildChains({ developmentRpcUrl: node.url });
  if (!built) throw new Error('the default table builds');
  return { ...built, qrCloseIsError: true };
}

it('the page shows the chain in view\'s gas price, read by the recipe\'s endpoint', async () => {
  const AppRoot = withModules(
    {
      'store/gasPriceApi.ts': block(RECIPE, 'store/gasPriceApi.ts'),
      'src/features/chain/GasPrice.tsx': block(RECIPE, 'src/features/chain/GasPrice.tsx'),
      'src/app/App.tsx': patchedBy(RECIPE, 'src/app/App.tsx'),
    },
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the recipe's modules are registered
    () => (require('../../src/app/render') as { AppRoot: Root }).AppRoot,
  );
  const settings = config();
  app = createWalletApp({ config: settings });
  render(<AppRoot store={app.store} chains={settings.chains} />);
  const gasPrice = formatNativeAmount(BigInt(await rpc<string>(node.url, 'eth_gasPrice')), 9);
  const line = await screen.findByTestId('gas-price', {}, { timeout: WAIT_MS });
  await screen.findByText(`Gas price on Local development chain: ${gasPrice} gwei`, {}, { timeout: WAIT_MS });
  // Under the overview, as step 3 puts it.
  expect(screen.getByTestId('overview').compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
