// The one in-memory storage for Node tests: the Web Storage contract (key enumeration included),
// plus dump() to assert what was written.
export type MemoryStorage = Storage & { dump(): Record<string, string> };

export function memoryWebStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    dump: () => Object.fromEntries(data),
  };
}

/** Older name kept for the tests that read best with it. */
export const createMemoryStorage = memoryWebStorage;
