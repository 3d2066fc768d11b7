// Verified names remembered across reloads for a while, so a returning user's name is on screen at
// once and costs no lookup. Keyed by what the answer depends on: the chain that holds the names, the
// coin type asked for (ENSIP-19) and the address. Storage is untrusted: anything that is not a
// well-formed entry is ignored.
import { isRecord } from '../guards';

/** A verified primary name and its avatar image URL (absent: the identicon). */
export interface RememberedName {
  name: string;
  avatar?: string;
}

export interface NameMemory {
  /** The remembered answer, null for "verified: no name", undefined when nothing fresh is known. */
  recall(namesChainId: number, coinType: number, address: string): RememberedName | null | undefined;
  remember(namesChainId: number, coinType: number, address: string, name: RememberedName | null): void;
}

/** Where the memory keeps its entries (the site storage; any call may throw). */
export type NameStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** v2: entries carry the coin type and the avatar (the v1 entries, per chain and name only, are ignored). */
const KEY = 'walletdeck.names.v2';
/** A verified name is trusted this long; "no name" a shorter while (someone may be setting one). */
export const NAME_TTL_MS = 60 * 60_000;
export const NO_NAME_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 50;
/** Longer names than this are not worth storing (they are truncated on screen anyway). */
const MAX_STORED_LENGTH = 2_000;
/** Avatars longer than this (data: images) are not stored: the entry is looked up again next time. */
const MAX_STORED_AVATAR = 2_000;

type Entry = [name: RememberedName | null, expiresAt: number];
type Entries = Record<string, Entry>;

function isRemembered(value: unknown): value is RememberedName {
  const { name, avatar } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= MAX_STORED_LENGTH &&
    (avatar === undefined || (typeof avatar === 'string' && avatar.length <= MAX_STORED_AVATAR && /^(?:https?:|data:image\/)/.test(avatar)))
  );
}

function isEntry(value: unknown): value is Entry {
  return Array.isArray(value) && value.length === 2 && (value[0] === null || isRemembered(value[0])) && typeof value[1] === 'number';
}

export function createNameMemory(storage?: NameStorage, now: () => number = () => Date.now()): NameMemory {
  let entries: Entries = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (isRecord(parsed)) {
      // Only what was checked is kept: any other key of a stored entry is dropped.
      for (const [key, value] of Object.entries(parsed)) {
        if (isEntry(value)) entries[key] = [value[0] && (value[0].avatar ? { name: value[0].name, avatar: value[0].avatar } : { name: value[0].name }), value[1]];
      }
    }
  } catch {
    entries = {};
  }
  const keyOf = (namesChainId: number, coinType: number, address: string) => `${namesChainId}:${coinType}:${address.toLowerCase()}`;
  return {
    recall(namesChainId, coinType, address) {
      const entry = entries[keyOf(namesChainId, coinType, address)];
      return entry && entry[1] > now() ? entry[0] : undefined;
    },
    remember(namesChainId, coinType, address, name) {
      if (name !== null && !isRemembered(name)) return;
      const t = now();
      const fresh = Object.entries(entries).filter(([, [, expiresAt]]) => expiresAt > t);
      fresh.push([keyOf(namesChainId, coinType, address), [name, t + (name === null ? NO_NAME_TTL_MS : NAME_TTL_MS)]]);
      entries = Object.fromEntries(fresh.slice(-MAX_ENTRIES));
      try {
        storage?.setItem(KEY, JSON.stringify(entries));
      } catch {
        // storage full or denied: the memory still works for this page
      }
    },
  };
}
