import { rmSync } from 'node:fs';
import path from 'node:path';

export default async function globalTeardown(): Promise<void> {
  // A run that ends before the build does (interrupted, or every browser file filtered out) stops it.
  const build = globalThis.__E2E_BUILD__;
  if (build && build.exitCode === null && build.signalCode === null) {
    const ended = new Promise((resolve) => build.once('close', resolve));
    build.kill();
    await ended;
  }
  await globalThis.__E2E_BROWSER__?.close();
  await globalThis.__E2E_ANVIL__?.stop();
  // The build and env file of this run (a few MB per run) would otherwise pile up in the temp dir.
  const envFile = process.env.E2E_ENV_FILE;
  if (envFile) rmSync(path.dirname(envFile), { recursive: true, force: true });
}
