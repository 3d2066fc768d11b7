// What survives a reload: the current connection, which kinds the user disconnected on purpose, and
// the account and chain the current connection was on.
// Storage is untrusted: anything unexpected falls back to the default.
import { DEFAULT_CONNECTION, isConnectionId, type ConnectionId } from './connectors/types';
import { isObject } from './guards';
import { checksumAddress, validateChainId } from './validation';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const STORAGE_KEYS = {
  current: 'walletdeck.current',
  disconnected: 'walletdeck.disconnected',
  connected: 'walletdeck.connected',
  extension: 'walletdeck.extension',
  withoutExtension: 'walletdeck.withoutExtension',
  account: 'walletdeck.account',
  /** The language the user picked (src/i18n/choose.ts). */
  language: 'walletdeck.language',
} as const;

/** The account and chain a connection was on when the page was last open. */
export interface LastAccount {
  kind: ConnectionId;
  address: string;
  chainId: number;
}

export interface SessionMemory {
  loadCurrent(): ConnectionId;
  /** The kind the user chose last, or undefined when they never chose one. */
  loadChoice(): ConnectionId | undefined;
  /** The browser extension the user picked (EIP-6963 rdns). */
  loadChosenExtension(): string | undefined;
  saveChosenExtension(rdns: string | undefined): void;
  saveCurrent(id: ConnectionId): void;
  /** The user pressed Disconnect: do not reconnect this kind silently on the next load. */
  wasDisconnected(id: ConnectionId): boolean;
  setDisconnected(id: ConnectionId, disconnected: boolean): void;
  /** This kind was connected when the page was last open: a reload shows "Reconnecting" for it. */
  wasConnected(id: ConnectionId): boolean;
  /** A connection succeeded: remember it, and forget an earlier disconnect. */
  rememberConnected(id: ConnectionId): void;
  /** The kinds whose extension suggestion the user passed with "Continue without it" (docs/behaviour.md §6.4). */
  loadWithoutExtension(): ConnectionId[];
  saveWithoutExtension(ids: readonly ConnectionId[]): void;
  /**
   * The current connection's account and chain when the page was last open (docs/behaviour.md §1.5):
   * a returning user's reads can leave before the wallet confirms them. Undefined when none or malformed.
   */
  loadLastAccount(): LastAccount | undefined;
  saveLastAccount(last: LastAccount | undefined): void;
}

/** Storage can throw (privacy modes, quota); losing memory must never break the app. */
function safely<T>(fallback: T, read: () => T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function createSessionMemory(storage: KeyValueStorage | undefined): SessionMemory {
  const readList = (key: string): ConnectionId[] =>
    safely([], () => {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isConnectionId) : [];
    });
  const writeList = (key: string, id: ConnectionId, member: boolean): void => {
    const list = readList(key);
    // Unchanged: no write (a reconnect at every page load would otherwise write twice on its path).
    if (list.includes(id) === member) return;
    const others = list.filter((k) => k !== id);
    const next = member ? [...others, id] : others;
    safely(undefined, () => (next.length === 0 ? storage?.removeItem(key) : storage?.setItem(key, JSON.stringify(next))));
  };
  const loadChoice = (): ConnectionId | undefined =>
    safely<ConnectionId | undefined>(undefined, () => {
      const raw = storage?.getItem(STORAGE_KEYS.current);
      return isConnectionId(raw) ? raw : undefined;
    });
  return {
    loadCurrent() {
      return loadChoice() ?? DEFAULT_CONNECTION;
    },
    loadChoice,
    loadChosenExtension() {
      return safely<string | undefined>(undefined, () => {
        const raw = storage?.getItem(STORAGE_KEYS.extension);
        return typeof raw === 'string' && raw !== '' && raw.length <= 300 ? raw : undefined;
      });
    },
    saveChosenExtension(rdns) {
      safely(undefined, () => (rdns === undefined ? storage?.removeItem(STORAGE_KEYS.extension) : storage?.setItem(STORAGE_KEYS.extension, rdns)));
    },
    saveCurrent(id) {
      safely(undefined, () => storage?.setItem(STORAGE_KEYS.current, id));
    },
    wasDisconnected(id) {
      return readList(STORAGE_KEYS.disconnected).includes(id);
    },
    setDisconnected(id, disconnected) {
      writeList(STORAGE_KEYS.disconnected, id, disconnected);
      if (disconnected) writeList(STORAGE_KEYS.connected, id, false);
    },
    wasConnected(id) {
      return readList(STORAGE_KEYS.connected).includes(id);
    },
    rememberConnected(id) {
      writeList(STORAGE_KEYS.disconnected, id, false);
      writeList(STORAGE_KEYS.connected, id, true);
    },
    loadWithoutExtension() {
      return [...new Set(readList(STORAGE_KEYS.withoutExtension))];
    },
    saveWithoutExtension(ids) {
      for (const id of ids) writeList(STORAGE_KEYS.withoutExtension, id, true);
    },
    loadLastAccount() {
      return safely<LastAccount | undefined>(undefined, () => {
        const raw = storage?.getItem(STORAGE_KEYS.account);
        if (typeof raw !== 'string' || raw.length > 200) return undefined;
        const parsed: unknown = JSON.parse(raw);
        if (!isObject(parsed)) return undefined;
        const { kind, address, chainId } = parsed;
        const checked = checksumAddress(address);
        const chain = validateChainId(chainId);
        // Exactly what was written (a checksummed address, a number): anything else is not ours.
        if (!isConnectionId(kind) || checked === undefined || checked !== address || !chain.ok || chain.value !== chainId) return undefined;
        return { kind, address: checked, chainId: chain.value };
      });
    },
    saveLastAccount(last) {
      safely(undefined, () =>
        last === undefined ? storage?.removeItem(STORAGE_KEYS.account) : storage?.setItem(STORAGE_KEYS.account, JSON.stringify({ kind: last.kind, address: last.address, chainId: last.chainId })),
      );
    },
  };
}
