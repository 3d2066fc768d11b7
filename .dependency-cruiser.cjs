// The import-cycle check of `npm run lint` (dependency-cruiser): no module may reach itself again
// through its imports, in the app (src/, store/, sagas/) or anywhere else that is linted (scripts,
// contracts, tests, configuration). Every kind of import counts: static, `import()`, `require()`,
// re-exports, and type-only imports (`import type`), which TypeScript erases but which still tie
// the files together for whoever reads or moves them. __tests__/unit/lintRules.test.ts tries it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into a module of its own that imports neither, or turn one import around.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are seen (and counted) only in the TypeScript source, before compilation.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // What `eslint .` ignores (eslint.config.mjs), and the dependencies.
    exclude: { path: '(^|/)(node_modules|dist|\\.e2e-dist|coverage|\\.tmp)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
};
