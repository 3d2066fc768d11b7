// docs/recipes/add-a-wallet-kind.md, step by step: the recipe's kind (src/lib/connectors/toy/, with a
// build setting), its id and its line in the registry, run as those files; its setting checked and
// baked in as the build does (scripts/buildEnv.ts) and read as the page does (src/config.ts); the page
// rendered as src/app/render.tsx mounts it, a faithful in-process wallet on `window.toyWallet`,
// connected through the connect dialog. So what the steps change outside the kind's folder is all the
// kind needs: counted here (at most 3 files, tests included), and the central files (configuration,
// build, KindConfig) name no kind. And the recipe names every file that names a kind: one that is not
// named (a new list of kinds, a kind-specific branch) fails here until the recipe names it too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type * as BuildEnv from '../../scripts/buildEnv';
import type * as ChainConfig from '../../src/lib/chainConfig';
import type { ChainTable } from '../../src/lib/chains';
import type * as ConfigModule from '../../src/config';
import type * as WalletAppModule from '../../src/walletApp';
import type { AppStore } from '../../store/types';
import type * as FakeProviderModule from '../support/fakeProvider';
import { WAIT_MS } from '../support/lifecycle';
import { block, patchedBy, recipeBlocks, ROOT, withModules } from './recipeDoc';

const RECIPE = 'add-a-wallet-kind';
const recipe = readFileSync(path.join(ROOT, 'docs/recipes', `${RECIPE}.md`), 'utf8');

