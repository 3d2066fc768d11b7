// What the signing sagas get through saga context: their timeouts (the defaults apply without it).
// Its own module so that the watcher (sagas/signing.ts) and the lazily loaded workflow
// (sagas/signingWorkflow.ts) both import it without importing each other.
import type { SagaIterator } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import { SIGNING_CONTEXT } from './context';

export interface SigningTimeouts {
  /** Loading the signing code, and reaching the connection's provider. */
  prepareMs: number;
  /** The user answering in the wallet (after this the request fails as timed out). */
  walletMs: number;
  /** Between attempts while the wallet says it already has a request open (-32002). */
  busyRetryMs: number;
  /** After this long without an answer the request is marked as not answered yet ("Confirm on phone"). */
  noticeMs: number;
  /** Following a sent transaction to its receipt (after this it is shown as not confirmed yet). */
  receiptMs: number;
  /** Between receipt reads. */
  pollMs: number;
  /** One read from the chain's public endpoints. */
  readMs: number;
  /** Asking the chain whether a signature is the account's (after this it is shown as not checked). */
  checkMs: number;
}

export const DEFAULT_SIGNING_TIMEOUTS: SigningTimeouts = {
  prepareMs: 20_000,
  walletMs: 300_000,
  busyRetryMs: 2_000,
  noticeMs: 1_000,
  receiptMs: 600_000,
  pollMs: 1_500,
  readMs: 15_000,
  checkMs: 15_000,
};


export function* signingTimeouts(): SagaIterator<SigningTimeouts> {
  const custom: Partial<SigningTimeouts> | undefined = yield getContext(SIGNING_CONTEXT);
  return { ...DEFAULT_SIGNING_TIMEOUTS, ...custom };
}
