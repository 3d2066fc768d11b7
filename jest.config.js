// Three projects, one command: `npm test` runs them all.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/__tests__/{unit,sagas,rpc}/**/*.test.ts'],
    },
    {
      displayName: 'dom',
      testEnvironment: 'jsdom',
      transform,
      testMatch: ['<rootDir>/__tests__/dom/**/*.test.tsx'],
      moduleNameMapper: { '\\.css$': '<rootDir>/__tests__/support/styleStub.js' },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/globalTeardown.ts',
      slowTestThreshold: 30,
    },
  ],
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/__tests__/support/summaryReporter.js'],
};
