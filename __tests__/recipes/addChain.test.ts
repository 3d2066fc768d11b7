// docs/recipes/add-a-chain.md, step by step: the deployer's chain file (A) and the default table (B).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readChainSettings } from '../../scripts/chainSettings';
import { contentSecurityPolicy } from '../../scripts/csp';
import { loadConfig } from '../../src/config';
import type { BuiltChains } from '../../src/lib/chainConfig';
import { chainIds, offeredChainIds } from '../../src/lib/chains';
import { CONNECTION_IDS } from '../../src/lib/connectors/types';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import { chainApi } from '../../store/chainApi';
import { rpcApi } from '../../store/rpcApi';
import { selectPageView } from '../../store/viewedChain';
import { rpc, startAnvil, type Anvil } from '../support/anvil';
import { setUp, tearDown } from '../support/lifecycle';
import { until } from '../support/wait';
import { block, patchedBy, withModules } from './recipeDoc';

const RECIPE = 'add-a-chain';

let folder: string;
let gnosis: Anvil;
const apps: WalletApp[] = [];
const savedChainData = process.env.WALLETDECK_CHAIN_DATA;

setUp(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'recipe-chain-'));
  gnosis = await startAnvil({ chainId: 100 });
});
afterEach(() => {
  for (const app of apps.splice(0)) {
    app.stop();
    // Clears RTK Query's timers for unused entries, which would keep jest waiting a minute.
    app.store.dispatch(rpcApi.util.resetApiState());
  }
  process.env.WALLETDECK_CHAIN_DATA = savedChainData;
});
tearDown(() => [gnosis, () => folder && rmSync(folder, { recursive: true, force: true })]);

/** Step A.1 and A.2: the recipe's file, checked by the build as `npm start` checks it, then the app as the page loads it. */
function buildWith(text: string) {
  const file = path.join(folder, 'chains.json');
  writeFileSync(file, text);
  const result = readChainSettings({ WALLETDECK_CHAINS: file }, { development: false });
  expect(result.problems).toEqual([]);
  const built = result.built as BuiltChains;
  // What webpack's DefinePlugin bakes in, read by src/config.ts.
  process.env.WALLETDECK_CHAIN_DATA = JSON.stringify(built);
  return { built, config: loadConfig() };
}

describe('A. the chain file', () => {
  it('the recipe file is accepted, every kind offers Gnosis and it is the chain shown before a wallet connects', () => {
    const { config } = buildWith(block(RECIPE, 'chains.json'));
    const app = createWalletApp({ config, rpc: null });
    apps.push(app);
    const state = app.store.getState();
    for (const kind of CONNECTION_IDS) expect(offeredChainIds(config.chains, state.wallet.allowedChainIds[kind])).toEqual([1, 8453, 100]);
    expect(config.chains[100]?.name).toBe('Gnosis');
    expect(selectPageView(state, config.chains).dataChainId).toBe(100);
    // The production policy lets the page reach its endpoints.
    const policy = contentSecurityPolicy({ rpcUrls: Object.values(config.chains).flatMap((chain) => chain.rpcUrls) }).header;
    expect(policy).toContain('https://rpc.gnosischain.com');
  });

  it('with its URL pointed at a node of that chain, the app reads Gnosis before any wallet connects', async () => {
    const recipe = JSON.parse(block(RECIPE, 'chains.json')) as { chains: (number | { id: number; rpcUrls: string[] })[] };
    // The recipe's file as it is, but this machine is offline: its Gnosis is a local node with chain id 100.
    const local = { ...recipe, chains: recipe.chains.map((entry) => (typeof entry === 'object' && entry.id === 100 ? { ...entry, rpcUrls: [gnosis.url] } : entry)) };
    const { config } = buildWith(JSON.stringify(local));
    const app = createWalletApp({ config });
    apps.push(app);
    const latest = parseInt(await rpc<string>(gnosis.url, 'eth_blockNumber'), 16);
    const shown = await until(() => chainApi.endpoints.getBlockNumber.select(100)(app.store.getState()).data);
    expect(shown).toBeGreaterThanOrEqual(latest);
  });
});

describe('B. the default table', () => {
  const file = 'src/lib/chainDefaults.ts';
  // Step B.1 applied to the source (the file itself is not touched), and the build's modules loaded over it.
  function withRecipe<T>(use: (modules: { chainConfig: typeof import('../../src/lib/chainConfig'); defaults: typeof import('../../src/lib/chainDefaults') }) => T): T {
    return withModules(
      { [file]: patchedBy(RECIPE, file) },
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded over the recipe's patched chainDefaults
      () => use({ chainConfig: require('../../src/lib/chainConfig'), defaults: require('../../src/lib/chainDefaults') }),
      { isolated: true },
    );
  }

  it('the new seed is a default chain, in its place, offered to every kind', () => {
    withRecipe(({ chainConfig, defaults }) => {
      expect(defaults.DEFAULT_CHAIN_IDS.slice(-2)).toEqual([59144, 85]);
      const { built } = chainConfig.buildChains();
      if (!built) throw new Error('the defaults build');
      expect(built.chains[59144]).toMatchObject({ name: 'Linea', nativeCurrency: { symbol: 'ETH', decimals: 18 }, blockExplorerUrls: ['https://lineascan.build'] });
      expect(chainIds(built.chains).indexOf(59144)).toBe(chainIds(built.chains).indexOf(85) - 1);
      for (const kind of CONNECTION_IDS) expect(built.allowedChainIds[kind]).toContain(59144);
    });
  });

  it('a chain file may then name it by its id alone', () => {
    withRecipe(({ chainConfig }) => {
      const result = chainConfig.buildChains({ file: { label: 'chains.json', text: '{ "chains": [59144, 1] }' } });
      expect(result.problems).toEqual([]);
      expect(result.built?.chains[59144]?.rpcUrls).toEqual(['https://rpc.linea.build', 'https://linea-rpc.publicnode.com']);
    });
  });
});
