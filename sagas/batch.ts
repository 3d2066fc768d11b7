// "Send to several" (docs/behaviour.md §7.9): the wallet is asked what it can do (wallet_getCapabilities,
// once per account and chain, cached, bounded); a wallet that can sends the transfers as one atomic
// batch (wallet_sendCalls), any other gets them one by one (eth_sendTransaction each), with progress,
// Stop, and nothing lost. Every answer is checked; every wait is bounded. Loaded with the signing code.
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select } from 'redux-saga/effects';
import { BATCH_ERROR_NAMES, BATCH_MESSAGES, DECLINE_CODES, FALLBACK_CODES, canBatch, chainHex, readAtomic, readCallsId, sendCallsParams, type AtomicSupport } from '../src/lib/batchCalls';
import type { Eip1193Provider } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, toWalletError, walletError, type WalletError } from '../src/lib/errors';
import { isTransactionHash, sentKey } from '../src/lib/sentTransactions';
import { TRANSFER_MESSAGES, toQuantity } from '../src/lib/transfer';
import { signingTargetOf } from '../store/signingSelectors';
import { batchActions } from '../store/transactionsSlice';
import { transactionsActions as actions } from '../store/transactionsSlice';
import { type BatchRequest } from '../store/transactionsSlice';
import { selectBatch } from '../store/transactionsSelectors';
import type { RootState } from '../store/types';
import { reachWallet } from './batchWallet';
import { signingTimeouts, type SigningTimeouts } from './signingContext';
import { transactionsContext, type TransactionsSagaContext } from './transactionsContext';

export interface BatchTimeouts {
  /** Reading the wallet's capabilities (after this: one by one). */
  capabilitiesMs: number;
}

export const DEFAULT_BATCH_TIMEOUTS: BatchTimeouts = { capabilitiesMs: 5_000 };

/** What each account's wallet said it can do on each chain: read once, kept until the account or chain changes. */
export type CapabilityCache = Map<string, AtomicSupport>;

type Requested = ReturnType<typeof batchActions.requested>;

class BatchFailure extends Error {
  constructor(readonly error: WalletError) {
    super(error.message);
  }
}

/** `effect` for at most `ms`: its value, or `{ timeout: true }`. */
function* bounded<T>(ms: number, what: string, effect: ReturnType<typeof call>): SagaIterator<T> {
  const outcome: { value?: T; timeout?: true } = yield race({ value: effect, timeout: delay(ms) });
  if (outcome.timeout) throw new BatchFailure(walletError(ERROR_NAMES.timeout, MESSAGES.timeout(what, ms)));
  return outcome.value as T;
}

/** The wallet's `atomic` capability for the chain; anything but a proper answer in time is unsupported. */
function* readCapability(provider: Eip1193Provider, account: string, chainId: number, ms: number): SagaIterator<AtomicSupport> {
  try {
    const outcome: { answer?: unknown; timeout?: true } = yield race({
      answer: call([provider, provider.request], { method: 'wallet_getCapabilities', params: [account, [chainHex(chainId)]] }),
      timeout: delay(ms),
    });
    return outcome.timeout ? 'unsupported' : readAtomic(outcome.answer, chainId);
  } catch {
    // -32601, 4200, or any refusal: the wallet does not batch.
    return 'unsupported';
  }
}

/** The capability, from the cache when this account and chain were asked before; the cache forgets others. */
function* capabilityOf(cache: CapabilityCache, provider: Eip1193Provider, batch: BatchRequest, ms: number): SagaIterator<AtomicSupport> {
  const key = `${batch.connectionId}:${batch.account.toLowerCase()}:${batch.chainId}`;
  for (const other of [...cache.keys()]) if (other !== key) cache.delete(other);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const atomic: AtomicSupport = yield call(readCapability, provider, batch.account, batch.chainId, ms);
  cache.set(key, atomic);
  return atomic;
}

/** Why the connection no longer has the batch's account and chain, or undefined. */
function interruption(state: RootState, batch: BatchRequest): string | undefined {
  const target = signingTargetOf(state, batch.connectionId);
  if (!target) return BATCH_MESSAGES.disconnected;
  if (target.account.toLowerCase() !== batch.account.toLowerCase()) return BATCH_MESSAGES.accountChanged(batch.account, target.account);
  if (target.chainId !== batch.chainId) return BATCH_MESSAGES.chainChanged(batch.chainId, target.chainId);
  return undefined;
}

function* now(): SagaIterator<number> {
  const { now: clock }: TransactionsSagaContext = yield call(transactionsContext);
  return (clock ?? Date.now)();
}

