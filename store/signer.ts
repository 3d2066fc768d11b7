// Who signs, and what a change of signer does to the signing outcomes and to a "Send to several"
// result (docs/behaviour.md §7.6, §7.9), from
// the slices' own data alone: the root reducer applies it, so it imports nothing that knows RootState.
import { connectionStatus } from './connectionView';
import { answersFor, outcomesFor, type SigningContext, type SigningState } from './signingSlice';
import { batchRunning, type BatchRequest, type TransactionsState } from './transactionsSlice';
import type { WalletState } from './walletSlice';

/** Who signs, from the wallet state alone: the current connection's account and chain while it is connected. */
export function signerOf(wallet: WalletState): SigningContext | undefined {
  const connectionId = wallet.current;
  const connection = wallet.connections[connectionId];
  if (connectionStatus(connection, wallet.activity[connectionId]) !== 'Connected') return undefined;
  const account = connection.accounts?.[0];
  return account !== undefined && connection.chainId !== undefined ? { connectionId, account, chainId: connection.chainId } : undefined;
}

const sameSigner = (a: SigningContext | undefined, b: SigningContext | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.connectionId === b.connectionId && a.chainId === b.chainId && a.account.toLowerCase() === b.account.toLowerCase());

/**
 * The signing state after an update (docs/behaviour.md §7.6): when the account, chain or wallet that
 * signs changed, every finished outcome is cleared (outcomesFor), so none comes back when they
 * return; and a request that ends
 * with the wallet's answer for another one than now signs leaves the form at once (answersFor).
 * Applied by the root reducer to every update, so any way the state changes (a saga, DevTools, a
 * replay) clears them. `signingBefore`: the signing state before the update, when there was one.
 */
export function signingAfterUpdate(signingBefore: SigningState | undefined, signing: SigningState, before: WalletState, after: WalletState): SigningState {
  if (before === after && signingBefore === signing) return signing;
  const now = signerOf(after);
  // Every finished outcome goes at a change: one of `now`'s own can only be from before an earlier change.
  const cleared = before === after || sameSigner(signerOf(before), now) ? signing : outcomesFor(signing, undefined);
  return signingBefore === undefined ? cleared : answersFor(signingBefore, cleared, now);
}

/** Whether a batch was asked of the account, chain and wallet that sign now. */
const batchOf = (batch: BatchRequest, now: SigningContext | undefined): boolean =>
  now !== undefined && batch.connectionId === now.connectionId && batch.chainId === now.chainId && batch.account.toLowerCase() === now.account.toLowerCase();

/**
 * The transactions state after an update (docs/behaviour.md §7.9), as for the signing outcomes: a
 * change of the account, chain or wallet that signs clears a finished "Send to several" of the one
 * before ("2 of 2 sent…" does not come back when they return), and one that ends with the wallet's
 * answer after such a change is never kept for the new one. A batch still running is the saga's: it
 * stops it between two transfers, and that end (the change is its reason) stays until the next change.
 */
export function transactionsAfterUpdate(transactionsBefore: TransactionsState | undefined, transactions: TransactionsState, before: WalletState, after: WalletState): TransactionsState {
  if (before === after && transactionsBefore === transactions) return transactions;
  const batch = transactions.batch;
  if (batch === null || batchRunning(batch)) return transactions;
  const now = signerOf(after);
  const cleared = { ...transactions, batch: null };
  if (before !== after && !sameSigner(signerOf(before), now)) return cleared;
  if (batchOf(batch, now)) return transactions;
  const endedNow = transactionsBefore?.batch?.id === batch.id && batchRunning(transactionsBefore.batch);
  // Stopped with a reason: the change itself stopped it (the user's own Stop has none).
  const stoppedByTheChange = batch.status === 'stopped' && batch.error !== undefined;
  return endedNow && !stoppedByTheChange ? cleared : transactions;
}
