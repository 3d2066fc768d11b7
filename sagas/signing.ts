// The signing watcher: small, in the first-visit bundle. The workflow (sagas/signingWorkflow.ts, with
// ethers' helpers) loads on the first request; requests made meanwhile wait in a buffer.
import type { SagaIterator } from 'redux-saga';
import { actionChannel, call, delay, fork, getContext, put, race, take } from 'redux-saga/effects';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { signingActions as actions } from '../store/signingSlice';

export interface SigningTimeouts {
  /** Loading the signing code, and reaching the connection's provider. */
  prepareMs: number;
  /** The user answering in the wallet (after this the request fails as timed out). */
  walletMs: number;
  /** Between attempts while the wallet says it already has a request open (-32002). */
  busyRetryMs: number;
  /** After this long without an answer the wallet is marked as waiting on the user ("Confirm on phone"). */
  noticeMs: number;
  /** Following a sent transaction to its receipt. */
  receiptMs: number;
  /** Between receipt reads. */
  pollMs: number;
  /** One read from the chain's public endpoints. */
  readMs: number;
}

export const DEFAULT_SIGNING_TIMEOUTS: SigningTimeouts = {
  prepareMs: 20_000,
  walletMs: 300_000,
  busyRetryMs: 2_000,
  noticeMs: 1_000,
  receiptMs: 600_000,
  pollMs: 1_500,
  readMs: 15_000,
};

/** Saga context key for `Partial<SigningTimeouts>` (optional: the defaults apply without it). */
export const SIGNING_CONTEXT = 'signing';

type Workflow = typeof import('./signingWorkflow');
const loadWorkflow = (): Promise<Workflow> => import(/* webpackChunkName: "signing" */ './signingWorkflow');

type Requested = ReturnType<typeof actions.requested>;

export function* watchSigning(): SagaIterator {
  const requests = yield actionChannel(actions.requested.type);
  let workflow: Workflow | undefined;
  while (true) {
    const action: Requested = yield take(requests);
    if (!workflow) {
      const custom: Partial<SigningTimeouts> | undefined = yield getContext(SIGNING_CONTEXT);
      const limit = custom?.prepareMs ?? DEFAULT_SIGNING_TIMEOUTS.prepareMs;
      try {
        const loaded: { module?: Workflow; timeout?: true } = yield race({ module: call(loadWorkflow), timeout: delay(limit) });
        if (!loaded.module) throw walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Loading the signing code', limit));
        workflow = loaded.module;
      } catch (error) {
        // The next request tries again (a flaky network, a deploy that replaced the chunk).
        yield put(actions.failed({ id: action.payload.id, error: toWalletError(error) }));
        continue;
      }
    }
    yield fork(workflow.runSigningRequest, action);
  }
}
