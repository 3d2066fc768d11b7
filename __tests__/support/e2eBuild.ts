// The run's production build as browser suites see it: globalSetup builds it in a child process beside
// the unit and DOM files, and every browser file waits here (its first hook, e2eSetup.ts) until the
// build has ended. A failed build fails each browser file with webpack's own message.
import { readFileSync } from 'node:fs';
import { e2eEnv } from './e2eEnv';
import { until } from './wait';

/** How the build ended, and when: `startedAt`/`endedAt` in ms since the epoch (the reporter prints them). */
export type BuildOutcome = ({ ok: true } | { ok: false; message: string }) & { startedAt?: number; endedAt?: number };

/**
 * A hang guard for the whole build, not a margin: an unloaded run builds in well under a minute, a
 * 2-core machine at load 18 about ten times slower, and the build shares the cores with the unit files.
 */
export const BUILD_MS = 20 * 60_000;

function readOutcome(file: string): BuildOutcome | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildOutcome;
  } catch (error) {
    // Not written yet (globalSetup writes it aside and renames it: never half a file).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Resolves with the built app's directory once the build has succeeded; throws its message if it failed. */
export async function builtApp(): Promise<string> {
  const env = e2eEnv();
  const outcome = await until(() => readOutcome(env.buildFile), { ms: BUILD_MS, what: 'the production build (globalSetup)', everyMs: 100 });
  if (!outcome.ok) throw new Error(outcome.message);
  return env.distDir;
}
