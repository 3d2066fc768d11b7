// The checks every copy of a sent record passes (from the wallet's answer, a dispatched action, or
// storage, which is untrusted), the bounds of the list, and how it is kept across reloads
// (docs/behaviour.md §10). What a record is: src/lib/sentTransactions.ts.
import type { KeyValueStorage } from './persistence';
import {
  isCallsId,
  isRecipientName,
  isTransactionHash,
  MAX_PER_ACCOUNT_CHAIN,
  MAX_STORED_CHARS,
  MAX_TRANSACTIONS,
  MAX_TRANSFERS,
  sentKey,
  STORED_VERSION,
  TRANSACTIONS_KEY,
  type SentReceipt,
  type SentStatus,
  type SentTransaction,
  type SentTransfer,
  type SentVia,
  type TransactionMemory,
} from './sentTransactions';
import { isRecord } from './guards';
import { checksumAddress, validateChainId } from './validation';

const STATUSES: ReadonlySet<string> = new Set<SentStatus>(['pending', 'confirmed', 'failed', 'partial', 'unconfirmed']);
const MAX_UINT256 = (1n << 256n) - 1n;

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
