// Verified names remembered across reloads for a while, so a returning user's name is on screen at
// once and costs no lookup. Storage is untrusted: anything that is not a well-formed entry is ignored.

export interface NameMemory {
  /** The remembered name, null for "verified: no name", undefined when nothing fresh is known. */
  recall(chainId: number, address: string): string | null | undefined;
  remember(chainId: number, address: string, name: string | null): void;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'walletdeck.names';
/** A verified name is trusted this long; "no name" a shorter while (someone may be setting one). */
export const NAME_TTL_MS = 60 * 60_000;
export const NO_NAME_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 50;
/** Longer names than this are not worth storing (they are truncated on screen anyway). */
const MAX_STORED_LENGTH = 2_000;

type Entries = Record<string, [name: string | null, expiresAt: number]>;

function isEntry(value: unknown): value is [string | null, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (value[0] === null || (typeof value[0] === 'string' && value[0].length > 0 && value[0].length <= MAX_STORED_LENGTH)) &&
    typeof value[1] === 'number'
  );
}

export function createNameMemory(storage?: KeyValueStore, now: () => number = () => Date.now()): NameMemory {
  let entries: Entries = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) if (isEntry(value)) entries[key] = value;
    }
  } catch {
    entries = {};
  }
  const keyOf = (chainId: number, address: string) => `${chainId}:${address.toLowerCase()}`;
  return {
    recall(chainId, address) {
      const entry = entries[keyOf(chainId, address)];
      return entry && entry[1] > now() ? entry[0] : undefined;
    },
    remember(chainId, address, name) {
      if (name !== null && name.length > MAX_STORED_LENGTH) return;
      const t = now();
      const fresh = Object.entries(entries).filter(([, [, expiresAt]]) => expiresAt > t);
      fresh.push([keyOf(chainId, address), [name, t + (name === null ? NO_NAME_TTL_MS : NAME_TTL_MS)]]);
      entries = Object.fromEntries(fresh.slice(-MAX_ENTRIES));
      try {
        storage?.setItem(KEY, JSON.stringify(entries));
      } catch {
        // storage full or denied: the memory still works for this page
      }
    },
  };
}
