import { readFileSync } from 'node:fs';

/** What the run's global setup (__tests__/e2e/globalSetup.ts) started and built, for every browser file. */
export interface E2eEnv {
  /** The built app (production mode, dev chain enabled); complete once `buildFile` exists (e2eBuild.ts). */
  distDir: string;
  /** Written once when the build has ended: a BuildOutcome (e2eBuild.ts waits for it). */
  buildFile: string;
  /** The anvil the app knows as its development chain (31337). */
  anvilUrl: string;
  /** Port reserved for the local WalletConnect relay baked into the build. */
  relayPort: number;
  /** Port reserved for the fake Coinbase keys page (a second local origin), baked in as COINBASE_KEYS_URL. */
  keysPort: number;
  /** The run's one Chromium (a Playwright browser server): every browser suite connects to it and opens its own contexts. */
  browserWsEndpoint: string;
  /** WALLETCONNECT_RELAY_URL of the build: `ws://127.0.0.1:<relayPort>`. */
  relayUrl: string;
  /** COINBASE_KEYS_URL of the build: `http://127.0.0.1:<keysPort>/connect`. */
  keysUrl: string;
}

export function e2eEnv(): E2eEnv {
  const file = process.env.E2E_ENV_FILE;
  if (!file) throw new Error('E2E_ENV_FILE is not set: run browser tests through jest (globalSetup)');
  return JSON.parse(readFileSync(file, 'utf8')) as E2eEnv;
}