/** The files the recipe writes or changes, each as it is after the recipe: new files whole, others patched. */
const RECIPE_FILES = Object.fromEntries(
  [...new Set(recipeBlocks(RECIPE).map((b) => b.file))].map((file) => [file, existsSync(path.join(ROOT, file)) ? patchedBy(RECIPE, file) : block(RECIPE, file)]),
);

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = path.posix.join(folder, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

// The kinds are the registry's folders (read from disk: the test loads none of the app before the recipe's files).
const KIND_FOLDERS = readdirSync(path.join(ROOT, 'src/lib/connectors')).filter((name) => statSync(path.join(ROOT, 'src/lib/connectors', name)).isDirectory());
// A kind named as a value ('coinbase'), as a key (coinbase:) or imported from its folder, outside the kinds' own folders.
const own = new RegExp(`^src/lib/connectors/(${KIND_FOLDERS.join('|')})/`);
const names = new RegExp(`'(${KIND_FOLDERS.join('|')})'|\\b(${KIND_FOLDERS.join('|')}): |from '[./a-z]*/(${KIND_FOLDERS.join('|')})'`);
const naming = ['src', 'store', 'sagas'].flatMap(sources).filter((file) => !own.test(file) && names.test(readFileSync(path.join(ROOT, file), 'utf8')));
// Every kind's build settings, read from their folders before the recipe's modules are registered.
const KIND_SETTINGS = KIND_FOLDERS.flatMap((kind) => {
  const file = path.join(ROOT, 'src/lib/connectors', kind, 'buildSettings.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each kind's module, found by its folder
  return existsSync(file) ? Object.keys((require(file) as { buildSettings: object }).buildSettings) : [];
});
const CENTRAL = ['src/lib/connectors/kind.ts', 'src/config.ts', 'webpack.config.ts', 'scripts/buildEnv.ts', 'scripts/kindCsp.ts', 'scripts/kindModules.ts'];

describe('the recipe, step by step', () => {
  const savedEnv = { ...process.env };
  let app: WalletAppModule.WalletApp | undefined;

  afterEach(() => {
    cleanup();
    app?.stop();
    app = undefined;
    delete (window as { toyWallet?: unknown }).toyWallet;
    localStorage.clear();
    jest.restoreAllMocks();
    process.env = { ...savedEnv };
  });

  it('the new kind is checked and baked in by the build with its setting, has its row in the connect dialog, and connecting with it shows the wallet\'s account', async () => {
    // Every module loaded from here on sees the recipe's files: the test loaded none that imports them before.
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the recipe's modules are registered */
    const loaded = withModules(RECIPE_FILES, () => ({
      AppRoot: (require('../../src/app/render') as { AppRoot: ComponentType<{ store: AppStore; chains: ChainTable }> }).AppRoot,
      createWalletApp: (require('../../src/walletApp') as typeof WalletAppModule).createWalletApp,
      buildChains: (require('../../src/lib/chainConfig') as typeof ChainConfig).buildChains,
      buildEnv: require('../../scripts/buildEnv') as typeof BuildEnv,
      loadConfig: (require('../../src/config') as typeof ConfigModule).loadConfig,
      FakeEip1193Provider: (require('../support/fakeProvider') as typeof FakeProviderModule).FakeEip1193Provider,
    }));
    /* eslint-enable @typescript-eslint/no-require-imports */
    // The build checks the kind's setting with its own, and names it when it is wrong.
    expect(loaded.buildEnv.BUILD_ENV_NAMES).toContain('TOY_WALLET');
    expect(loaded.buildEnv.checkBuildEnv({ TOY_WALLET: 'yes' })).toEqual(['TOY_WALLET="yes" is invalid: expected one of on, off.']);
    // What webpack.config.ts bakes in (the checked chain table; the kinds' settings that are set), read as the page reads it.
    const { built } = loaded.buildChains();
    if (!built) throw new Error('the default chain table builds');
    const configFrom = (env: Record<string, string>) => {
      Object.assign(process.env, { WALLETDECK_CHAIN_DATA: JSON.stringify(built), WALLETDECK_KIND_SETTINGS: JSON.stringify(loaded.buildEnv.kindSettingValues(env)) });
      return loaded.loadConfig();
    };
    // The kinds not configured in this build say so on the console; that is not under test here.
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    // Without the setting the kind is not offered; `TOY_WALLET=on` offers it.
    const off = loaded.createWalletApp({ config: configFrom({}), host: window, rpc: null });
    // (The kind's id is the recipe's, not one TypeScript knows here.)
    expect((off.store.getState().wallet.kinds as Record<string, { available: boolean } | undefined>)['toy']?.available).toBe(false);
    off.stop();
    // The extension is in this browser, on Ethereum, with one account, and approves the connection.
    const wallet = new loaded.FakeEip1193Provider({ chainId: 1, accounts: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] });
    (window as { toyWallet?: unknown }).toyWallet = wallet;
    app = loaded.createWalletApp({ config: configFrom({ TOY_WALLET: ' on ' }), host: window, rpc: null });
    render(<loaded.AppRoot store={app.store} chains={built.chains} />);

    // The header's control (Sign and send offers a "Connect wallet" of its own).
    fireEvent.click(await screen.findByTestId('connect-button', {}, { timeout: WAIT_MS }));
    const dialog = await screen.findByTestId('connect-dialog', {}, { timeout: WAIT_MS });
    const installed = within(dialog).getByRole('region', { name: 'Installed' });
    const row = within(within(installed).getByTestId('card-toy')).getByRole('button', { name: /^Connect Toy Wallet/ });
    expect(row.textContent).toContain('Browser extension');
    fireEvent.click(row);

    const account = within(await screen.findByTestId('account-button', {}, { timeout: WAIT_MS })).getByTestId('account');
    expect(account.getAttribute('data-address')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(wallet.count('eth_requestAccounts')).toBe(1);
  });
});

describe('a kind is its folder and at most 3 files outside it, tests included', () => {
  const FOLDER = 'src/lib/connectors/toy/';
  // What the kind needs outside its folder: the files the recipe's steps change (the test above runs
  // exactly those, its build setting included, and the kind works), and its own unit test.
  const needed = [...Object.keys(RECIPE_FILES).filter((file) => !file.startsWith(FOLDER)), '__tests__/unit/<kind>Kind.test.ts'];
  // The recipe's own list of the files outside the folder, as it states it to the reader.
  const stated = /^Files outside the kind's folder: (.*)\.$/m.exec(recipe)?.[1]?.split(', ').map((name) => name.replace(/`/g, ''));

  it('needs at most 3 files outside its folder, tests included, and the recipe says which', () => {
    expect(Object.keys(RECIPE_FILES)).toEqual(expect.arrayContaining([`${FOLDER}index.ts`, `${FOLDER}buildSettings.ts`]));
    expect(needed.length).toBeLessThanOrEqual(3);
    expect(stated).toBeDefined();
    expect([...stated!].sort()).toEqual([...needed].sort());
  });

  // Where every kind's settings, ids and hosts meet: each takes them from the kinds' folders.
  it.each(CENTRAL)('%s names no kind and no kind\'s setting', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(text).not.toMatch(names);
    for (const setting of KIND_SETTINGS) expect(text).not.toMatch(new RegExp(`\\b${setting}\\b`));
  });
});

describe('the recipe names every file that names a kind', () => {
  it('finds the places that name a kind (the check itself is not empty)', () => {
    expect(KIND_FOLDERS).toEqual(expect.arrayContaining(['injected', 'coinbase', 'walletconnect']));
    expect(naming).toEqual(expect.arrayContaining(['src/lib/connectors/registry.ts']));
  });

  it.each(naming)('the recipe names %s', (file) => {
    expect(recipe).toContain(`\`${file}\``);
  });
});
