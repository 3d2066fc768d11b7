// The project's import-direction rules (eslint.config.mjs), each tried with a violation, written both
// as a static import and as a dynamic import(): ESLint's no-restricted-imports sees only the first,
// our walletdeck/no-restricted-import-expressions (eslint/plugin.mjs) the second, with the same
// options and messages. Also: import() of the app's own code only in the one loader (src/chunks.ts),
// no React.lazy (later parts show through src/features/parts.tsx), site storage only through
// src/lib/storage.ts; the guards isObject and isRecord declared in src/lib/guards.ts only. Sources are
// linted in memory as files of the project, in one ESLint process.
// And no import cycles (dependency-cruiser, .dependency-cruiser.cjs): two-file cycles of each kind of
// import, written to a folder of their own and cruised as `npm run lint` cruises the project.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const RULES = new Set(['no-restricted-imports', 'walletdeck/no-restricted-import-expressions', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax', 'walletdeck/one-guard']);

interface Source {
  filePath: string;
  code: string;
}
type Linted = { filePath: string; messages: { ruleId: string | null; message: string }[] };

/** [file, module it imports, what the message says] for every import-direction rule. */
const VIOLATIONS: [file: string, source: string, message: string][] = [
  ['src/lib/x.ts', '../../store/walletSlice', 'src/lib imports no store.'],
  ['src/lib/x.ts', '../../sagas/eager', 'src/lib imports no sagas.'],
  ['src/lib/x.ts', '../features/wallet/QrDialog', 'src/lib imports no React or UI.'],
  ['src/lib/x.ts', '../app/App', 'src/lib imports no React or UI.'],
  ['src/lib/x.ts', 'react', 'src/lib is plain TypeScript: no React, store or sagas.'],
  ['src/lib/x.ts', 'redux-saga/effects', 'src/lib is plain TypeScript: no React, store or sagas.'],
  ['store/x.ts', '../sagas/eager', 'The store imports no sagas.'],
  ['store/x.ts', '../src/features/wallet/QrDialog', 'The store imports no UI.'],
  ['store/x.ts', 'react', 'The store imports no UI.'],
  ['store/x.ts', '@reduxjs/toolkit/query/react', 'The store imports no UI: RTK Query from @reduxjs/toolkit/query'],
  ['sagas/x.ts', '../src/app/App', 'Sagas import no UI.'],
  ['sagas/x.ts', '../src/lib/connectors/coinbase', "A kind's adapter arrives through saga context"],
  ['sagas/x.ts', '../src/lib/connectors/walletconnect/session', "A kind's adapter arrives through saga context"],
  ['sagas/x.ts', '../src/lib/connectors/registry', "A kind's adapter arrives through saga context"],
  ['sagas/x.ts', '../src/lib/connectors/describe', "A kind's adapter arrives through saga context"],
  ['sagas/x.ts', '@walletconnect/ethereum-provider', 'Sagas never touch an SDK.'],
  ['sagas/x.ts', 'react-redux', 'Sagas import no UI.'],
  ['src/app/x.tsx', 'ethers', 'The UI never imports an SDK; it reads the store.'],
  ['src/app/x.tsx', '@coinbase/wallet-sdk', 'The UI never imports an SDK; it reads the store.'],
  ['src/app/x.tsx', '../lib/connectors/injected', 'The UI never imports a connector implementation'],
  ['src/app/x.tsx', '../../sagas', 'The UI dispatches actions; it never imports sagas.'],
  ['src/app/x.tsx', '@reduxjs/toolkit/query/react', 'Read through src/ui/useRead'],
  ['src/features/wallet/x.tsx', '../../app/App', 'Features never import src/app: what they share lives in src/ui.'],
  ['src/features/wallet/x.tsx', '../../lib/connectors/coinbase/session', 'The UI never imports a connector implementation'],
  ['src/ui/x.tsx', '../app/App', 'src/ui is below src/app: it never imports it.'],
  ['src/ui/x.tsx', '../features/wallet/QrDialog', 'src/ui is below src/features: it never imports them.'],
  ['src/ui/x.tsx', '@walletconnect/ethereum-provider', 'The UI never imports an SDK; it reads the store.'],
];

