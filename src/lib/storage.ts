// Site storage behind one guarded accessor, used by everything that remembers (the session, names,
// the wallet SDKs). A browser may refuse storage outright (site data blocked, a sandboxed frame:
// reading `localStorage` throws a SecurityError) or refuse every call (privacy modes, a zero quota).
// Then what would be stored is kept in memory for this page: everything works, nothing is remembered.
import { isObject } from './guards';

/** The Web Storage surface the app and the SDKs use (key enumeration included). */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface SiteStorage {
  /** Never throws. */
  readonly storage: WebStorage;
  /** False when the browser refused storage: what is stored lasts until the page is reloaded. */
  readonly remembered: boolean;
}

/** Storage that lives as long as the page. */
export function memoryStorage(): WebStorage & { clear(): void } {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(String(key)) ?? null,
    setItem: (key, value) => void data.set(String(key), String(value)),
    removeItem: (key) => void data.delete(String(key)),
    clear: () => data.clear(),
  };
}

/** A working storage whose calls may still fail later (quota): a failed write is a lost memory, never a crash. */
function guarded(real: Storage): WebStorage {
  const attempt = <T>(fallback: T, call: () => T): T => {
    try {
      return call();
    } catch {
      return fallback;
    }
  };
  return {
    get length() {
      return attempt(0, () => real.length);
    },
    key: (index) => attempt(null, () => real.key(index)),
    getItem: (key) => attempt(null, () => real.getItem(key)),
    setItem: (key, value) => attempt(undefined, () => real.setItem(key, value)),
    removeItem: (key) => attempt(undefined, () => real.removeItem(key)),
  };
}

const PROBE_KEY = 'walletdeck.storage-probe';

/** Opens the host's storage, or memory when the browser refuses it (reading it or using it throws). */
export function openSiteStorage(host: unknown): SiteStorage {
  let real: unknown;
  try {
    real = isObject(host) ? host['localStorage'] : undefined;
  } catch {
    real = undefined;
  }
  if (!isObject(real)) return { storage: memoryStorage(), remembered: false };
  const storage = real as unknown as Storage;
  try {
    storage.setItem(PROBE_KEY, '1');
    const readBack = storage.getItem(PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    if (readBack !== '1') throw new Error('storage does not keep what is written');
  } catch {
    return { storage: memoryStorage(), remembered: false };
  }
  return { storage: guarded(storage), remembered: true };
}

const opened = new WeakMap<object, SiteStorage>();
/** Outside a browser (Node, a worker without storage): one memory for the process. */
let hostless: SiteStorage | undefined;

/** The one storage of a page (opened once per host, so every user of it shares the same memory fallback). */
export function siteStorage(host: unknown = typeof window === 'undefined' ? undefined : window): SiteStorage {
  if (!isObject(host)) return (hostless ??= { storage: memoryStorage(), remembered: false });
  let site = opened.get(host);
  if (!site) {
    site = openSiteStorage(host);
    opened.set(host, site);
  }
  return site;
}

/**
 * What the wallet SDKs get for their free `localStorage` (webpack's ProvidePlugin binds it here): the
 * page's guarded storage, so an SDK keeps working for the page where the browser refuses storage.
 */
export const localStorageForSdks: WebStorage = {
  get length() {
    return siteStorage().storage.length;
  },
  key: (index) => siteStorage().storage.key(index),
  getItem: (key) => siteStorage().storage.getItem(key),
  setItem: (key, value) => siteStorage().storage.setItem(key, value),
  removeItem: (key) => siteStorage().storage.removeItem(key),
};