/** All the transfers as one wallet_sendCalls: 'sent', or 'fallback' when the wallet turned out not to batch (nothing sent). */
function* sendAtomic(batch: BatchRequest, provider: Eip1193Provider, timeouts: SigningTimeouts): SagaIterator<'sent' | 'fallback'> {
  let answer: unknown;
  try {
    answer = yield call(bounded, timeouts.walletMs, 'Waiting for the wallet', call([provider, provider.request], { method: 'wallet_sendCalls', params: sendCallsParams(batch.account, batch.chainId, batch.transfers) }));
  } catch (error) {
    const code = errorCode(error);
    if (code !== undefined && FALLBACK_CODES.has(code)) return 'fallback';
    throw error;
  }
  // An answer that is not a batch id: the wallet may still have sent it, so it is not sent again.
  const id = readCallsId(answer);
  if (id === undefined) throw new BatchFailure(walletError(BATCH_ERROR_NAMES.invalidAnswer, BATCH_MESSAGES.invalidCallsId));
  const record = { via: { kind: 'calls' as const, id }, chainId: batch.chainId, account: batch.account, transfers: batch.transfers, sentAt: (yield call(now)) as number };
  yield put(actions.sent(record));
  yield put(batchActions.changed({ id: batch.id, sent: batch.transfers.length, key: sentKey(record) }));
  return 'sent';
}

/** One transfer after another, from the first not sent yet; each accepted one is recorded at once. */
function* sendOneByOne(batchId: string, provider: Eip1193Provider, timeouts: SigningTimeouts): SagaIterator {
  while (true) {
    const batch: BatchRequest | null = yield select(selectBatch);
    if (!batch || batch.id !== batchId || batch.status !== 'waiting') return;
    if (batch.stopRequested) {
      yield put(batchActions.changed({ id: batchId, end: 'stopped' }));
      return;
    }
    const reason: string | undefined = yield select(interruption, batch);
    if (reason) {
      yield put(batchActions.changed({ id: batchId, end: 'stopped', error: walletError(BATCH_ERROR_NAMES.interrupted, BATCH_MESSAGES.interrupted(reason)) }));
      return;
    }
    const transfer = batch.transfers[batch.sent];
    if (!transfer) return;
    // The wallet estimates the gas of each; the Stop button takes effect before the next one.
    const answer: unknown = yield call(
      bounded,
      timeouts.walletMs,
      'Waiting for the wallet',
      call([provider, provider.request], { method: 'eth_sendTransaction', params: [{ from: batch.account, to: transfer.to, value: toQuantity(transfer.valueWei) }] }),
    );
    if (!isTransactionHash(answer)) throw new BatchFailure(walletError(BATCH_ERROR_NAMES.invalidAnswer, TRANSFER_MESSAGES.invalidHash));
    yield put(actions.sent({ via: { kind: 'transaction' }, hash: answer, chainId: batch.chainId, account: batch.account, transfers: [transfer], sentAt: (yield call(now)) as number }));
    yield put(batchActions.changed({ id: batchId, sent: batch.sent + 1 }));
  }
}

function* batchTimeouts(): SagaIterator<BatchTimeouts> {
  const { batchTimeouts: custom }: TransactionsSagaContext = yield call(transactionsContext);
  return { ...DEFAULT_BATCH_TIMEOUTS, ...custom };
}

export function* runBatch(action: Requested, cache: CapabilityCache): SagaIterator {
  const { id } = action.payload;
  const batch: BatchRequest | null = yield select(selectBatch);
  if (!batch || batch.id !== id || batch.status !== 'checking') return;
  try {
    const timeouts: SigningTimeouts = yield call(signingTimeouts);
    const { capabilitiesMs }: BatchTimeouts = yield call(batchTimeouts);
    const provider: Eip1193Provider | undefined = yield call(reachWallet, batch.connectionId, timeouts.prepareMs);
    if (!provider) throw new BatchFailure(walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Reaching the wallet', timeouts.prepareMs)));
    const atomic: AtomicSupport = yield call(capabilityOf, cache, provider, batch, capabilitiesMs);
    if (canBatch(atomic)) {
      yield put(batchActions.changed({ id, mode: 'atomic' }));
      const outcome: 'sent' | 'fallback' = yield call(sendAtomic, batch, provider, timeouts);
      if (outcome === 'sent') return;
      // It said it could, then did not know the method: it does not batch, for this account and chain.
      cache.set(`${batch.connectionId}:${batch.account.toLowerCase()}:${batch.chainId}`, 'unsupported');
    }
    yield put(batchActions.changed({ id, mode: 'oneByOne' }));
    yield call(sendOneByOne, id, provider, timeouts);
  } catch (error) {
    const failure = error instanceof BatchFailure ? error.error : toWalletError(error);
    const code = errorCode(error);
    const declined = code !== undefined && DECLINE_CODES.has(code);
    yield put(batchActions.changed({ id, end: declined ? 'declined' : 'failed', error: failure }));
  }
}
