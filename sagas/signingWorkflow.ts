// Signing and sending through the current connection's own provider (docs/behaviour.md §7): one saga per
// request, every await bounded. Loaded with the signing chunk on the first request (sagas/signing.ts).
// A signature counts only for the account and chain it was asked for, and is checked against that
// account: by its key in the page, or else on that chain (src/lib/signatureCheck.ts, §7.8). A
// transaction the wallet accepts is recorded for the account and chain it was asked for,
// whatever changed meanwhile (docs/behaviour.md §10.1), and followed by sagas/transactions.ts. The signing
// helpers (ethers) load on first use.
import type { SagaIterator, Task } from 'redux-saga';
import type { StrictEffect } from 'redux-saga/effects';
import { call, cancel, delay, fork, getContext, join, put, race, select, take } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { KindAdapter } from '../src/lib/connectors/kind';
import type { ConnectionId, Eip1193Provider, RequestArguments } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, toWalletError, walletError, type WalletError } from '../src/lib/errors';
import { isTransactionHash } from '../src/lib/sentTransactions';
import type { SignatureVerdict } from '../src/lib/signatureCheck';
import { TRANSFER_MESSAGES, toQuantity, transferProblem } from '../src/lib/transfer';
import { signingTargetOf, selectSigningRequest } from '../store/signingSelectors';
import { SIGNING_ERROR_NAMES, signingActions as actions, type SigningInput, type SigningKind, type SigningRequestArgs } from '../store/signingSlice';
import { signatureApi } from '../store/signatureApi';
import { transactionsActions } from '../store/transactionsSlice';
import type { RootState } from '../store/types';
import { walletActions } from '../store/walletSlice';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';
import { signingTimeouts, type SigningTimeouts } from './signingContext';
import { reachWallet } from './wallet';
import { transactionsContext, type TransactionsSagaContext } from './transactionsContext';

// In this chunk ("signing") with the workflow: what it needs of ethers (docs/architecture.md).
import * as typedData from '../src/lib/typedData';
type Helpers = typeof typedData;

type Requested = ReturnType<typeof actions.requested>;

export const SIGNING_REASONS = {
  disconnected: 'The wallet disconnected while the request waited: its answer is not shown.',
  accountChanged: (from: string, to: string) => `The account changed from ${from} to ${to} while the request waited: its answer is not shown.`,
  chainChanged: (from: number, to: number) => `The chain changed from ${from} to ${to} while the request waited: its answer is not shown.`,
} as const;

class SigningFailure extends Error {
  constructor(readonly error: WalletError) {
    super(error.message);
  }
}

/** Runs `effect` for at most `ms`; throws a typed timeout error after that. */
function* within<T>(ms: number, what: string, effect: StrictEffect): SagaIterator<T> {
  const outcome: { value?: T; timeout?: true } = yield race({ value: effect, timeout: delay(ms) });
  if (outcome.timeout) throw new SigningFailure(walletError(ERROR_NAMES.timeout, MESSAGES.timeout(what, ms)));
  return outcome.value as T;
}

/** Why the request's account or chain no longer holds, or undefined while it does. */
function changeReason(state: RootState, connectionId: ConnectionId, account: string, chainId: number): string | undefined {
  const target = signingTargetOf(state, connectionId);
  if (!target) return SIGNING_REASONS.disconnected;
  if (target.account !== account) return SIGNING_REASONS.accountChanged(account, target.account);
  if (target.chainId !== chainId) return SIGNING_REASONS.chainChanged(chainId, target.chainId);
  return undefined;
}

/** Returns (with the reason) as soon as the connection is no longer on the request's account and chain. */
function* connectionChange(connectionId: ConnectionId, account: string, chainId: number): SagaIterator<string> {
  while (true) {
    const reason: string | undefined = yield select(changeReason, connectionId, account, chainId);
    if (reason) return reason;
    yield take('*');
  }
}

/** Marks the request as not answered yet once the wallet has been quiet a moment ("Confirm on phone"). */
function* noAnswerNotice(id: string, ms: number): SagaIterator {
  yield delay(ms);
  yield put(actions.noAnswerYet({ id }));
}

