// When the page has nothing more urgent to do: the later parts of the first screen (src/app/App.tsx)
// and the watchers of a wallet in use (sagas/whenConnected.ts) wait for it.

/** Runs `work` when the browser is idle (at the latest after 0.5 s); returns the cancel. */
export function whenIdle(work: () => void, fallbackMs = 50): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, fallbackMs);
  return () => clearTimeout(id);
}
