// What the transactions sagas get through saga context. Its own module so that the composition root
// and the first-visit start of the connected watchers (sagas/whenConnected.ts) read it without
// bringing the transactions sagas themselves (sagas/transactions.ts, chunk "connected") into main.
import type { SagaIterator } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import type { KeyValueStorage } from '../src/lib/persistence';
import { TRANSACTIONS_KEY } from '../src/lib/sentTransactions';

/** Saga context key for TransactionsSagaContext (optional: nothing is kept across reloads without it). */
export const TRANSACTIONS_CONTEXT = 'transactions';

export interface TransactionsSagaContext {
  /** Where the recent transactions are kept across reloads; any call may throw. */
  storage?: KeyValueStorage;
  /** The clock that stamps a sent transaction (tests pass their own). */
  now?: () => number;
  /** "Send to several": its own time limits (sagas/batch.ts; the defaults apply without). */
  batchTimeouts?: { capabilitiesMs?: number };
}

export function* transactionsContext(): SagaIterator<TransactionsSagaContext> {
  const context: TransactionsSagaContext | undefined = yield getContext(TRANSACTIONS_CONTEXT);
  return context ?? {};
}

/** Whether storage holds a list kept from an earlier visit (storage may refuse: then it holds none). */
export function hasKeptList(storage: KeyValueStorage | undefined): boolean {
  try {
    return typeof storage?.getItem(TRANSACTIONS_KEY) === 'string';
  } catch {
    return false;
  }
}