/** One wallet request; while the wallet answers -32002 (busy with another request) it is asked again. */
function* askWallet(id: string, provider: Eip1193Provider, args: RequestArguments, retryMs: number): SagaIterator<unknown> {
  while (true) {
    try {
      const answer: unknown = yield call([provider, provider.request], args);
      return answer;
    } catch (error) {
      if (errorCode(error) !== -32002) throw error;
      yield put(actions.walletBusyChanged({ id, busy: true }));
      yield delay(retryMs);
    }
  }
}

interface Prepared {
  helpers: Helpers;
  args: RequestArguments;
  /** Checks the wallet's answer and records it. */
  record(answer: unknown): SagaIterator;
}

function invalidInput(message: string): SigningFailure {
  return new SigningFailure(walletError(SIGNING_ERROR_NAMES.invalidInput, message));
}

function invalidAnswer(message: string): SigningFailure {
  return new SigningFailure(walletError(SIGNING_ERROR_NAMES.invalidAnswer, message));
}

/** Asks the request's chain, through the read layer, whether the signature is the account's. */
function* askChain(helpers: Helpers, chainId: number, account: string, hash: string, signature: string): SagaIterator<SignatureVerdict> {
  const thunk = signatureApi.endpoints.checkSignature.initiate({ chainId, account, hash, signature }, { subscribe: false, forceRefetch: true });
  // put() hands its argument to the store's dispatch, which runs thunks and returns their result.
  const query: ReturnType<typeof thunk> = yield put(thunk as unknown as UnknownAction);
  const result: Awaited<typeof query> = yield call(async () => query);
  if (result.data) return result.data;
  const reason = result.error && 'message' in result.error && typeof result.error.message === 'string' ? result.error.message : 'no answer';
  return { kind: 'unchecked', error: walletError(ERROR_NAMES.signatureUnchecked, helpers.SIGNATURE_MESSAGES.unchecked(reason)) };
}

interface Signed {
  id: string;
  account: string;
  chainId: number;
  /** What was signed: the EIP-191 message hash or the EIP-712 digest. */
  hash: string;
}

/**
 * A wallet's answer to personal_sign or eth_signTypedData_v4: refused unless it can be a signature;
 * then valid (by the account's key, or its contract on the chain), not the account's (every check
 * said no), or not checked (the chain could not be asked within checkMs).
 */
function* recordSignature(helpers: Helpers, { id, account, chainId, hash }: Signed, answer: unknown, timeouts: SigningTimeouts, onChain = false): SagaIterator {
  // A Safe that signed the message on chain answers empty bytes: its contract vouches for it (§1.7).
  const problem = onChain && answer === '0x' ? undefined : helpers.signatureProblem(answer);
  if (problem) throw invalidAnswer(problem);
  const signature = answer as string;
  const outcome: { verdict?: SignatureVerdict; timeout?: true } = yield race({
    verdict: call(askChain, helpers, chainId, account, hash, signature),
    timeout: delay(timeouts.checkMs),
  });
  const verdict: SignatureVerdict = outcome.verdict ?? {
    kind: 'unchecked',
    error: walletError(ERROR_NAMES.signatureUnchecked, helpers.SIGNATURE_MESSAGES.unchecked(MESSAGES.timeout('Asking the chain', timeouts.checkMs))),
  };
  switch (verdict.kind) {
    case 'valid':
      yield put(actions.signed({ id, signature, signer: account }));
      return;
    case 'invalid':
      // A 65-byte answer names the key that made it; the reducer says it is not the account's.
      if (verdict.signer !== undefined) yield put(actions.signed({ id, signature, signer: verdict.signer }));
      else throw new SigningFailure(walletError(SIGNING_ERROR_NAMES.signerMismatch, helpers.SIGNATURE_MESSAGES.notFromAccount(account)));
      return;
    case 'unchecked':
      yield put(actions.unchecked({ id, signature, error: verdict.error }));
      return;
  }
}

/** The wallet call for a request, with its input checked again (the store may be replayed or edited). */
/** Whether the connection's wallet answers a transaction with a proposal's hash (a Safe, docs/behaviour.md §10.1); a kind that throws here does not. */
function proposes(connector: KindAdapter): boolean {
  try {
    return connector.status().proposes === true;
  } catch {
    return false;
  }
}