const staticImport = (source: string) => `import * as m from '${source}';\nexport const used = m;\n`;
const dynamicImport = (source: string) => `export const load = () => import('${source}');\n`;

let results: Map<string, Linted['messages']>;

/** Lints every source in one ESLint process; each under its own name so results map back. */
function lintAll(sources: (Source & { key: string })[]): Map<string, Linted['messages']> {
  const out = execFileSync(process.execPath, [path.join(root, '__tests__/support/lintSources.mjs')], {
    cwd: root,
    input: JSON.stringify(sources.map(({ filePath, code }) => ({ filePath, code }))),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const linted = JSON.parse(out) as Linted[];
  return new Map(sources.map((source, i) => [source.key, (linted[i]?.messages ?? []).filter((m) => m.ruleId !== null && RULES.has(m.ruleId))]));
}

const CASES: (Source & { key: string })[] = [
  ...VIOLATIONS.flatMap(([filePath, source]) => [
    { key: `static ${filePath} ${source}`, filePath, code: staticImport(source) },
    { key: `dynamic ${filePath} ${source}`, filePath, code: dynamicImport(source) },
  ]),
  { key: 'wallet state inline', filePath: 'src/features/wallet/x.tsx', code: "import { useAppSelector } from '../../../store/hooks';\nexport const useKinds = () => useAppSelector((s) => s.wallet.kinds);\n" },
  { key: 'wallet state by selector', filePath: 'src/features/wallet/x.tsx', code: "import { useAppSelector } from '../../../store/hooks';\nimport { selectKinds } from '../../../store/selectors';\nexport const useKinds = () => useAppSelector(selectKinds);\n" },
  { key: 'lazy static', filePath: 'src/features/wallet/x.tsx', code: "import { lazy } from 'react';\nexport const L = lazy;\n" },
  { key: 'import() in a feature', filePath: 'src/features/wallet/x.tsx', code: "export const load = () => import('./QrCodePanel');\n" },
  { key: 'import() in the store', filePath: 'store/x.ts', code: "export const load = () => import('../src/lib/names');\n" },
  { key: 'import() in a saga', filePath: 'sagas/x.ts', code: "export const load = () => import('./batch');\n" },
  { key: 'import() in the loader', filePath: 'src/chunks.ts', code: "export const load = () => import('./features/connected');\n" },
  { key: 'useSelector static', filePath: 'src/app/x.tsx', code: "import { useSelector } from 'react-redux';\nexport const s = useSelector;\n" },
  { key: 'useSelector dynamic', filePath: 'src/app/x.tsx', code: "export const load = () => import('react-redux');\n" },
  { key: 'computed source', filePath: 'src/lib/x.ts', code: 'export const load = (name: string) => import(`../../store/${name}`);\n' },
  { key: 'template source', filePath: 'src/lib/x.ts', code: 'export const load = () => import(`../../store/walletSlice`);\n' },
  { key: 'window.localStorage', filePath: 'src/features/wallet/x.ts', code: 'export const s = window.localStorage;\n' },
  { key: 'localStorage', filePath: 'store/x.ts', code: 'export const s = localStorage;\n' },
  { key: 'indexedDB', filePath: 'src/lib/x.ts', code: 'export const d = indexedDB;\n' },
  { key: 'guard copied as a const', filePath: 'server/siwe/x.ts', code: "export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;\n" },
  { key: 'guard copied as a function', filePath: 'src/lib/x.ts', code: "export function isObject(v: unknown): boolean {\n  return typeof v === 'object' && v !== null;\n}\n" },
  { key: 'guard imported', filePath: 'server/siwe/x.ts', code: "import { isRecord } from '../../src/lib/guards';\nexport const ok = (v: unknown) => isRecord(v);\n" },
  { key: 'the guards themselves', filePath: 'src/lib/guards.ts', code: "export function isObject(v: unknown): v is Record<string, unknown> {\n  return typeof v === 'object' && v !== null;\n}\n" },
  // What each floor may import passes, statically and dynamically: the rules are not simply "no imports".
  { key: 'clean lib', filePath: 'src/lib/x.ts', code: "import { describeValue } from './errors';\nexport const d = describeValue;\nexport const load = () => import('./chains');\n" },
  { key: 'clean store', filePath: 'store/x.ts', code: "import { describeValue } from '../src/lib/errors';\nexport const d = describeValue;\n" },
  {
    key: 'clean sagas',
    filePath: 'sagas/x.ts',
    code: "import type { ConnectionId } from '../src/lib/connectors/types';\nimport type { KindAdapter } from '../src/lib/connectors/kind';\nimport { CONNECTION_IDS } from '../src/lib/connectors/types';\nexport type C = [ConnectionId, KindAdapter];\nexport const d = CONNECTION_IDS;\n",
  },
  { key: 'clean features', filePath: 'src/features/wallet/x.tsx', code: "import { WithPart } from '../parts';\nexport const P = WithPart;\n" },
  { key: 'clean ui', filePath: 'src/ui/x.tsx', code: "import { displayText } from '../lib/displayText';\nexport const t = displayText;\n" },
];

beforeAll(() => {
  results = lintAll(CASES);
}, 120_000);

const messagesOf = (key: string) => {
  const messages = results.get(key);
  if (!messages) throw new Error(`no lint result for ${key}`);
  return messages;
};

describe('every import-direction rule holds for static imports and for import()', () => {
  it.each(VIOLATIONS)('%s importing %s: "%s"', (filePath, source, message) => {
    const statics = messagesOf(`static ${filePath} ${source}`);
    expect(statics).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining(message) }]);
    // (An import() outside the one loader is also reported on its own: see 'one loader' below.)
    const dynamics = messagesOf(`dynamic ${filePath} ${source}`).filter((m) => m.ruleId !== 'no-restricted-syntax');
    expect(dynamics).toEqual([{ ruleId: 'walletdeck/no-restricted-import-expressions', message: expect.stringContaining(message) }]);
    // One rule, one place: the same words either way.
    expect(dynamics[0]!.message).toBe(statics[0]!.message);
  });

  it('the typed hooks rule: useSelector by name, and the whole of react-redux through import()', () => {
    expect(messagesOf('useSelector static')).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining('Use the typed hooks from store/hooks.') }]);
    expect(messagesOf('useSelector dynamic').filter((m) => m.ruleId !== 'no-restricted-syntax')).toEqual([
      { ruleId: 'walletdeck/no-restricted-import-expressions', message: expect.stringContaining('Use the typed hooks from store/hooks.') },
    ]);
  });

  it('an import() whose source is computed cannot slip past: it is reported; a template without expressions is checked', () => {
    expect(messagesOf('computed source')).toEqual([{ ruleId: 'walletdeck/no-restricted-import-expressions', message: expect.stringContaining('computed source') }]);
    expect(messagesOf('template source')).toEqual([{ ruleId: 'walletdeck/no-restricted-import-expressions', message: expect.stringContaining('src/lib imports no store.') }]);
  });

  it.each(['clean lib', 'clean store', 'clean sagas', 'clean features', 'clean ui'])('%s: what the floor may import passes', (key) => {
    expect(messagesOf(key)).toEqual([]);
  });
});

