// Following one sent record to where it settles: loaded by sagas/transactions.ts when there is one to
// follow. One mechanism, one follower per `via` kind (src/lib/sentTransactions.ts): a transaction's
// receipt is read on the chain's public endpoints (never the wallet); a batch's status is asked of
// the wallet that sent it (EIP-5792 wallet_getCallsStatus); a Safe proposal's, of Safe{Wallet} through
// the Safe's connector. Every answer is untrusted, every wait bounded.
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { readCallsStatus, type CallsStatus } from '../src/lib/batchCalls';
import type { Eip1193Provider, ProposalState } from '../src/lib/connectors/types';
import { isRecord } from '../src/lib/guards';
import { isTransactionHash, sentKey, type SentTransaction, type SentVia, type SentViaKind } from '../src/lib/sentTransactions';
import { blockTag, chainApi } from '../store/chainApi';
import { rpcApi } from '../store/rpcApi';
import type { RootState } from '../store/types';
import { transactionsApi, type ReceiptOutcome } from '../store/transactionsApi';
// Its records reducer joins the slice with this chunk: what the follower reads back and settles is checked there.
import { transactionsActions as actions } from '../store/transactionsSlice';
import { walletOfAccount } from './batchWallet';
import type { SigningTimeouts } from './signingContext';

/** Reads the receipt through the RTK Query API (the thunk goes through the store's dispatch). */
function* readReceipt(chainId: number, hash: string): SagaIterator<ReceiptOutcome> {
  const thunk = transactionsApi.endpoints.getTransactionReceipt.initiate({ chainId, hash }, { subscribe: false, forceRefetch: true });
  // put() hands its argument to the store's dispatch, which runs thunks and returns their result.
  const query: ReturnType<typeof thunk> = yield put(thunk as unknown as UnknownAction);
  const outcome: ReceiptOutcome = yield call([query, query.unwrap]);
  return outcome;
}

interface Mined {
  blockNumber: number;
  success: boolean;
}

function* receiptOf(chainId: number, hash: string, timeouts: SigningTimeouts): SagaIterator<Mined> {
  while (true) {
    try {
      const outcome: { receipt?: ReceiptOutcome; timeout?: true } = yield race({ receipt: call(readReceipt, chainId, hash), timeout: delay(timeouts.readMs) });
      if (outcome.receipt) return outcome.receipt;
    } catch {
      // An endpoint failing or answering nonsense is not the transaction's fate: keep following.
    }
    yield delay(timeouts.pollMs);
  }
}

/** The chain's latest block (as shown), when the page reads it. */
const shownBlock = (state: RootState, chainId: number): number | undefined => chainApi.endpoints.getBlockNumber.select(chainId)(state).data;

/** Whether the chain's latest block or one of its balances is being read now. */
function readingChain(state: RootState, chainId: number): boolean {
  return Object.values(state.rpc.queries).some(
    (entry) =>
      entry?.status === 'pending' &&
      ((entry.endpointName === 'getBlockNumber' && entry.originalArgs === chainId) ||
        (entry.endpointName === 'getBalance' && isRecord(entry.originalArgs) && entry.originalArgs['chainId'] === chainId)),
  );
}

function* untilChainRead(chainId: number): SagaIterator {
  while ((yield select(readingChain, chainId)) as boolean) yield take('*');
}

/**
 * The page agrees with the toast (docs/behaviour.md §10.2): before a record settles in block `blockNumber`,
 * the chain's latest block is read again, and with it, in the same batch, every balance of that chain
 * on screen (getBlockNumber invalidates them: store/chainApi.ts); the settlement waits for the answers
 * (at most one read's time), so "Confirmed in block 56" never stands beside "latest block 55" and the
 * old balance. A read already under way (a poll that may have left before the block) is waited for
 * first. An endpoint that lags behind the receipt's still never shows an older block than the record's.
 */
