// Transactions the user sent (docs/behaviour.md §10), as plain data: what one is, the checks every copy of
// one passes (from the wallet's answer, a dispatched action, or storage, which is untrusted), the
// bounds of the list, and how the list is kept across reloads.
import type { KeyValueStorage } from './persistence';
import { checksumAddress, validateChainId } from './validation';
import { isRecord } from './guards';

export type SentStatus =
  /** Accepted by the wallet, not mined yet. */
  | 'pending'
  | 'confirmed'
  /** Mined, and reverted. */
  | 'failed'
  /** No receipt within the time it was followed: it may still be mined (re-checked on the next load). */
  | 'unconfirmed';

export interface SentTransaction {
  hash: string;
  /** The chain and account (checksummed) the wallet was asked for: the transaction belongs to them. */
  chainId: number;
  account: string;
  /** The recipient's address (checksummed), and the verified name the user typed, if any. */
  to: string;
  toName?: string;
  /** Decimal string (the store keeps no bigint). */
  valueWei: string;
  status: SentStatus;
  /** Where it was mined (confirmed or failed). */
  blockNumber?: number;
  /** When the wallet answered (ms since 1970). */
  sentAt: number;
}

/** The recent transactions kept per account and chain (the oldest is dropped first). */
export const MAX_PER_ACCOUNT_CHAIN = 10;
/** Kept in all, across accounts and chains. */
export const MAX_TRANSACTIONS = 100;
/** A stored list longer than this is not read at all (it cannot be ours). */
export const MAX_STORED_CHARS = 200_000;
export const TRANSACTIONS_KEY = 'walletdeck.transactions';
/** The longest name taken as a recipient (DNS's bound; ENS names in use are far shorter). */
export const MAX_NAME_LENGTH = 255;

export function isTransactionHash(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

/** A recipient name as it may be stored or sent: text with a dot, no spaces, not too long (normalised later). */
export function isRecipientName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && /^[^\s.][^\s]*\.[^\s]*[^\s.]$/u.test(value);
}

const STATUSES: ReadonlySet<string> = new Set<SentStatus>(['pending', 'confirmed', 'failed', 'unconfirmed']);
const MAX_UINT256 = (1n << 256n) - 1n;

/** One transaction's identity: the same hash on two chains is two transactions. */
export const transactionKey = (chainId: number, hash: string): string => `${chainId}:${hash.toLowerCase()}`;


/** A well-formed wei amount (decimal digits, at most 2^256 - 1), or undefined. */
export function readWei(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^[0-9]{1,78}$/.test(raw)) return undefined;
  const value = BigInt(raw);
  return value <= MAX_UINT256 ? value.toString() : undefined;
}

const readBlock = (raw: unknown): number | undefined => (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : undefined);

/**
 * A transaction from anywhere (storage, an action, DevTools) checked field by field, or undefined
 * when any field is not what it must be. Only known fields are kept.
 */
export function readSentTransaction(raw: unknown): SentTransaction | undefined {
  try {
    if (!isRecord(raw)) return undefined;
    const { hash, chainId, account, to, toName, valueWei, status, blockNumber, sentAt } = raw;
    if (!isTransactionHash(hash)) return undefined;
    const chain = validateChainId(chainId);
    const from = checksumAddress(account);
    const recipient = checksumAddress(to);
    const wei = readWei(valueWei);
    if (!chain.ok || typeof chainId !== 'number' || !from || !recipient || wei === undefined) return undefined;
    if (typeof status !== 'string' || !STATUSES.has(status)) return undefined;
    if (typeof sentAt !== 'number' || !Number.isFinite(sentAt) || sentAt < 0) return undefined;
    const block = readBlock(blockNumber);
    const mined = status === 'confirmed' || status === 'failed';
    if (mined !== (block !== undefined)) return undefined;
    if (toName !== undefined && !isRecipientName(toName)) return undefined;
    const name = toName;
    return {
      hash: hash.toLowerCase(),
      chainId: chain.value,
      account: from,
      to: recipient,
      ...(name !== undefined ? { toName: name } : {}),
      valueWei: wei,
      status: status as SentStatus,
      ...(block !== undefined ? { blockNumber: block } : {}),
      sentAt,
    };
  } catch {
    // A hostile object (a Proxy, a getter that throws) is not a transaction.
    return undefined;
  }
}