describe('the UI reads the wallet state through store/ selectors', () => {
  it('an inline read of state.wallet in a component is reported; the selector passes', () => {
    expect(messagesOf('wallet state inline')).toEqual([{ ruleId: 'no-restricted-syntax', message: 'The UI reads the wallet state only through store/ selectors.' }]);
    expect(messagesOf('wallet state by selector')).toEqual([]);
  });
});

describe('one loader (docs/architecture.md, "How the code loads")', () => {
  it('React.lazy is reported anywhere in the UI', () => {
    expect(messagesOf('lazy static')).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining('Later parts load through src/chunks.ts') }]);
  });

  it.each(['import() in a feature', 'import() in the store', 'import() in a saga'])('%s is reported', (key) => {
    expect(messagesOf(key)).toEqual([{ ruleId: 'no-restricted-syntax', message: expect.stringContaining('the one loader, src/chunks.ts') }]);
  });

  it('the loader itself may use import()', () => {
    expect(messagesOf('import() in the loader')).toEqual([]);
  });
});

describe('site storage only through its guarded accessor', () => {
  it.each([
    ['window.localStorage', 'no-restricted-properties'],
    ['localStorage', 'no-restricted-globals'],
    ['indexedDB', 'no-restricted-globals'],
  ])('%s is reported', (key, ruleId) => {
    expect(messagesOf(key)).toEqual([{ ruleId, message: expect.stringContaining('siteStorage() in src/lib/storage.ts') }]);
  });
});