function* catchUp(chainId: number, blockNumber: number | undefined, timeouts: SigningTimeouts): SagaIterator {
  const shown: number | undefined = yield select(shownBlock, chainId);
  if (shown !== undefined && blockNumber !== undefined && shown >= blockNumber) return;
  yield race({
    read: call(function* readAgain(): SagaIterator {
      yield call(untilChainRead, chainId);
      if (shown !== undefined) {
        const thunk = chainApi.endpoints.getBlockNumber.initiate(chainId, { subscribe: false, forceRefetch: true });
        yield put(thunk as unknown as UnknownAction);
      } else {
        // The chain's block is not on screen: its balances that are (a recipient's, say) are read again.
        yield put(rpcApi.util.invalidateTags([blockTag(chainId)]));
      }
      yield call(untilChainRead, chainId);
    }),
    timeout: delay(timeouts.readMs),
  });
  if (blockNumber === undefined) return;
  const patch = chainApi.util.updateQueryData('getBlockNumber', chainId, (block) => (block < blockNumber ? blockNumber : block));
  yield put(patch as unknown as UnknownAction);
}

/**
 * A transaction by its hash, to its receipt. A smart account's wallet may answer with the hash of a
 * bundle that carries the user's call: its receipt's `from` is the bundler, and it is still the
 * user's (the receipt is matched by hash only).
 */
function* followTransaction(tx: SentTransaction, timeouts: SigningTimeouts): SagaIterator {
  const key = sentKey(tx);
  const hash = tx.hash;
  if (hash === undefined) return;
  const outcome: { mined?: Mined; timeout?: true } = yield race({ mined: call(receiptOf, tx.chainId, hash, timeouts), timeout: delay(timeouts.receiptMs) });
  if (!outcome.mined) {
    yield put(actions.unconfirmed({ key }));
    return;
  }
  const { blockNumber, success } = outcome.mined;
  yield call(catchUp, tx.chainId, blockNumber, timeouts);
  yield put(actions.settled({ key, status: success ? 'confirmed' : 'failed', blockNumber }));
}

type Settled = Exclude<CallsStatus, { status: 'pending' }>;

/** Asks the wallet connected with the batch's account about it until it settles (never gives up by itself). */
function* callsStatusOf(tx: SentTransaction, id: string, timeouts: SigningTimeouts): SagaIterator<Settled> {
  while (true) {
    try {
      // The account's wallet, whichever connection has it now (none: asked again at the next poll).
      const provider: Eip1193Provider | undefined = yield call(walletOfAccount, tx.account, timeouts.readMs);
      if (provider) {
        const outcome: { answer?: unknown; timeout?: true } = yield race({
          answer: call([provider, provider.request], { method: 'wallet_getCallsStatus', params: [id] }),
          timeout: delay(timeouts.readMs),
        });
        const status = outcome.timeout ? undefined : readCallsStatus(outcome.answer, id, tx.chainId);
        if (status && status.status !== 'pending') return status;
      }
    } catch {
      // A wallet that refuses or answers nonsense is not the batch's fate: keep asking.
    }
    yield delay(timeouts.pollMs);
  }
}

/** A batch (EIP-5792) by its id, asked of the wallet: one record with its receipts. */
function* followCalls(tx: SentTransaction, timeouts: SigningTimeouts): SagaIterator {
  if (tx.via.kind !== 'calls') return;
  const key = sentKey(tx);
  const outcome: { settled?: Settled; timeout?: true } = yield race({ settled: call(callsStatusOf, tx, tx.via.id, timeouts), timeout: delay(timeouts.receiptMs) });
  if (!outcome.settled) {
    yield put(actions.unconfirmed({ key }));
    return;
  }
  const { status, receipts, blockNumber, hash } = outcome.settled;
  // Failed off chain (no receipt), nothing moved: the page has nothing to catch up with.
  if (receipts.length > 0) yield call(catchUp, tx.chainId, blockNumber, timeouts);
  yield put(actions.settled({ key, status, receipts, ...(blockNumber !== undefined ? { blockNumber } : {}), ...(hash !== undefined ? { hash } : {}) }));
}

/** How a Safe proposal ended: executed as a chain transaction, or cancelled by its owners. */
type ProposalEnd = { executed: string; success: boolean } | { cancelled: true };

