import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import walletdeck from './eslint/plugin.mjs';

// What src/ui, the lowest UI floor, may not import besides what no UI file may.
const SRC_UI_FLOOR = [
  { group: ['**/app', '**/app/**'], message: 'src/ui is below src/app: it never imports it.' },
  { group: ['**/features', '**/features/**'], message: 'src/ui is below src/features: it never imports them.' },
];

// What src/i18n, the words, may not import: it sits below every UI floor.
const I18N_FLOOR = [
  { group: ['**/store', '**/store/**', '**/sagas', '**/sagas/**'], message: 'src/i18n knows no store or sagas.' },
  { group: ['**/features', '**/features/**', '**/app', '**/app/**', '**/ui', '**/ui/**'], message: 'src/i18n is below the UI: it never imports it.' },
];

// import() of the app's own code is in the one loader only (docs/architecture.md, "How the code loads").
const ONE_LOADER = { selector: 'ImportExpression', message: 'Chunks load through the one loader, src/chunks.ts (docs/architecture.md, "How the code loads").' };

export default tseslint.config(
  { ignores: ['dist/', '.e2e-dist/', 'node_modules/', 'coverage/', '.tmp/', '__tests__/support/styleStub.js', '__tests__/support/summaryReporter.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, walletdeck },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'walletdeck/one-guard': 'error',
    },
  },
  // The import direction of docs/architecture.md ("What each folder may import"), enforced for static
  // imports and import() alike: src/lib knows no store, sagas or React; the sagas reach wallets only
  // through the kinds' adapters; the UI never reaches an SDK or a kind's module; only the composition
  // root (src/walletApp.ts, src/boot.ts, src/main.tsx) wires everything together.
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: importRules({
      patterns: [
        { group: ['**/store', '**/store/**'], message: 'src/lib imports no store.' },
        { group: ['**/sagas', '**/sagas/**'], message: 'src/lib imports no sagas.' },
        { group: ['**/features/**', '**/app/**', '@reduxjs/toolkit/query/react'], message: 'src/lib imports no React or UI.' },
      ],
      paths: ['react', 'react-dom', 'react-dom/client', 'react-redux', 'redux-saga', 'redux-saga/effects', '@reduxjs/toolkit'].map((name) => ({
        name,
        message: 'src/lib is plain TypeScript: no React, store or sagas.',
      })),
    }),
  },
  {
    files: ['store/**/*.ts'],
    rules: importRules({
      patterns: [
        { group: ['**/sagas', '**/sagas/**'], message: 'The store imports no sagas.' },
        { group: ['**/features/**', '**/app/**'], message: 'The store imports no UI.' },
      ],
      paths: [
        { name: 'react', message: 'The store imports no UI.' },
        { name: 'react-dom', message: 'The store imports no UI.' },
        { name: '@reduxjs/toolkit/query/react', message: 'The store imports no UI: RTK Query from @reduxjs/toolkit/query (components read through src/ui/useRead).' },
      ],
    }),
  },
  {
    files: ['sagas/**/*.ts'],
    rules: importRules({
      patterns: [
        { group: ['**/features/**', '**/app/**'], message: 'Sagas import no UI.' },
        {
          group: ['**/lib/connectors/*', '**/lib/connectors/*/**', '!**/lib/connectors/types', '!**/lib/connectors/kind'],
          message: "A kind's adapter arrives through saga context; import only connectors/types and connectors/kind (a saga loads no kind).",
        },
        { group: ['@coinbase/*', '@walletconnect/*'], message: 'Sagas never touch an SDK.' },
      ],
      paths: ['react', 'react-dom', 'react-redux'].map((name) => ({ name, message: 'Sagas import no UI.' })),
    }),
  },
  // The UI floors: src/app (layout, composition) above src/features, above src/ui (what they share).
  uiFloor(['src/app/**/*.{ts,tsx}'], []),
  uiFloor(['src/features/**/*.{ts,tsx}'], [{ group: ['**/app', '**/app/**'], message: 'Features never import src/app: what they share lives in src/ui.' }]),
  uiFloor(['src/ui/**/*.{ts,tsx}'], SRC_UI_FLOOR),
  // The words (src/i18n, docs/behaviour.md §14): below every UI floor, no store or sagas; only its two
  // React modules (react.tsx, later.ts) know React; a language's chunk loads through the one loader.
  {
    files: ['src/i18n/**/*.{ts,tsx}'],
    rules: { ...importRules({ patterns: I18N_FLOOR }), 'no-restricted-syntax': ['error', ONE_LOADER] },
  },
  {
    files: ['src/i18n/**/*.{ts,tsx}'],
    ignores: ['src/i18n/react.tsx', 'src/i18n/later.ts'],
    rules: importRules({ patterns: I18N_FLOOR, paths: ['react', 'react-dom', 'react-redux'].map((name) => ({ name, message: 'src/i18n is plain TypeScript but for react.tsx and later.ts.' })) }),
  },
  // The one loader (docs/architecture.md, "How the code loads"): no import() of the app's own code
  // anywhere else (a wallet SDK or the QR library is loaded by the one module in src/lib that wraps it).
  {
    files: ['store/**/*.ts', 'sagas/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_LOADER] },
  },
  // Site storage only through its guarded accessor (src/lib/storage.ts): a browser may refuse it.
  {
    files: ['src/**/*.{ts,tsx}', 'store/**/*.ts', 'sagas/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({ name, message: 'Site storage goes through siteStorage() in src/lib/storage.ts: a browser may refuse it.' }))],
      'no-restricted-properties': ['error', ...['localStorage', 'sessionStorage', 'indexedDB'].map((property) => ({ object: 'window', property, message: 'Site storage goes through siteStorage() in src/lib/storage.ts: a browser may refuse it.' }))],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

/** The same options for static imports (ESLint's rule) and import() (ours, eslint/plugin.mjs): one rule, one place. */
function importRules(options) {
  return { 'no-restricted-imports': ['error', options], 'walletdeck/no-restricted-import-expressions': ['error', options] };
}

/** What every UI file may not import, plus the floor's own patterns. */
function uiFloor(files, floorPatterns) {
  return {
    files,
    rules: {
      // The wallet state's shape is the store's: the UI asks store/ selectors (selectKinds, selectKindView…).
      'no-restricted-syntax': ['error', { selector: "MemberExpression[property.name='wallet']", message: 'The UI reads the wallet state only through store/ selectors.' }, ONE_LOADER],
      ...importRules({
      paths: [
        { name: 'react-redux', importNames: ['useSelector', 'useDispatch', 'useStore'], message: 'Use the typed hooks from store/hooks.' },
        { name: '@reduxjs/toolkit/query/react', message: "Read through src/ui/useRead: RTK Query's React hooks would add 3 kB to the first visit." },
        { name: 'react', importNames: ['lazy'], message: 'Later parts load through src/chunks.ts and show through src/features/parts.tsx (WithPart): their own error boundary, the reason and Reload.' },
      ],
      patterns: [
        { group: ['@coinbase/*', '@walletconnect/*', 'ethers', 'ethers/*'], message: 'The UI never imports an SDK; it reads the store.' },
        { group: ['**/lib/connectors/*', '**/lib/connectors/*/**', '!**/lib/connectors/types'], message: 'The UI never imports a connector implementation; it reads connector info from the store.' },
        { group: ['**/sagas', '**/sagas/**'], message: 'The UI dispatches actions; it never imports sagas.' },
        ...floorPatterns,
      ],
      }),
    },
  };
}
