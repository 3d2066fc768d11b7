// docs/architecture.md's chunk table ("How the code loads") against the run's production build: the
// chunks it names are the build's, and each holds what its row says and nothing of another's (from the
// build's stats, which globalSetup writes). Where a row's "when" is a rule a build setting decides, the
// real loads in Chromium: the run's build has no sign-in backend, so `signin` never loads, not even
// when a wallet connects; the build with one (e2e/signIn.test.ts) loads it on a connect, never on a
// first visit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect, firstScreenComplete, waitForBalance } from '../support/appDriver';
import { browserSuite } from '../support/browserSuite';
import { builtApp } from '../support/e2eBuild';
import { e2eEnv } from '../support/e2eEnv';
import { installFakeWallet } from '../support/fakeWallet';

interface StatsModule {
  name: string;
  modules?: StatsModule[];
}
interface StatsChunk {
  names: string[];
  initial: boolean;
  modules?: StatsModule[];
}

const ROOT = path.resolve(__dirname, '../..');

/** The table's rows, as written. */
function tableRows(): string[] {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## How the code loads'), doc.indexOf('## What each folder may import'));
  return section.split('\n').filter((line) => line.startsWith('| `'));
}

/** The table's rows: the chunk names of its first column (`main` (with `vendor`) gives both). */
function tableChunks(): string[] {
  return tableRows().flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1] as string));
}

const suite = browserSuite();

let chunks: StatsChunk[];
beforeAll(async () => {
  await builtApp();
  const stats = JSON.parse(readFileSync(path.join(path.dirname(e2eEnv().buildFile), 'stats.json'), 'utf8')) as { chunks: StatsChunk[] };
  chunks = stats.chunks;
});

/** Every module a chunk holds, concatenated ones included, by its path. */
function modulesOf(name: string): string[] {
  const chunk = chunks.find((c) => c.names.includes(name));
  if (!chunk) throw new Error(`no chunk ${name} in the build`);
  const names: string[] = [];
  const walk = (list: StatsModule[] | undefined) => {
    for (const m of list ?? []) {
      names.push(m.name);
      walk(m.modules);
    }
  };
  walk(chunk.modules);
  return names;
}
const holds = (name: string, file: string) => modulesOf(name).some((m) => m.includes(file));

it('names exactly the chunks of the build (an SDK import the build leaves out aside)', () => {
  const built = chunks.filter((c) => c.names.length > 0 || !(c.modules ?? []).every((m) => m.name.includes('(ignored)'))).flatMap((c) => c.names);
  expect(new Set(built)).toEqual(new Set(tableChunks()));
  expect(chunks.filter((c) => c.names.length === 0 && !(c.modules ?? []).every((m) => m.name.includes('(ignored)')))).toEqual([]);
});

it('main and vendor are the first script, and hold every reducer, every saga, the read layer and the connected header and overview', () => {
  expect(chunks.filter((c) => c.initial).flatMap((c) => c.names).sort()).toEqual(['main', 'vendor']);
  for (const file of ['store/rootReducer.ts', 'store/transactionsSlice.ts', 'store/chainApi.ts', 'store/readAhead.ts', 'sagas/index.ts', 'sagas/transactions.ts', 'sagas/chainSwitch.ts', 'sagas/signIn.ts', 'store/signInSlice.ts', 'src/lib/rpc/client.ts', 'ConnectedControls.tsx', 'SignInSlot.tsx', 'AccountOverview.tsx'])
    expect([file, holds('main', file)]).toEqual([file, true]);
  // English's first-screen words are in the first script, and no other language's.
  expect(holds('main', 'src/i18n/catalogues/en.ts')).toBe(true);
  expect(holds('vendor', '@reduxjs/toolkit')).toBe(true);
});

it('each later chunk holds its row, and the first script none of it', () => {
  const rows: Array<[string, string[]]> = [
    ['dialogs', ['src/features/dialogs.ts', 'ConnectDialog.tsx', 'AccountMenu.tsx', 'transactions/Toasts.tsx', 'NetworkDialog.tsx', 'WrongNetwork.tsx', 'QrCodePanel.tsx']],
    ['signing', ['SignPanel.tsx', 'sagas/signingWorkflow.ts', 'sagas/batch.ts', 'src/lib/signatureCheck.ts']],
    ['names', ['src/lib/names/index.ts']],
    ['signin', ['sagas/signInWorkflow.ts', 'src/lib/signIn/client.ts', 'src/lib/signIn/message.ts', 'viem/_esm/utils/siwe/createSiweMessage.js', 'src/features/signIn/SignInStatus.tsx', 'src/i18n/catalogues/en.later.ts']],
    ['qrcode', ['node_modules/qrcode/']],
    ['walletconnect', ['@walletconnect/']],
    ['coinbase', ['@coinbase/wallet-sdk']],
    ['safe', ['@safe-global/']],
    // A language's catalogue, and English's later words only with the later chunks (docs/behaviour.md §14).
    ['lang-pseudo', ['src/i18n/catalogues/pseudo.ts']],
    ['dialogs', ['src/i18n/catalogues/en.later.ts']],
  ];
  for (const [chunk, files] of rows)
    for (const file of files) {
      expect([chunk, file, holds(chunk, file)]).toEqual([chunk, file, true]);
      expect(['main', file, holds('main', file) || holds('vendor', file)]).toEqual(['main', file, false]);
    }
});

describe('`signin`: only in a build with a sign-in backend, when a wallet connects', () => {
  it('the row says so', () => {
    const row = tableRows().find((line) => line.startsWith('| `signin` |')) ?? '';
    expect(row.split('|')[3]).toMatch(/Only in a build with `WALLETDECK_SIGN_IN_URL`, when a wallet first connects/);
  });

  it('is not a script of the first visit, and in this build (no backend) a connect never loads it', async () => {
    expect(chunks.find((c) => c.names.includes('signin'))?.initial).toBe(false);
    const context = await suite.newContext({ viewport: { width: 1280, height: 800 } });
    await installFakeWallet(context, { rpcUrls: suite.rpcUrls });
    const scripts: string[] = [];
    context.on('request', (request) => {
      const match = /\/js\/([^./]+)\.[^/]+\.js$/.exec(request.url());
      if (match) scripts.push(match[1] as string);
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await firstScreenComplete(page);
    expect([...scripts].sort()).toEqual(['main', 'vendor']);
    await connect(page, 'injected');
    // The account's balance comes after the connect's reads: a sign-in watcher would have asked for its code by then.
    await waitForBalance(page, /\d/);
    expect(scripts).not.toContain('signin');
    expect(await page.getByTestId('sign-in').count()).toBe(0);
  });
});
