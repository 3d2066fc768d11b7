// The one way tests wait: for a condition (polled, with a message naming what never happened) or for
// a short pause that lets promises and saga steps run; and the fake clock for tests whose subject is
// a timeout.
import { setImmediate } from 'node:timers';
import { WAIT_MS } from './lifecycle';

// Captured before any test installs a fake clock: `until` waits in real time whatever the clock.
const realSetTimeout = globalThis.setTimeout;
const realHrtime = process.hrtime.bigint;
const realNowMs = () => Number(realHrtime() / 1_000_000n);

export interface UntilOptions {
  /** Give up after this long: a hang guard, never a margin (default WAIT_MS). */
  ms?: number;
  /** What we wait for, for the failure message. */
  what?: string;
  /** How often to look again. */
  everyMs?: number;
}

/**
 * Resolves with the first value `read` returns that is not undefined, null or false; fails after `ms`
 * naming what never came. Waits in real time: under a fake clock, time stands still meanwhile, so it
 * waits for what real I/O (a server, a socket, a child process) brings about.
 */
export async function until<T>(read: () => T | undefined | null | false, options: UntilOptions | number = {}): Promise<T> {
  const { ms = WAIT_MS, what = 'the condition', everyMs = 10 } = typeof options === 'number' ? { ms: options } : options;
  const deadline = realNowMs() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (realNowMs() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, everyMs));
  }
}

/** `until` for a condition read asynchronously (a page read): each read is awaited before the next. */
export async function untilAsync<T>(read: () => Promise<T | undefined | null | false>, options: UntilOptions = {}): Promise<T> {
  const { ms = WAIT_MS, what = 'the condition', everyMs = 50 } = options;
  const deadline = realNowMs() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (realNowMs() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, everyMs));
  }
}

/** Lets pending promises, timers and saga steps run. */
export function pause(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Jest's fake clock for a test whose subject is a timeout: timers and Date stand still until the test
 * moves them (`jest.advanceTimersByTimeAsync`), so a timeout fires exactly when the test says and a
 * slow machine cannot make it fire early. Real I/O keeps running (its callbacks need no timer).
 */
export function useFakeClock(): void {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime'] });
}

/**
 * On the fake clock: moves it 1 ms at a time until `check` holds, failing once `ms` of fake time has
 * passed. What fakes do in their own tasks (0 ms timers, promises) takes the same fake time on any
 * machine, so "within ms" here is a fact about the code, not about the machine.
 */
export async function advanceUntil(check: () => boolean, options: { ms: number; what?: string }): Promise<void> {
  await jest.advanceTimersByTimeAsync(0);
  for (let waited = 0; !check(); waited += 1) {
    if (waited >= options.ms) throw new Error(`${options.what ?? 'the condition'} did not hold within ${options.ms} ms of fake time`);
    await jest.advanceTimersByTimeAsync(1);
  }
}

/** Whether a promise has settled by now (after the microtasks already queued ran). */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
