// How tests start and stop what they need (servers, nodes, relays, browsers), and how long anything
// may take before it counts as hung: one rule, one place. A limit here is never a margin on speed:
// it only turns a hang into a readable failure, so it sits far above what a loaded machine needs
// (a 2-core machine at load average 18 ran ~10 times slower than an idle one).

/** Every test and hook without a limit of its own (jest's 5 s default is a margin, not a hang guard). */
export const TEST_TIMEOUT_MS = 120_000;
/**
 * A test that does minutes of work by design (the fuzz suites): 1,000 saga scripts took 44 s on an
 * idle machine and over 600 s beside other runs at load 20, so its guard is an hour.
 */
export const LONG_TEST_TIMEOUT_MS = 60 * 60_000;
/** A hook that starts servers, nodes, relays or a browser (its own limit, not the test's). */
export const SETUP_TIMEOUT_MS = 120_000;
/** A hook that stops them. */
export const TEARDOWN_TIMEOUT_MS = 60_000;
/** One process or browser coming up (below SETUP_TIMEOUT_MS, so its own message is the one seen). */
export const STARTUP_MS = 60_000;
/** One awaited event or state (below a test's limit, so the message names what never came). */
export const WAIT_MS = 30_000;

/** Anything a test starts: stopped by `close()` or `stop()`; undefined when it was never made. */
export type Stoppable = { close(): Promise<unknown> | unknown } | { stop(): Promise<unknown> | unknown } | (() => unknown) | undefined | null;

function stopOne(thing: Exclude<Stoppable, undefined | null>): unknown {
  if (typeof thing === 'function') return thing();
  return 'close' in thing ? thing.close() : thing.stop();
}

function reasonText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * Stops every thing given, each on its own: one that throws, or one a failed set-up never made
 * (undefined), does not keep the others running. Throws one error naming every failure.
 */
export async function stopAll(things: readonly Stoppable[]): Promise<void> {
  const results = await Promise.allSettled(things.map(async (thing) => (thing === undefined || thing === null ? undefined : stopOne(thing))));
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) throw new Error(`clean-up failed: ${failures.map((f) => reasonText(f.reason)).join('; ')}`);
}

/**
 * Starts several things in parallel. If any fails, the ones that did start are stopped (no orphan
 * process keeps jest alive) and one error names every failure.
 */
export async function startAll<T extends readonly unknown[]>(starting: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(starting);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length === 0) return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value as Stoppable] : []));
  await stopAll(started).catch(() => undefined);
  throw new Error(`set-up failed: ${failures.map((f) => reasonText(f.reason)).join('; ')}`);
}

/** `beforeAll` for a hook that starts servers, nodes, relays or a browser: with its own generous limit. */
export function setUp(fn: () => Promise<unknown> | unknown, timeoutMs = SETUP_TIMEOUT_MS): void {
  beforeAll(async () => {
    await fn();
  }, timeoutMs);
}

/**
 * `afterAll` that stops what `things()` lists when the suite ends, coping with a set-up that failed
 * part way (what was never made is undefined and skipped).
 */
export function tearDown(things: () => readonly Stoppable[], timeoutMs = TEARDOWN_TIMEOUT_MS): void {
  afterAll(() => stopAll(things()), timeoutMs);
}
