// Whether the page is shown on a touch or narrow screen, where the device showing a QR code is the
// one that would have to scan it. Follows the media query live (rotation, window resize).
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(pointer: coarse), (max-width: 639.98px)';

function query(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