/**
 * The list kept: newest first, one entry per transaction, at most MAX_PER_ACCOUNT_CHAIN for each
 * account and chain and MAX_TRANSACTIONS in all (the oldest are dropped).
 */
export function boundTransactions(list: readonly SentTransaction[]): SentTransaction[] {
  const sorted = [...list].sort((a, b) => b.sentAt - a.sentAt);
  const seen = new Set<string>();
  const perOwner = new Map<string, number>();
  const kept: SentTransaction[] = [];
  for (const tx of sorted) {
    const key = transactionKey(tx.chainId, tx.hash);
    if (seen.has(key)) continue;
    seen.add(key);
    const owner = `${tx.chainId}:${tx.account.toLowerCase()}`;
    const count = perOwner.get(owner) ?? 0;
    if (count >= MAX_PER_ACCOUNT_CHAIN) continue;
    perOwner.set(owner, count + 1);
    kept.push(tx);
    if (kept.length >= MAX_TRANSACTIONS) break;
  }
  return kept;
}

/** A list read back from anywhere: every well-formed entry, bounded; anything else is dropped. */
export function readTransactionList(raw: unknown): SentTransaction[] {
  if (!Array.isArray(raw)) return [];
  const entries: SentTransaction[] = [];
  // Bounded before checking: a huge array costs no more than a full one.
  for (const item of raw.slice(0, MAX_TRANSACTIONS * 2)) {
    const tx = readSentTransaction(item);
    if (tx) entries.push(tx);
  }
  return boundTransactions(entries);
}

/** The sent transactions across reloads. Storage is untrusted and may refuse every call. */
export interface TransactionMemory {
  load(): SentTransaction[];
  save(list: readonly SentTransaction[]): void;
}

/** How far along a transaction is: a later word never gives way to an earlier one. */
const SETTLED: Record<SentStatus, number> = { pending: 0, unconfirmed: 0, confirmed: 1, failed: 1 };

/**
 * Two copies of the list (this page's and one another tab wrote meanwhile) as one: every transaction
 * of either, each as the more settled copy has it, bounded.
 */
export function mergeTransactions(mine: readonly SentTransaction[], theirs: readonly SentTransaction[]): SentTransaction[] {
  const byKey = new Map<string, SentTransaction>();
  for (const tx of [...theirs, ...mine]) {
    const key = transactionKey(tx.chainId, tx.hash);
    const known = byKey.get(key);
    if (!known || SETTLED[tx.status] >= SETTLED[known.status]) byKey.set(key, tx);
  }
  return boundTransactions([...byKey.values()]);
}

export function createTransactionMemory(storage: KeyValueStorage | undefined): TransactionMemory {
  const load = (): SentTransaction[] => {
    try {
      const text = storage?.getItem(TRANSACTIONS_KEY);
      if (typeof text !== 'string' || text.length > MAX_STORED_CHARS) return [];
      const parsed: unknown = JSON.parse(text);
      return readTransactionList(isRecord(parsed) && parsed['v'] === 1 ? parsed['transactions'] : undefined);
    } catch {
      return [];
    }
  };
  return {
    load,
    save(list) {
      try {
        // Another tab may have written its own since: theirs are kept too.
        const merged = mergeTransactions(list, load());
        if (merged.length === 0) storage?.removeItem(TRANSACTIONS_KEY);
        else storage?.setItem(TRANSACTIONS_KEY, JSON.stringify({ v: 1, transactions: merged }));
      } catch {
        // Storage full or refused: the list still works for this page.
      }
    },
  };
}
