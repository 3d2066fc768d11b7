// Transactions the user sent (docs/behaviour.md §10), as plain data: what one is, its key, and the bounds
// of the list. The checks every copy of one passes and how the list is kept across reloads are in
// src/lib/sentRecords.ts, which loads with the code that records or reads them.
//
// A record is identified by what the wallet returned, never by a guess: `via` says what that was.
// - { kind: 'transaction' }: eth_sendTransaction's hash, which is followed on the chain. For a smart
//   account it may be the hash of a bundle that carries the user's call: still the user's.
// - { kind: 'calls', id }: wallet_sendCalls' batch id (EIP-5792), followed with wallet_getCallsStatus.
// - { kind: 'safe', safeTxHash }: a Safe proposal; its chain hash is known only once it is executed.
// `hash` is the chain transaction's hash once it is known (always, for 'transaction').

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

/** The identity the wallet returned: the hash, the batch id (case kept: it is the wallet's text) or the Safe hash. */
export const identityOf = ({ via, hash }: Pick<SentTransaction, 'via' | 'hash'>): string =>
  via.kind === 'calls' ? via.id : (via.kind === 'safe' ? via.safeTxHash : (hash ?? '')).toLowerCase();

/** One transaction's key: the same hash on two chains is two transactions. */
export const transactionKey = (chainId: number, hash: string): string => `${chainId}:${hash.toLowerCase()}`;

/** A record's key, unique per chain: a transaction's is its hash's (as before); a batch's and a Safe proposal's are marked. */
export const sentKey = (tx: Pick<SentTransaction, 'via' | 'hash' | 'chainId'>): string =>
  `${tx.chainId}:${tx.via.kind === 'transaction' ? '' : `${tx.via.kind}:`}${identityOf(tx)}`;

/** The sent transactions across reloads. Storage is untrusted and may refuse every call. */
export interface TransactionMemory {
  load(): SentTransaction[];
  save(list: readonly SentTransaction[]): void;
}
