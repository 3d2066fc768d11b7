// The WalletConnect SDKs leave long timers behind in Node (5-minute proposal expiries, 60 s publish
// retries) that a browser tab would simply drop. Tests that run the SDKs in-process record every
// timer and clear what is left at the end, so that jest can exit.

type Timeout = ReturnType<typeof setTimeout>;

/** Hands every timeout set from now on to `record`, until the returned function puts setTimeout back. */
function recordTimeouts(record: (handle: Timeout) => void): () => void {
  const { setTimeout: original } = globalThis;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const handle = original(...args);
    record(handle);
    return handle;
  }) as typeof setTimeout;
  return () => {
    globalThis.setTimeout = original;
  };
}

export function trackTimers(): { clearAll(): void } {
  const timeouts = new Set<Timeout>();
  const intervals = new Set<ReturnType<typeof setInterval>>();
  const restoreTimeouts = recordTimeouts((handle) => timeouts.add(handle));
  const { setInterval: originalInterval } = globalThis;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const handle = originalInterval(...args);
    intervals.add(handle);
    return handle;
  }) as typeof setInterval;
  return {
    clearAll() {
      restoreTimeouts();
      globalThis.setInterval = originalInterval;
      for (const handle of timeouts) clearTimeout(handle);
      for (const handle of intervals) clearInterval(handle);
    },
  };
}

/** What `run` returns, with the timeouts it set while it ran (synchronously), for the test to clear. */
export function timeoutsSetBy<T>(run: () => T): { value: T; timeouts: Timeout[] } {
  const timeouts: Timeout[] = [];
  const restore = recordTimeouts((handle) => timeouts.push(handle));
  try {
    return { value: run(), timeouts };
  } finally {
    restore();
  }
}
