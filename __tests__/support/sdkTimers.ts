// The WalletConnect SDKs leave long timers behind in Node (5-minute proposal expiries, 60 s publish
// retries) that a browser tab would simply drop. Tests that run the SDKs in-process record every
// timer and clear what is left at the end, so that jest can exit.
export function trackTimers(): { clearAll(): void } {
  const timeouts = new Set<ReturnType<typeof setTimeout>>();
  const intervals = new Set<ReturnType<typeof setInterval>>();
  const { setTimeout: originalTimeout, setInterval: originalInterval } = globalThis;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const handle = originalTimeout(...args);
    timeouts.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const handle = originalInterval(...args);
    intervals.add(handle);
    return handle;
  }) as typeof setInterval;
  return {
    clearAll() {
      globalThis.setTimeout = originalTimeout;
      globalThis.setInterval = originalInterval;
      for (const handle of timeouts) clearTimeout(handle);
      for (const handle of intervals) clearInterval(handle);
    },
  };
}
