// docs/recipes/add-a-wallet-kind.md, step by step: the recipe's kind as src/lib/connectors/toy/index.ts
// and its line in the registry, run as those files; the page rendered as src/app/render.tsx mounts it,
// a faithful in-process wallet on `window.toyWallet`, connected through the connect dialog. A kind
// touches its folder and at most 3 files outside it, tests included: counted here. And the recipe
// names every file that names a kind: one that is not named (a new list of kinds, a kind-specific
// branch) fails here until the recipe names it too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import type * as ChainConfig from '../../src/lib/chainConfig';
import type { ChainTable } from '../../src/lib/chains';
import type * as WalletAppModule from '../../src/walletApp';
import type { AppStore } from '../../store/types';
import type * as FakeProviderModule from '../support/fakeProvider';
import { WAIT_MS } from '../support/lifecycle';
import { block, patchedBy, recipeBlocks, ROOT, withModules } from './recipeDoc';

const RECIPE = 'add-a-wallet-kind';
const recipe = readFileSync(path.join(ROOT, 'docs/recipes', `${RECIPE}.md`), 'utf8');

describe('the recipe, step by step', () => {
  let app: WalletAppModule.WalletApp | undefined;

  afterEach(() => {
    cleanup();
    app?.stop();
    app = undefined;
    delete (window as { toyWallet?: unknown }).toyWallet;
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('the new kind has its row in the connect dialog, and connecting with it shows the wallet\'s account', async () => {
    // Every module loaded from here on sees the recipe's files: the test imports none of the app before.
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded after the recipe's modules are registered */
    const loaded = withModules(
      {
        'src/lib/connectors/toy/index.ts': block(RECIPE, 'src/lib/connectors/toy/index.ts'),
        'src/lib/connectors/types.ts': patchedBy(RECIPE, 'src/lib/connectors/types.ts'),
        'src/lib/connectors/registry.ts': patchedBy(RECIPE, 'src/lib/connectors/registry.ts'),
      },
      () => ({
        AppRoot: (require('../../src/app/render') as { AppRoot: ComponentType<{ store: AppStore; chains: ChainTable }> }).AppRoot,
        createWalletApp: (require('../../src/walletApp') as typeof WalletAppModule).createWalletApp,
        buildChains: (require('../../src/lib/chainConfig') as typeof ChainConfig).buildChains,
        FakeEip1193Provider: (require('../support/fakeProvider') as typeof FakeProviderModule).FakeEip1193Provider,
      }),
    );
    /* eslint-enable @typescript-eslint/no-require-imports */
    // The kinds not configured in this build say so on the console; that is not under test here.
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    // The extension is in this browser, on Ethereum, with one account, and approves the connection.
    const wallet = new loaded.FakeEip1193Provider({ chainId: 1, accounts: ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8'] });
    (window as { toyWallet?: unknown }).toyWallet = wallet;
    const { built } = loaded.buildChains();
    if (!built) throw new Error('the default chain table builds');
    app = loaded.createWalletApp({ config: { ...built, qrCloseIsError: true }, host: window, rpc: null });
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
  // The recipe's own list of the files outside the folder, as it states it to the reader.
  const stated = /^Files outside the kind's folder: (.*)\.$/m.exec(recipe)?.[1]?.split(', ').map((name) => name.replace(/`/g, ''));

  it('states the files outside the folder: at most 3', () => {
    expect(stated).toBeDefined();
    expect(stated!.length).toBeGreaterThan(0);
    expect(stated!.length).toBeLessThanOrEqual(3);
  });

  it('changes no file outside the folder that it does not state', () => {
    const touched = [...new Set(recipeBlocks(RECIPE).map((b) => b.file))];
    expect(touched).toContain(`${FOLDER}index.ts`);
    const outside = touched.filter((file) => !file.startsWith(FOLDER));
    expect(outside.length).toBeGreaterThan(0);
    for (const file of outside) expect(stated).toContain(file);
  });
});

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

describe('the recipe names every file that names a kind', () => {
  it('finds the places that name a kind (the check itself is not empty)', () => {
    expect(KIND_FOLDERS).toEqual(expect.arrayContaining(['injected', 'coinbase', 'walletconnect']));
    expect(naming).toEqual(expect.arrayContaining(['src/lib/connectors/registry.ts']));
  });

  it.each(naming)('the recipe names %s', (file) => {
    expect(recipe).toContain(`\`${file}\``);
  });
});