function prepare(helpers: Helpers, request: SigningRequestArgs & { id: string }, timeouts: SigningTimeouts, proposal = false): Prepared {
  const { id, account, chainId } = request;
  const input: SigningInput = request.input;
  switch (input.kind) {
    case 'message': {
      const problem = helpers.messageProblem(input.message);
      if (problem) throw invalidInput(problem);
      return {
        helpers,
        args: { method: 'personal_sign', params: [helpers.messageToHex(input.message), account] },
        *record(answer) {
          yield call(recordSignature, helpers, { id, account, chainId, hash: helpers.messageHash(input.message) }, answer, timeouts, proposal);
        },
      };
    }
    case 'typedData': {
      const check = helpers.checkTypedDataText(input.text, { chainId });
      if (!check.ok) {
        const [first, ...rest] = check.issues;
        throw invalidInput(`${first?.message ?? 'Invalid typed data'}${rest.length > 0 ? ` (and ${rest.length} more)` : ''}`);
      }
      const { payload } = check;
      return {
        helpers,
        args: { method: 'eth_signTypedData_v4', params: [account, JSON.stringify(payload)] },
        *record(answer) {
          yield call(recordSignature, helpers, { id, account, chainId, hash: helpers.typedDataDigest(payload) }, answer, timeouts, proposal);
        },
      };
    }
    case 'transaction': {
      const problem = transferProblem(input);
      if (problem) throw invalidInput(problem);
      const tx: Record<string, string> = { from: account, to: input.to, value: toQuantity(input.valueWei) };
      if (input.gas !== undefined) tx['gas'] = input.gas;
      return {
        helpers,
        args: { method: 'eth_sendTransaction', params: [tx] },
        *record(answer) {
          if (!isTransactionHash(answer)) throw invalidAnswer(TRANSFER_MESSAGES.invalidHash);
          const { now }: TransactionsSagaContext = yield call(transactionsContext);
          const transfers = [{ to: input.to, ...(input.toName !== undefined ? { toName: input.toName } : {}), valueWei: input.valueWei }];
          if (proposal) {
            // A Safe answered with its proposal's hash: the proposal is followed, its chain hash comes later.
            const via = { kind: 'safe', safeTxHash: answer } as const;
            yield put(transactionsActions.sent({ via, chainId, account, transfers, sentAt: (now ?? Date.now)() }));
            yield put(actions.transactionSent({ id, hash: answer }));
            return;
          }
          // It belongs to the account and chain the wallet was asked for, whatever is connected now.
          yield put(
            transactionsActions.sent({
              // The wallet answered with a hash: that hash is what is followed.
              via: { kind: 'transaction' },
              hash: answer,
              chainId,
              account,
              transfers,
              sentAt: (now ?? Date.now)(),
            }),
          );
          yield put(actions.transactionSent({ id, hash: answer }));
        },
      };
    }
  }
}

interface Ready {
  prepared: Prepared;
  provider: Eip1193Provider;
}

/** Loading the helpers, checking the input again, reaching the provider: everything before the wallet is asked. */
function* preparePhase(request: SigningRequestArgs & { id: string }, timeouts: SigningTimeouts, proposal = false): SagaIterator<Ready> {
  const helpers: Helpers = typedData;
  const prepared = prepare(helpers, request, timeouts, proposal);
  const provider: Eip1193Provider = yield call(within, timeouts.prepareMs, 'Reaching the wallet', call(reachWallet, request.connectionId));
  return { prepared, provider };
}

/** The wallet's answer (unchecked), marking the request as not answered yet after a moment. */
function* askWithNotice(id: string, provider: Eip1193Provider, args: RequestArguments, timeouts: SigningTimeouts): SagaIterator<unknown> {
  const notice: Task = yield fork(noAnswerNotice, id, timeouts.noticeMs);
  try {
    const answer: unknown = yield call(within, timeouts.walletMs, 'Waiting for the wallet', call(askWallet, id, provider, args, timeouts.busyRetryMs));
    return answer;
  } finally {
    yield cancel(notice);
  }
}

const failure = (error: unknown): WalletError => (error instanceof SigningFailure ? error.error : toWalletError(error));

const isAbandon = (kind: SigningKind, connectionId: ConnectionId) => (a: Action) =>
  (actions.abandonRequested.match(a) && a.payload.kind === kind) ||
  // "Cancel" in the connection's own waiting notice gives up on what waits on that wallet.
  (walletActions.walletRequestCancelled.match(a) && a.payload.id === connectionId);

