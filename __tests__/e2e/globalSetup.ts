// Builds the production app once per test run, with the development chain pointing at a real anvil
// that lives for the whole run. Every browser suite reads where things are from E2E_ENV_FILE.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { startAnvil, type Anvil } from '../support/anvil';
import { launchChromiumServer } from '../support/browser';
import { freePort } from '../support/ports';

export interface E2eEnv {
  /** The built app (production mode, dev chain enabled). */
  distDir: string;
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

declare global {
  var __E2E_ANVIL__: Anvil | undefined;
  var __E2E_BROWSER__: BrowserServer | undefined;
}

export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-e2e-'));
  const distDir = path.join(work, 'dist');
  const anvil = await startAnvil({ chainId: 31337 });
  const relayPort = await freePort();
  let keysPort = await freePort();
  while (keysPort === relayPort) keysPort = await freePort();
  const relayUrl = `ws://127.0.0.1:${relayPort}`;
  const keysUrl = `http://127.0.0.1:${keysPort}/connect`;
  globalThis.__E2E_ANVIL__ = anvil;
  try {
    execFileSync(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        WALLETDECK_OUT_DIR: distDir,
        WALLETDECK_DEV_CHAIN_URL: anvil.url,
        WALLETCONNECT_RELAY_URL: relayUrl,
        WALLETCONNECT_PROJECT_ID: 'walletdeck-e2e',
        COINBASE_KEYS_URL: keysUrl,
      },
    });
  } catch (error) {
    // Teardown does not run when setup fails: stop the chain here.
    await anvil.stop();
    throw error;
  }
  // One Chromium for the whole run, started while nothing else is: every suite connects to it.
  let browserServer: BrowserServer;
  try {
    browserServer = await launchChromiumServer();
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  globalThis.__E2E_BROWSER__ = browserServer;
  const env: E2eEnv = { distDir, anvilUrl: anvil.url, browserWsEndpoint: browserServer.wsEndpoint(), relayPort, keysPort, relayUrl, keysUrl };
  const file = path.join(work, 'env.json');
  writeFileSync(file, JSON.stringify(env));
  process.env.E2E_ENV_FILE = file;
}
