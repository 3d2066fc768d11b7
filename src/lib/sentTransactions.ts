// Transactions the user sent (docs/behaviour.md §10), as plain data: what one is, the checks every copy of
// one passes (from the wallet's answer, a dispatched action, or storage, which is untrusted), the
// bounds of the list, and how the list is kept across reloads.
//
// A record is identified by what the wallet returned, never by a guess: `via` says what that was.
// - { kind: 'transaction' }: eth_sendTransaction's hash, which is followed on the chain. For a smart
//   account it may be the hash of a bundle that carries the user's call: still the user's.
// - { kind: 'calls', id }: wallet_sendCalls' batch id (EIP-5792), followed with wallet_getCallsStatus.
// - { kind: 'safe', safeTxHash }: a Safe proposal; its chain hash is known only once it is executed.
// `hash` is the chain transaction's hash once it is known (always, for 'transaction').
import type { KeyValueStorage } from './persistence';
import { checksumAddress, validateChainId } from './validation';
import { isRecord } from './guards';

export type SentStatus =
  /** Accepted by the wallet, not mined yet. */
  | 'pending'
  | 'confirmed'
  /** Mined and reverted; or, for a batch, refused by the wallet after it accepted it (no block). */
  | 'failed'
  /** A batch of which some calls went through and some did not (EIP-5792 status 600). */
  | 'partial'
  /** No receipt within the time it was followed: it may still be mined (re-checked on the next load). */
  | 'unconfirmed';

export type SentVia = { kind: 'transaction' } | { kind: 'calls'; id: string } | { kind: 'safe'; safeTxHash: string };
export type SentViaKind = SentVia['kind'];

/** One transfer: the recipient's address (checksummed), the verified name the user typed, the amount. */
export interface SentTransfer {
  to: string;
  toName?: string;
  /** Decimal string (the store keeps no bigint). */
  valueWei: string;
}

/** A chain receipt a batch's wallet reported (one per transaction that carried its calls). */
export interface SentReceipt {
  hash: string;
  blockNumber: number;
  success: boolean;
}

export interface SentTransaction {
  via: SentVia;
  /** The chain transaction's hash, once known (always for 'transaction'; lowercase). */
  hash?: string;
  /** The chain and account (checksummed) the wallet was asked for: the transaction belongs to them. */
  chainId: number;
  account: string;
  /** What was sent: one transfer, or a batch's (at most MAX_TRANSFERS). */
  transfers: SentTransfer[];
  status: SentStatus;
  /** Where it was mined (for a batch: the last of its receipts' blocks). */
  blockNumber?: number;
  /** A batch's receipts as its wallet reported them. */
  receipts?: SentReceipt[];
  /** When the wallet answered (ms since 1970). */
  sentAt: number;
}

/** The recent transactions kept per account and chain (the oldest is dropped first). */
export const MAX_PER_ACCOUNT_CHAIN = 10;
/** Kept in all, across accounts and chains. */
export const MAX_TRANSACTIONS = 100;
/** Transfers in one batch ("Send to several"). */
export const MAX_TRANSFERS = 10;
/** The longest batch id taken from a wallet (EIP-5792 bounds it at 4096 bytes; hex ids are 66 characters). */
export const MAX_CALLS_ID_LENGTH = 4096;
/** A stored list longer than this is not read at all (it cannot be ours). */
export const MAX_STORED_CHARS = 1_000_000;
export const TRANSACTIONS_KEY = 'walletdeck.transactions';
/** The stored list's version: 2 since records carry `via` and `transfers`; version 1 lists still load. */
export const STORED_VERSION = 2;
/** The longest name taken as a recipient (DNS's bound; ENS names in use are far shorter). */
export const MAX_NAME_LENGTH = 255;

export function isTransactionHash(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

/** A batch id as a wallet may return it: text, printable, not empty, bounded. */
export function isCallsId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_CALLS_ID_LENGTH && /^[\x21-\x7e]+$/.test(value);
}

/** A recipient name as it may be stored or sent: text with a dot, no spaces, not too long (normalised later). */
export function isRecipientName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_NAME_LENGTH && /^[^\s.][^\s]*\.[^\s]*[^\s.]$/u.test(value);
}

const STATUSES: ReadonlySet<string> = new Set<SentStatus>(['pending', 'confirmed', 'failed', 'partial', 'unconfirmed']);
const MAX_UINT256 = (1n << 256n) - 1n;

/** The identity the wallet returned: the hash, the batch id (case kept: it is the wallet's text) or the Safe hash. */
export const identityOf = ({ via, hash }: Pick<SentTransaction, 'via' | 'hash'>): string =>
  via.kind === 'calls' ? via.id : (via.kind === 'safe' ? via.safeTxHash : (hash ?? '')).toLowerCase();

/** One transaction's key: the same hash on two chains is two transactions. */
export const transactionKey = (chainId: number, hash: string): string => `${chainId}:${hash.toLowerCase()}`;

/** A record's key, unique per chain: a transaction's is its hash's (as before); a batch's and a Safe proposal's are marked. */
export const sentKey = (tx: Pick<SentTransaction, 'via' | 'hash' | 'chainId'>): string =>
  `${tx.chainId}:${tx.via.kind === 'transaction' ? '' : `${tx.via.kind}:`}${identityOf(tx)}`;

/** A well-formed wei amount (decimal digits, at most 2^256 - 1), or undefined. */
export function readWei(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/^[0-9]{1,78}$/.test(raw)) return undefined;
  const value = BigInt(raw);
  return value <= MAX_UINT256 ? value.toString() : undefined;
}

