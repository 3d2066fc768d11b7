// The browser files' wait for the run's production build (globalSetup builds it beside the unit files):
// a finished build gives its directory, a failed one fails the file with webpack's message, and a build
// still running is waited for until its outcome file appears.
import fs, { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtApp } from '../support/e2eBuild';
import { until } from '../support/wait';

let work: string;
const saved = process.env.E2E_ENV_FILE;

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'walletdeck-e2ebuild-'));
  const env = { distDir: path.join(work, 'dist'), buildFile: path.join(work, 'build.json') };
  writeFileSync(path.join(work, 'env.json'), JSON.stringify(env));
  process.env.E2E_ENV_FILE = path.join(work, 'env.json');
});

afterEach(() => {
  if (saved === undefined) delete process.env.E2E_ENV_FILE;
  else process.env.E2E_ENV_FILE = saved;
  rmSync(work, { recursive: true, force: true });
});

it('gives the built app once the build has succeeded', async () => {
  writeFileSync(path.join(work, 'build.json'), JSON.stringify({ ok: true }));
  await expect(builtApp()).resolves.toBe(path.join(work, 'dist'));
});

it("fails with the build's own message when it failed", async () => {
  writeFileSync(path.join(work, 'build.json'), JSON.stringify({ ok: false, message: 'the production build failed (exit code 2):\nModule not found' }));
  await expect(builtApp()).rejects.toThrow(/exit code 2[\s\S]*Module not found/);
});

it('waits while the build runs, and resolves when its outcome is written', async () => {
  let settled = false;
  const waiting = builtApp().finally(() => (settled = true));
  // Still waiting once it has looked at the (absent) file twice.
  const reads = jest.spyOn(fs, 'readFileSync');
  await until(() => reads.mock.calls.filter(([file]) => file === path.join(work, 'build.json')).length >= 2, { what: 'two looks at the outcome file' });
  reads.mockRestore();
  expect(settled).toBe(false);
  writeFileSync(path.join(work, 'build.json.part'), JSON.stringify({ ok: true }));
  renameSync(path.join(work, 'build.json.part'), path.join(work, 'build.json'));
  await expect(waiting).resolves.toBe(path.join(work, 'dist'));
});
