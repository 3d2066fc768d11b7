// The one way tests wait: for a condition (polled, with a message naming what never happened) or for
// a short pause that lets promises and saga steps run.

export interface UntilOptions {
  /** Give up after this long (generous: the machine may be loaded). */
  ms?: number;
  /** What we wait for, for the failure message. */
  what?: string;
  /** How often to look again. */
  everyMs?: number;
}

/** Resolves with the first value `read` returns that is not undefined, null or false; fails after `ms` naming what never came. */
export async function until<T>(read: () => T | undefined | null | false, options: UntilOptions | number = {}): Promise<T> {
  const { ms = 5_000, what = 'the condition', everyMs = 10 } = typeof options === 'number' ? { ms: options } : options;
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await pause(everyMs);
  }
}

/** Lets pending promises, timers and saga steps run. */
export function pause(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