/**
 * Asks the Safe connected with the proposal's account (its wallet's `walletdeck_safeProposal`: Safe{Wallet}'s
 * getTxBySafeTxHash, checked by the kind) until the proposal is executed or cancelled; never gives up by
 * itself. No such connection now (the page outside Safe{Wallet}, another account): asked again at the next poll.
 */
function* proposalEnd(tx: SentTransaction, safeTxHash: string, timeouts: SigningTimeouts): SagaIterator<ProposalEnd> {
  while (true) {
    try {
      const provider: Eip1193Provider | undefined = yield call(walletOfAccount, tx.account, timeouts.readMs);
      if (provider) {
        const outcome: { state?: unknown; timeout?: true } = yield race({
          state: call([provider, provider.request], { method: 'walletdeck_safeProposal', params: [safeTxHash] }),
          timeout: delay(timeouts.readMs),
        });
        const state = isRecord(outcome.state) ? (outcome.state as Partial<ProposalState> & Record<string, unknown>) : undefined;
        if (state?.status === 'executed' && isTransactionHash(state['hash'])) return { executed: state['hash'], success: state['success'] === true };
        if (state?.status === 'cancelled') return { cancelled: true };
      }
    } catch {
      // Safe{Wallet} refusing or answering nonsense is not the proposal's fate: keep asking.
    }
    yield delay(timeouts.pollMs);
  }
}

/**
 * A Safe proposal (docs/behaviour.md §10.1): it waits for the Safe's owners; once they execute it, its
 * chain hash is read from Safe{Wallet} and its receipt from the chain's public endpoints, and the
 * record settles with both. A proposal whose chain hash is already recorded is followed as a transaction.
 */
function* followSafe(tx: SentTransaction, timeouts: SigningTimeouts): SagaIterator {
  if (tx.via.kind !== 'safe') return;
  if (tx.hash !== undefined) {
    yield call(followTransaction, tx, timeouts);
    return;
  }
  const key = sentKey(tx);
  const ended: { end?: ProposalEnd; timeout?: true } = yield race({ end: call(proposalEnd, tx, tx.via.safeTxHash, timeouts), timeout: delay(timeouts.receiptMs) });
  if (!ended.end) {
    yield put(actions.unconfirmed({ key }));
    return;
  }
  if ('cancelled' in ended.end) {
    yield put(actions.settled({ key, status: 'failed' }));
    return;
  }
  const { executed: hash, success } = ended.end;
  const outcome: { mined?: Mined; timeout?: true } = yield race({ mined: call(receiptOf, tx.chainId, hash, timeouts), timeout: delay(timeouts.receiptMs) });
  if (!outcome.mined) {
    yield put(actions.unconfirmed({ key }));
    return;
  }
  yield call(catchUp, tx.chainId, outcome.mined.blockNumber, timeouts);
  // The Safe's own verdict counts too: its transaction can be mined while the call inside it failed.
  yield put(actions.settled({ key, status: success && outcome.mined.success ? 'confirmed' : 'failed', blockNumber: outcome.mined.blockNumber, hash }));
}

type FollowerOf<K extends SentViaKind> = (tx: SentTransaction & { via: Extract<SentVia, { kind: K }> }, timeouts: SigningTimeouts) => SagaIterator;

/**
 * The followers, one per `via` kind. A new kind (SentVia in src/lib/sentTransactions.ts) adds its
 * entry here, and TypeScript refuses this object until it does. A follower puts `settled` once it
 * knows where the record settled and `unconfirmed` when it gave up (at `receiptMs`); it treats every
 * answer as hostile (a bad one is asked again, never stored) and bounds every wait.
 */
const FOLLOWERS: { [K in SentViaKind]: FollowerOf<K> } = {
  transaction: followTransaction,
  calls: followCalls,
  safe: followSafe,
};

/** Pending until its follower says confirmed, failed or partial; not confirmed yet after `receiptMs`. */
export function* follow(tx: SentTransaction, timeouts: SigningTimeouts): SagaIterator {
  yield put(actions.recheckStarted({ key: sentKey(tx) }));
  // The record's own kind picks the follower (the mapped type above ties each kind to its own).
  const follower = FOLLOWERS[tx.via.kind] as FollowerOf<SentViaKind>;
  yield call(follower, tx, timeouts);
}