function* stopWallet(connector: KindAdapter): SagaIterator {
  try {
    yield call([connector, connector.command], { type: 'cancelPending' });
  } catch {
    // Best effort: the request is already abandoned on our side.
  }
}

/** The user gave up on the wallet: from the form's Stop waiting (the wallet is told), or the notice's Cancel. */
function* abandon(action: Action, kind: SigningKind, connector: KindAdapter): SagaIterator {
  if (actions.abandonRequested.match(action)) yield call(stopWallet, connector);
  else yield put(actions.abandonRequested({ kind }));
}

/** The wallet's answer to a transaction, recorded whenever it comes (within the wallet's time limit). */
function* answerTransaction(id: string, ready: Ready, timeouts: SigningTimeouts): SagaIterator {
  try {
    const answer: unknown = yield call(askWithNotice, id, ready.provider, ready.prepared.args, timeouts);
    yield call(ready.prepared.record, answer);
  } catch (error) {
    yield put(actions.failed({ id, error: failure(error) }));
  }
}

/**
 * A transaction: neither a change of account, chain or kind nor the user's Stop waiting stops
 * listening for the wallet's answer. A wallet that still sends it is never lost from view.
 */
function* sendTransaction(request: SigningRequestArgs & { id: string }, ready: Ready, connector: KindAdapter, timeouts: SigningTimeouts): SagaIterator {
  const answered: Task = yield fork(answerTransaction, request.id, ready, timeouts);
  const outcome: { done?: true; abandoned?: Action } = yield race({
    done: join(answered),
    abandoned: take(isAbandon('transaction', request.connectionId)),
  });
  if (outcome.abandoned) yield call(abandon, outcome.abandoned, 'transaction', connector);
}

export function* runSigningRequest(action: Requested): SagaIterator {
  const request = action.payload;
  const { id, connectionId, account, chainId, input } = request;
  const current: ReturnType<typeof selectSigningRequest> = yield select(selectSigningRequest, input.kind);
  // The reducer ignores a request while another of its kind is in flight; and one abandoned while
  // the signing code loaded is not sent.
  if (current?.id !== id || current.status !== 'preparing') return;
  const timeouts: SigningTimeouts = yield call(signingTimeouts);
  const { adapters }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const connector = adapters[connectionId];
  try {
    // Until the wallet is asked, a change of account or chain drops any request.
    const before: { ready?: Ready; abandoned?: Action; changed?: string } = yield race({
      ready: call(preparePhase, request, timeouts, proposes(connector)),
      abandoned: take(isAbandon(input.kind, connectionId)),
      changed: call(connectionChange, connectionId, account, chainId),
    });
    if (before.abandoned) {
      yield call(abandon, before.abandoned, input.kind, connector);
      return;
    }
    if (before.changed) {
      yield put(actions.dropped({ id, reason: before.changed }));
      return;
    }
    const ready = before.ready!;
    yield put(actions.walletAsked({ id }));
    if (input.kind === 'transaction') {
      yield call(sendTransaction, request, ready, connector, timeouts);
      return;
    }
    const outcome: { answer?: unknown; abandoned?: Action; changed?: string } = yield race({
      answer: call(askWithNotice, id, ready.provider, ready.prepared.args, timeouts),
      abandoned: take(isAbandon(input.kind, connectionId)),
      changed: call(connectionChange, connectionId, account, chainId),
    });
    if (outcome.abandoned) {
      yield call(abandon, outcome.abandoned, input.kind, connector);
      return;
    }
    if (outcome.changed) {
      yield put(actions.dropped({ id, reason: outcome.changed }));
      return;
    }
    // A signature that arrives for another account or chain than the one asked is never shown as its.
    const late: string | undefined = yield select(changeReason, connectionId, account, chainId);
    if (late) {
      yield put(actions.dropped({ id, reason: late }));
      return;
    }
    // Checking a signature may ask the chain (§7.8): a change meanwhile drops it as well.
    const recorded: { done?: true; changed?: string } = yield race({
      done: call(ready.prepared.record, outcome.answer),
      changed: call(connectionChange, connectionId, account, chainId),
    });
    if (recorded.changed) yield put(actions.dropped({ id, reason: recorded.changed }));
  } catch (error) {
    yield put(actions.failed({ id, error: failure(error) }));
  }
}
