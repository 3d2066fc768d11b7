// Signing and sending through the current connection's own provider (SPEC section 7): one saga per
// request, every await bounded. Loaded with the signing chunk on the first request (sagas/signing.ts). The wallet's answer counts only for the account and chain it was
// asked for; a signature's signer is recovered locally; a transaction is followed to its receipt on
// the chain's public endpoints. The signing helpers (ethers) load on first use.
import type { SagaIterator, Task } from 'redux-saga';
import type { StrictEffect } from 'redux-saga/effects';
import { call, cancel, delay, fork, getContext, put, race, select, take } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { ChainTable } from '../src/lib/chains';
import type { ConnectionId, Connector, Eip1193Provider, RequestArguments } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, errorCode, toWalletError, walletError, type WalletError } from '../src/lib/errors';
import { TRANSFER_MESSAGES, isTransactionHash, toQuantity, transactionUrl, transferProblem } from '../src/lib/transfer';
import { rpcApi } from '../store/rpcApi';
import { selectConnectionMeta } from '../store/selectors';
import { signingApi, type ReceiptOutcome } from '../store/signingApi';
import { signingTargetOf, selectSigningRequest } from '../store/signingSelectors';
import { SIGNING_ERROR_NAMES, signingActions as actions, type SigningInput, type SigningKind, type SigningRequestArgs } from '../store/signingSlice';
import type { RootState } from '../store/types';
import { walletActions } from '../store/walletSlice';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';
import { DEFAULT_SIGNING_TIMEOUTS, SIGNING_CONTEXT, type SigningTimeouts } from './signing';

type Helpers = typeof import('../src/lib/typedData');
const loadHelpers = (): Promise<Helpers> => import(/* webpackChunkName: "signing" */ '../src/lib/typedData');

type Requested = ReturnType<typeof actions.requested>;

export const SIGNING_REASONS = {
  disconnected: 'The wallet disconnected while the request waited: its answer is not shown.',
  accountChanged: (from: string, to: string) => `The account changed from ${from} to ${to} while the request waited: its answer is not shown.`,
  chainChanged: (from: number, to: number) => `The chain changed from ${from} to ${to} while the request waited: its answer is not shown.`,
  noReceipt: (ms: number) => `No receipt after ${Math.round(ms / 1000)} s: the transaction may still be mined. Check it in your wallet or the explorer.`,
} as const;

class SigningFailure extends Error {
  constructor(readonly error: WalletError) {
    super(error.message);
  }
}

function* timeoutsFromContext(): SagaIterator<SigningTimeouts> {
  const custom: Partial<SigningTimeouts> | undefined = yield getContext(SIGNING_CONTEXT);
  return { ...DEFAULT_SIGNING_TIMEOUTS, ...custom };
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

/** Marks the connection as waiting on the user once a request has gone unanswered a moment. */
function* waitingNotice(connectionId: ConnectionId, ms: number): SagaIterator {
  let attempt: number | undefined;
  try {
    yield delay(ms);
    attempt = (yield select((s: RootState) => selectConnectionMeta(s, connectionId).attempt)) as number;
    yield put(walletActions.awaitingWalletChanged({ id: connectionId, attempt, waiting: true }));
    yield call(() => new Promise<never>(() => undefined));
  } finally {
    if (attempt !== undefined) yield put(walletActions.awaitingWalletChanged({ id: connectionId, attempt, waiting: false }));
  }
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

/** The wallet call for a request, with its input checked again (the store may be replayed or edited). */
function prepare(helpers: Helpers, request: SigningRequestArgs & { id: string }, chains: ChainTable): Prepared {
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
          let signer: string;
          try {
            signer = helpers.recoverMessageSigner(input.message, answer);
          } catch (error) {
            throw invalidAnswer(error instanceof Error ? error.message : String(error));
          }
          yield put(actions.signed({ id, signature: answer as string, signer }));
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
          let signer: string;
          try {
            signer = helpers.recoverTypedDataSigner(payload, answer);
          } catch (error) {
            throw invalidAnswer(error instanceof Error ? error.message : String(error));
          }
          yield put(actions.signed({ id, signature: answer as string, signer }));
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
          const explorerUrl = transactionUrl(chains[chainId]?.blockExplorerUrls, answer);
          yield put(actions.transactionSent({ id, hash: answer, ...(explorerUrl ? { explorerUrl } : {}) }));
        },
      };
    }
  }
}

/** From loading the helpers to the wallet's answer (unchecked). */
function* walletPhase(
  request: SigningRequestArgs & { id: string },
  connector: Connector,
  chains: ChainTable,
  timeouts: SigningTimeouts,
): SagaIterator<{ prepared: Prepared; answer: unknown }> {
  const helpers: Helpers = yield call(within, timeouts.prepareMs, 'Loading the signing code', call(loadHelpers));
  const prepared = prepare(helpers, request, chains);
  const provider: Eip1193Provider = yield call(within, timeouts.prepareMs, 'Reaching the wallet', call([connector, connector.getProvider]));
  yield put(actions.walletAsked({ id: request.id }));
  const notice: Task = yield fork(waitingNotice, request.connectionId, timeouts.noticeMs);
  try {
    const answer: unknown = yield call(within, timeouts.walletMs, 'Waiting for the wallet', call(askWallet, request.id, provider, prepared.args, timeouts.busyRetryMs));
    return { prepared, answer };
  } finally {
    yield cancel(notice);
  }
}

