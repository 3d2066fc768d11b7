// Transactions the user sent (docs/behaviour.md §10): the recent ones of every account and chain (kept
// across reloads by sagas/transactions.ts) and the toasts open for them, and "Send to several" (§7.9).
// Every payload of a record or a batch step is checked (src/lib/sentRecords.ts), so a replayed or
// hand-made action cannot store a bad entry. The whole slice is in the first script: no action waits
// for code to be stored.
import { createAction, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ConnectionId } from '../src/lib/connectors/types';
import type { WalletError } from '../src/lib/errors';
import { isObject } from '../src/lib/guards';
import { boundTransactions, readSentTransaction, readTransactionList, readTransfer } from '../src/lib/sentRecords';
import { MAX_TRANSFERS, sentKey, type SentReceipt, type SentStatus, type SentTransaction, type SentTransfer } from '../src/lib/sentTransactions';

export interface TransactionsState {
  /** Newest first, bounded (MAX_PER_ACCOUNT_CHAIN per account and chain, MAX_TRANSACTIONS in all). */
  list: SentTransaction[];
  /** Keys (sentKey) of the transactions with a toast on screen, oldest first. */
  toasts: string[];
  /**
   * Keys of the toasts the pointer is over or the focus is in: their countdown waits. State, not a
   * component's timer, so the expiry saga reads it and DevTools replays it like any other action.
   */
  heldToasts: string[];
  /** The list kept from earlier visits has been read (or there was none). */
  restored: boolean;
  /** "Send to several": the last request, while it runs and after (its outcome), or null. */
  batch: BatchRequest | null;
}

/** How a "Send to several" goes (docs/behaviour.md §7.9). */
export type BatchMode =
  /** One wallet_sendCalls, all or nothing (the wallet says `atomic` is supported or ready). */
  | 'atomic'
  /** One eth_sendTransaction per transfer, in order. */
  | 'oneByOne';

export type BatchStatus =
  /** Reading what the wallet can do (wallet_getCapabilities). */
  | 'checking'
  /** The wallet has been asked (the batch, or the next transfer). */
  | 'waiting'
  /** Every transfer was accepted by the wallet. */
  | 'done'
  /** The user stopped it (the transfers not sent stay in the form). */
  | 'stopped'
  /** The user refused in the wallet. */
  | 'declined'
  | 'failed';

export interface BatchRequest {
  id: string;
  connectionId: ConnectionId;
  account: string;
  chainId: number;
  transfers: SentTransfer[];
  mode?: BatchMode;
  status: BatchStatus;
  /** How many transfers, in order, the wallet accepted (all of them at once for an atomic batch). */
  sent: number;
  /** The user asked to stop: no transfer after the one the wallet is asked about now. */
  stopRequested: boolean;
  /** The record of an atomic batch (sentKey). */
  key?: string;
  error?: WalletError;
}

const BATCH_ENDS: ReadonlySet<BatchStatus> = new Set<BatchStatus>(['done', 'stopped', 'declined', 'failed']);
export const batchRunning = (batch: BatchRequest | null | undefined): boolean => batch != null && !BATCH_ENDS.has(batch.status);

/** Toasts on screen at once; an older one closes when a newer one would exceed this. */
export const MAX_TOASTS = 3;

/** How long a settled toast stays on screen (not held) before it leaves by itself (docs/behaviour.md §9). */
export const TOAST_MS = 6_000;

const initialState: TransactionsState = { list: [], toasts: [], heldToasts: [], restored: false, batch: null };

export interface BatchArgs {
  connectionId: ConnectionId;
  account: string;
  chainId: number;
  transfers: SentTransfer[];
}

/**
 * A step of a running batch: `mode` once the wallet said what it can do (the wallet is asked then);
 * `sent`, the transfers accepted so far, in order (all of them: done); `stop`, the user's Stop;
 * `end`, how it ended.
 */
export interface BatchChange {
  id: string;
  mode?: BatchMode;
  sent?: number;
  key?: string;
  stop?: true;
  end?: 'stopped' | 'declined' | 'failed';
  error?: WalletError;
}

/** What the wallet's answer tells (the rest comes from the request it answered). */
export type SentPayload = Omit<SentTransaction, 'status' | 'blockNumber' | 'receipts'>;

/** A record in an action: its key (sentKey), the same for every `via` kind. */
export interface TxRef {
  key: string;
}

/** A follower's finding: where a record settled. Checked like any record before it is stored. */
export interface Settlement extends TxRef {
  status: Extract<SentStatus, 'confirmed' | 'failed' | 'partial'>;
  blockNumber?: number;
  /** The chain hash, when the follower learned it (a batch's or a proposal's). */
  hash?: string;
  receipts?: SentReceipt[];
}

export const keyOf = (tx: SentTransaction): string => sentKey(tx);

export function find(state: TransactionsState, ref: unknown): SentTransaction | undefined {
  if (!isObject(ref)) return undefined;
  const { key } = ref as Partial<TxRef>;
  if (typeof key !== 'string') return undefined;
  return state.list.find((tx) => keyOf(tx) === key);
}

/** The toasts of transactions still in the list (a bounded list may have dropped one). */
export function pruneToasts(state: TransactionsState): void {
  const known = new Set(state.list.map(keyOf));
  state.toasts = state.toasts.filter((key) => known.has(key)).slice(-MAX_TOASTS);
  state.heldToasts = state.heldToasts.filter((key) => state.toasts.includes(key));
}

/** A toast that counts down to leaving by itself: its transaction is no longer pending. */
export const toastCountsDown = (tx: SentTransaction): boolean => tx.status !== 'pending';

function closeToast(state: TransactionsState, key: string): void {
  state.toasts = state.toasts.filter((k) => k !== key);
  state.heldToasts = state.heldToasts.filter((k) => k !== key);
}