const isBlock = (raw: unknown): raw is number => typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0;

/** Thrown inside the readers below: the value is not what it must be. */
const refuse = (): never => {
  throw new TypeError('not a sent transaction');
};
const need = (ok: unknown): void => {
  if (!ok) refuse();
};
/** Runs a reader; anything refused (or a hostile object: a Proxy, a getter that throws) is undefined. */
function tryRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function viaOf(raw: unknown): SentVia {
  // Records from before batches have no `via`: their hash was the transaction.
  if (raw === undefined) return { kind: 'transaction' };
  need(isRecord(raw));
  const { kind, id, safeTxHash } = raw as Record<string, unknown>;
  if (kind === 'transaction') return { kind };
  if (kind === 'calls' && isCallsId(id)) return { kind, id };
  if (kind === 'safe' && isTransactionHash(safeTxHash)) return { kind, safeTxHash: safeTxHash.toLowerCase() };
  return refuse();
}

function transferOf(raw: unknown): SentTransfer {
  need(isRecord(raw));
  const { to, toName, valueWei } = raw as Record<string, unknown>;
  const recipient = checksumAddress(to);
  const wei = readWei(valueWei);
  need(recipient && wei !== undefined && (toName === undefined || isRecipientName(toName)));
  return { to: recipient!, ...(toName !== undefined ? { toName: toName as string } : {}), valueWei: wei! };
}

/** One transfer checked field by field, or undefined. */
export const readTransfer = (raw: unknown): SentTransfer | undefined => tryRead(() => transferOf(raw));

function receiptOf(raw: unknown): SentReceipt {
  need(isRecord(raw));
  const { hash, blockNumber, success } = raw as Record<string, unknown>;
  need(isTransactionHash(hash) && isBlock(blockNumber) && typeof success === 'boolean');
  return { hash: (hash as string).toLowerCase(), blockNumber: blockNumber as number, success: success as boolean };
}

/** A list of at most MAX_TRANSFERS items, each read by `read` (one bad item refuses the list). */
function listOf<T>(raw: unknown, read: (item: unknown) => T, min: number): T[] {
  need(Array.isArray(raw) && raw.length >= min && raw.length <= MAX_TRANSFERS);
  return (raw as unknown[]).map(read);
}

/**
 * A transaction from anywhere (storage, an action, DevTools) checked field by field, or undefined
 * when any field is not what it must be. Only known fields are kept. Records stored before batches
 * (a `hash` and one transfer's fields) read as { kind: 'transaction' } with one transfer.
 */
export const readSentTransaction = (raw: unknown): SentTransaction | undefined =>
  tryRead(() => {
    need(isRecord(raw));
    const record = raw as Record<string, unknown>;
    const { hash, chainId, account, status, blockNumber, sentAt, transfers, receipts } = record;
    const via = viaOf(record['via']);
    const batch = via.kind === 'calls';
    const chain = validateChainId(chainId);
    const from = checksumAddress(account);
    // Records from before batches carried their one transfer's fields on the record itself.
    const sent = transfers === undefined ? [transferOf(record)] : listOf(transfers, transferOf, 1);
    const settled = status === 'confirmed' || status === 'failed' || status === 'partial';
    need(chain.ok && typeof chainId === 'number' && from);
    // A transaction is known by its hash; a batch or a proposal may not have one yet.
    need(hash === undefined ? via.kind !== 'transaction' : isTransactionHash(hash));
    // One transaction carries one transfer; several go as a batch.
    need(batch || sent.length === 1);
    need(typeof status === 'string' && STATUSES.has(status) && (status !== 'partial' || batch));
    need(typeof sentAt === 'number' && Number.isFinite(sentAt) && sentAt >= 0);
    // Only a settled record has a block; a settled transaction always has one.
    need(blockNumber === undefined ? !settled || via.kind !== 'transaction' : isBlock(blockNumber) && settled);
    need(receipts === undefined || batch);
    return {
      via,
      ...(hash !== undefined ? { hash: (hash as string).toLowerCase() } : {}),
      chainId: chain.ok ? chain.value : refuse(),
      account: from!,
      transfers: sent,
      status: status as SentStatus,
      ...(blockNumber !== undefined ? { blockNumber: blockNumber as number } : {}),
      ...(receipts !== undefined ? { receipts: listOf(receipts, receiptOf, 0) } : {}),
      sentAt: sentAt as number,
    };
  });

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
    const key = sentKey(tx);
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
const SETTLED: Record<SentStatus, number> = { pending: 0, unconfirmed: 0, confirmed: 1, failed: 1, partial: 1 };

/**
 * Two copies of the list (this page's and one another tab wrote meanwhile) as one: every transaction
 * of either, each as the more settled copy has it, bounded.
 */
export function mergeTransactions(mine: readonly SentTransaction[], theirs: readonly SentTransaction[]): SentTransaction[] {
  const byKey = new Map<string, SentTransaction>();
  for (const tx of [...theirs, ...mine]) {
    const key = sentKey(tx);
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
      // Version 1 (before batches) reads through the same checks: its records are transactions.
      const known = isRecord(parsed) && (parsed['v'] === 1 || parsed['v'] === STORED_VERSION);
      return readTransactionList(known ? parsed['transactions'] : undefined);
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
        else storage?.setItem(TRANSACTIONS_KEY, JSON.stringify({ v: STORED_VERSION, transactions: merged }));
      } catch {
        // Storage full or refused: the list still works for this page.
      }
    },
  };
}