/** Reads the receipt through the RTK Query API (the thunk goes through the store's dispatch). */
function* readReceipt(chainId: number, hash: string): SagaIterator<ReceiptOutcome> {
  const thunk = signingApi.endpoints.getTransactionReceipt.initiate({ chainId, hash }, { subscribe: false, forceRefetch: true });
  // put() hands its argument to the store's dispatch, which runs thunks and returns their result.
  const query: ReturnType<typeof thunk> = yield put(thunk as unknown as UnknownAction);
  const outcome: ReceiptOutcome = yield call([query, query.unwrap]);
  return outcome;
}

function* followReceipt(chainId: number, hash: string, timeouts: SigningTimeouts): SagaIterator<{ blockNumber: number; success: boolean }> {
  while (true) {
    try {
      const outcome: ReceiptOutcome = yield call(within, timeouts.readMs, 'Reading the receipt', call(readReceipt, chainId, hash));
      if (outcome) return outcome;
    } catch {
      // An endpoint failing or answering nonsense is not the transaction's fate: keep following.
    }
    yield delay(timeouts.pollMs);
  }
}

const isAbandon = (kind: SigningKind, connectionId: ConnectionId) => (a: Action) =>
  (actions.abandonRequested.match(a) && a.payload.kind === kind) ||
  // "Cancel" in the connection's own waiting notice gives up on what waits on that wallet.
  (walletActions.walletRequestCancelled.match(a) && a.payload.id === connectionId);

function* stopWallet(connector: Connector): SagaIterator {
  try {
    if (connector.cancelPendingRequests) yield call([connector, connector.cancelPendingRequests]);
  } catch {
    // Best effort: the request is already abandoned on our side.
  }
}

export function* runSigningRequest(action: Requested): SagaIterator {
  const request = action.payload;
  const { id, connectionId, account, chainId, input } = request;
  const current: ReturnType<typeof selectSigningRequest> = yield select(selectSigningRequest, input.kind);
  // The reducer ignores a request while another of its kind is in flight; and one abandoned while
  // the signing code loaded is not sent.
  if (current?.id !== id || current.status !== 'preparing') return;
  const timeouts: SigningTimeouts = yield call(timeoutsFromContext);
  const { connectors, chains }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const connector = connectors[connectionId];
  try {
    const outcome: { done?: { prepared: Prepared; answer: unknown }; abandoned?: Action; changed?: string } = yield race({
      done: call(walletPhase, request, connector, chains, timeouts),
      abandoned: take(isAbandon(input.kind, connectionId)),
      changed: call(connectionChange, connectionId, account, chainId),
    });
    if (outcome.abandoned) {
      if (actions.abandonRequested.match(outcome.abandoned)) yield call(stopWallet, connector);
      else yield put(actions.abandonRequested({ kind: input.kind }));
      return;
    }
    if (outcome.changed) {
      yield put(actions.dropped({ id, reason: outcome.changed }));
      return;
    }
    const { prepared, answer } = outcome.done!;
    // An answer that arrives for another account or chain than the one asked is never shown as its.
    const late: string | undefined = yield select(changeReason, connectionId, account, chainId);
    if (late) {
      yield put(actions.dropped({ id, reason: late }));
      return;
    }
    yield call(prepared.record, answer);
  } catch (error) {
    yield put(actions.failed({ id, error: error instanceof SigningFailure ? error.error : toWalletError(error) }));
    return;
  }
  if (input.kind !== 'transaction') return;
  const sent: ReturnType<typeof selectSigningRequest> = yield select(selectSigningRequest, 'transaction');
  if (sent?.id !== id || sent.status !== 'pending' || !sent.hash) return;
  const followed: { mined?: { blockNumber: number; success: boolean }; abandoned?: Action; timeout?: true } = yield race({
    mined: call(followReceipt, chainId, sent.hash, timeouts),
    abandoned: take((a: Action) => actions.abandonRequested.match(a) && a.payload.kind === 'transaction'),
    timeout: delay(timeouts.receiptMs),
  });
  if (followed.mined) {
    yield put(actions.transactionMined({ id, ...followed.mined }));
    // The balances on the cards follow the transaction at once, not at the next block poll.
    yield put(rpcApi.util.invalidateTags(['Balance']));
  } else if (followed.timeout) {
    yield put(actions.transactionUnconfirmed({ id, error: walletError(ERROR_NAMES.timeout, SIGNING_REASONS.noReceipt(timeouts.receiptMs)) }));
  }
}
