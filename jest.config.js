// Three projects, one command: `npm test` runs them all.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};
// The Coinbase Wallet SDK ships ES modules only (and preact/clsx as ES modules under jsdom's "browser" condition).
const transformIgnorePatterns = ['/node_modules/(?!(@coinbase/wallet-sdk|preact|clsx)/)'];
// Every test's limit is a hang guard set in one place (__tests__/support/lifecycle.ts), never a margin.
const setupFilesAfterEnv = ['<rootDir>/__tests__/support/testLimits.ts'];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv,
      testMatch: ['<rootDir>/__tests__/{unit,sagas,rpc,fuzz,recipes,siwe}/**/*.test.ts'],
    },
    {
      displayName: 'dom',
      testEnvironment: 'jsdom',
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv,
      testMatch: ['<rootDir>/__tests__/{dom,recipes}/**/*.test.tsx'],
      setupFiles: ['<rootDir>/__tests__/support/jsdomDialog.ts', '<rootDir>/__tests__/support/jsdomTextEncoding.ts'],
      moduleNameMapper: { '\\.css$': '<rootDir>/__tests__/support/styleStub.js' },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      // Each browser file first waits for the run's production build (built beside the other projects).
      setupFilesAfterEnv: [...setupFilesAfterEnv, '<rootDir>/__tests__/support/e2eSetup.ts'],
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/globalTeardown.ts',
      slowTestThreshold: 30,
    },
  ],
  // Three files at a time on this 2-core machine: a run uses about 365 CPU-seconds whatever the number
  // of workers, and with two the cores stood half idle while the browser files waited on Chromium,
  // anvil and the relays (366 s for 2 workers unloaded). The same fresh clone at load 14-16 took 572 s
  // with three against 921 s with two (load 14-25) and 673 s before this change (load 7-14). On
  // 2026-11-28, one after the other on one clone: 352 s with three (load 3.9 -> 9.1, 331 CPU-seconds)
  // and 373 s with four (load 7.1 -> 11.3, 354 CPU-seconds): no gain from a fourth.
  maxWorkers: 3,
  // Unit and DOM files first (they run while the production build is made), longest first.
  testSequencer: '<rootDir>/__tests__/support/testSequencer.js',
  reporters: ['default', '<rootDir>/__tests__/support/summaryReporter.js'],
};