describe('the guards of untrusted values are written once (src/lib/guards.ts)', () => {
  it.each([
    ['guard copied as a const', 'isRecord'],
    ['guard copied as a function', 'isObject'],
  ])('%s is reported', (key, name) => {
    expect(messagesOf(key)).toEqual([{ ruleId: 'walletdeck/one-guard', message: `'${name}' is declared once, in src/lib/guards.ts: import it from there.` }]);
  });

  it.each(['guard imported', 'the guards themselves'])('%s passes', (key) => {
    expect(messagesOf(key)).toEqual([]);
  });
});

describe('no import cycles, type-only ones included (npm run lint)', () => {
  // Each folder a pair of files; `clean` imports one way only.
  const PAIRS: Record<string, [a: string, b: string]> = {
    values: ["import { b } from './b';\nexport const a = () => b;\n", "import { a } from './a';\nexport const b = () => a;\n"],
    types: ["import type { B } from './b';\nexport interface A { b?: B }\n", "import type { A } from './a';\nexport interface B { a?: A }\n"],
    mixed: ["import type { B } from './b';\nexport const a = (b: B) => b;\n", "import { a } from './a';\nexport type B = { a: typeof a };\n"],
    lazy: ["export const load = () => import('./b');\n", "import { load } from './a';\nexport const again = load;\n"],
    clean: ["import { b } from './b';\nexport const a = b;\n", 'export const b = 1;\n'],
  };
  let cruise: { status: number | null; stdout: string };

  beforeAll(() => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-cycles-'));
    try {
      for (const [name, [a, b]] of Object.entries(PAIRS)) {
        mkdirSync(path.join(folder, 'src', name), { recursive: true });
        writeFileSync(path.join(folder, 'src', name, 'a.ts'), a);
        writeFileSync(path.join(folder, 'src', name, 'b.ts'), b);
      }
      const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
      cruise = spawnSync(process.execPath, [bin, '--config', path.join(root, '.dependency-cruiser.cjs'), '.'], { cwd: folder, encoding: 'utf8', timeout: 120_000 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run lint cruises the whole project with this configuration', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['lint']).toContain('depcruise --config .dependency-cruiser.cjs . ');
  });

  it.each(['values', 'types', 'mixed', 'lazy'])('a two-file cycle of %s imports is refused, both files named', (name) => {
    expect(cruise.stdout).toMatch(new RegExp(`error no-circular: src/${name}/(a|b)\\.ts →\\s*src/${name}/(a|b)\\.ts →\\s*src/${name}/(a|b)\\.ts`));
  });

  it('fails the lint (a non-zero exit), and a one-way import passes', () => {
    expect(cruise.status).not.toBe(0);
    expect(cruise.stdout).toMatch(/4 dependency violations \(4 errors/);
    expect(cruise.stdout).not.toContain('src/clean/');
  });
});
