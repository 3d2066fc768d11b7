// Builds the production app once per test run, with the development chain pointing at a real anvil
// that lives for the whole run. Every browser suite reads where things are from E2E_ENV_FILE.
//
// The build runs in a child process beside the run instead of before it: the unit and DOM files (which
// need no build) start at once, and each browser file waits in its first hook for the build's marker
// file (__tests__/support/e2eBuild.ts). The artefact is the same production build as before.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { startAnvil, type Anvil } from '../support/anvil';
import { launchChromiumServer } from '../support/browser';
import type { BuildOutcome } from '../support/e2eBuild';
import type { E2eEnv } from '../support/e2eEnv';
import { freePort } from '../support/ports';
import { cataloguedLanguages } from '../../scripts/languages';

declare global {
  var __E2E_ANVIL__: Anvil | undefined;
  var __E2E_BROWSER__: BrowserServer | undefined;
  var __E2E_BUILD__: ChildProcess | undefined;
}

/** Most of a failed build's stderr: enough for webpack's error, bounded whatever it prints. */
const STDERR_KEPT = 64 * 1024;

/**
 * Starts `webpack --mode production` and writes its outcome to `buildFile` when it ends (written
 * aside and renamed, so a reader never sees half of it). Build warnings stay on this run's stderr.
 */
function startBuild(root: string, env: NodeJS.ProcessEnv, buildFile: string): ChildProcess {
  // Its stats beside the outcome: the chunk table's test holds docs/architecture.md against them.
  const stats = path.join(path.dirname(buildFile), 'stats.json');
  const child = spawn(process.execPath, [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', `--json=${stats}`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  });
  const startedAt = Date.now();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
  });
  const settle = (outcome: BuildOutcome) => {
    const aside = `${buildFile}.part`;
    writeFileSync(aside, JSON.stringify({ ...outcome, startedAt, endedAt: Date.now() }));
    renameSync(aside, buildFile);
  };
  child.once('error', (error) => settle({ ok: false, message: `the build did not start: ${error.message}` }));
  child.once('close', (code, signal) => {
    if (code === 0) settle({ ok: true });
    else settle({ ok: false, message: `the production build failed (${signal ?? `exit code ${code}`}):\n${stderr}` });
  });
  return child;
}

export default async function globalSetup(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-e2e-'));
  const distDir = path.join(work, 'dist');
  const buildFile = path.join(work, 'build.json');
  const anvil = await startAnvil({ chainId: 31337 });
  const relayPort = await freePort();
  let keysPort = await freePort();
  while (keysPort === relayPort) keysPort = await freePort();
  const relayUrl = `ws://127.0.0.1:${relayPort}`;
  const keysUrl = `http://127.0.0.1:${keysPort}/connect`;
  globalThis.__E2E_ANVIL__ = anvil;
  globalThis.__E2E_BUILD__ = startBuild(
    root,
    {
      ...process.env,
      WALLETDECK_OUT_DIR: distDir,
      WALLETDECK_DEV_CHAIN_URL: anvil.url,
      WALLETCONNECT_RELAY_URL: relayUrl,
      WALLETCONNECT_PROJECT_ID: 'walletdeck-e2e',
      COINBASE_KEYS_URL: keysUrl,
      // Every language with a catalogue, the pseudo-locale too: the languages suite picks it.
      WALLETDECK_LANGUAGES: cataloguedLanguages().join(','),
    },
    buildFile,
  );
  // One Chromium for the whole run, started while the build runs: every suite connects to it.
  let browserServer: BrowserServer;
  try {
    browserServer = await launchChromiumServer();
  } catch (error) {
    // Teardown does not run when setup fails: stop the build and the chain here.
    globalThis.__E2E_BUILD__.kill();
    await anvil.stop();
    throw error;
  }
  globalThis.__E2E_BROWSER__ = browserServer;
  const env: E2eEnv = { distDir, buildFile, anvilUrl: anvil.url, browserWsEndpoint: browserServer.wsEndpoint(), relayPort, keysPort, relayUrl, keysUrl };
  const file = path.join(work, 'env.json');
  writeFileSync(file, JSON.stringify(env));
  process.env.E2E_ENV_FILE = file;
}