/** The wallet accepted a transaction: it is pending, in its account's recent list, with a toast. */
const sent = createAction<SentPayload>('transactions/sent');
/** Its follower found where it settled: confirmed, failed or (a batch) partly through. */
const settled = createAction<Settlement>('transactions/settled');

/** "Send to several" (docs/behaviour.md §7.9). */
export const batchActions = {
  /** Ignored while one runs, or when a transfer is not one (2 to MAX_TRANSFERS, each checked as a record's is). */
  requested: createAction('transactions/batchRequested', (args: BatchArgs) => ({ payload: { ...args, id: nanoid() } })),
  /** A running batch moves on: see BatchChange. */
  changed: createAction<BatchChange>('transactions/batchChanged'),
  /** The form took the outcome in (or the user edited it): it is no longer shown. */
  cleared: createAction<{ id: string }>('transactions/batchCleared'),
};

const slice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    /** The list kept from an earlier visit has been read (untrusted: checked entry by entry), merged under this page's. */
    restored(state, action: PayloadAction<{ transactions: unknown }>) {
      state.restored = true;
      const earlier = readTransactionList(isObject(action.payload) ? action.payload.transactions : undefined);
      const known = new Set(state.list.map(keyOf));
      state.list = boundTransactions([...state.list, ...earlier.filter((tx) => !known.has(keyOf(tx)))]);
      pruneToasts(state);
    },
    /** Followed for as long as we follow, without a receipt: it may still be mined. */
    unconfirmed(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (tx?.status === 'pending') tx.status = 'unconfirmed';
    },
    /** Followed again (a reload, or a new look): pending until its receipt says otherwise. */
    recheckStarted(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (tx?.status === 'unconfirmed') tx.status = 'pending';
    },
    toastDismissed(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (tx) closeToast(state, keyOf(tx));
    },
    /** Its countdown ran out (sagas/transactions.ts): only a settled toast that nobody holds leaves. */
    toastExpired(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (!tx || !toastCountsDown(tx)) return;
      const key = keyOf(tx);
      if (!state.heldToasts.includes(key)) closeToast(state, key);
    },
    /** The pointer is over the toast or the focus is in it: it stays. */
    toastHeld(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (!tx) return;
      const key = keyOf(tx);
      if (state.toasts.includes(key) && !state.heldToasts.includes(key)) state.heldToasts.push(key);
    },
    /** Neither pointer nor focus is on it any more: its countdown starts again from the beginning. */
    toastReleased(state, action: PayloadAction<TxRef>) {
      const tx = find(state, action.payload);
      if (!tx) return;
      const key = keyOf(tx);
      state.heldToasts = state.heldToasts.filter((k) => k !== key);
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(sent, (state, action) => {
        const tx = readSentTransaction({ ...action.payload, status: 'pending', blockNumber: undefined, receipts: undefined });
        if (!tx) return;
        const key = keyOf(tx);
        if (state.list.some((t) => keyOf(t) === key)) return;
        state.list = boundTransactions([tx, ...state.list]);
        state.toasts = [...state.toasts.filter((k) => k !== key), key];
        pruneToasts(state);
      })
      .addCase(settled, (state, action) => {
        const tx = find(state, action.payload);
        if (!tx || (tx.status !== 'pending' && tx.status !== 'unconfirmed')) return;
        const { status, blockNumber, hash, receipts } = action.payload;
        if (status !== 'confirmed' && status !== 'failed' && status !== 'partial') return;
        // The record as it would become, checked as a whole; its identity cannot change.
        const next = readSentTransaction({ ...tx, status, blockNumber, hash: hash ?? tx.hash, receipts });
        if (!next || keyOf(next) !== keyOf(tx)) return;
        Object.assign(tx, next);
      })
      .addCase(batchActions.requested, (state, action) => {
        if (batchRunning(state.batch)) return;
        const { id, connectionId, account, chainId, transfers } = action.payload;
        if (typeof id !== 'string' || !Array.isArray(transfers) || transfers.length < 2 || transfers.length > MAX_TRANSFERS) return;
        const checked = transfers.map(readTransfer);
        if (checked.some((t) => t === undefined || /^0x0{40}$/.test(t.to))) return;
        state.batch = { id, connectionId, account, chainId, transfers: checked as SentTransfer[], status: 'checking', sent: 0, stopRequested: false };
      })
      .addCase(batchActions.changed, (state, action) => {
        const batch = state.batch;
        const { id, mode, sent: accepted, key, stop, end, error } = action.payload ?? {};
        if (!batch || batch.id !== id || !batchRunning(batch)) return;
        if (mode === 'atomic' || mode === 'oneByOne') Object.assign(batch, { mode, status: 'waiting' });
        if (accepted !== undefined && Number.isInteger(accepted) && accepted >= batch.sent && accepted <= batch.transfers.length) {
          batch.sent = accepted;
          if (accepted === batch.transfers.length) batch.status = 'done';
        }
        if (typeof key === 'string') batch.key = key;
        if (stop === true) batch.stopRequested = true;
        if (end === 'stopped' || end === 'declined' || end === 'failed') {
          batch.status = end;
          if (typeof error?.name === 'string' && typeof error.message === 'string') batch.error = { name: error.name, message: error.message, ...(Number.isInteger(error.code) ? { code: error.code } : {}) };
        }
      })
      .addCase(batchActions.cleared, (state, action) => {
        if (state.batch && state.batch.id === action.payload?.id && !batchRunning(state.batch)) state.batch = null;
      }),
});

export const transactionsSlice = slice;

/** The actions; `sent` and `settled` are checked and stored as records (src/lib/sentRecords.ts). */
export const transactionsActions = { ...slice.actions, sent, settled };
