import { useEffect, useState } from 'react';

/**
 * True once `ms` have passed since `key` last changed (false again on a new key); always false while
 * `key` is undefined. For words that change when a wait grows long, never for logic.
 */
export function useElapsed(key: string | number | undefined, ms: number): boolean {
  const [passed, setPassed] = useState<{ key: string | number | undefined; done: boolean }>({ key, done: false });
  if (passed.key !== key) setPassed({ key, done: false });
  useEffect(() => {
    if (key === undefined) return;
    const timer = setTimeout(() => setPassed({ key, done: true }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key !== undefined && passed.key === key && passed.done;
}
