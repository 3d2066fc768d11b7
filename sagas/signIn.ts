// Sign-In with Ethereum's watcher (docs/behaviour.md §13): small, registered at start. With no backend
// configured it ends at once and the state stays "off". Otherwise it waits for a wallet to connect,
// loads the sign-in workflow (chunk "signin": the HTTP client and the message writer) and hands over
// to it. A user's Connect made before the code arrived still counts as one (its signature follows).
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ConnectionId, SignInAtConnect } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { signInActions } from '../store/signInSlice';
import { selectSignInTarget, type SignInTarget } from '../store/signInSelectors';
import { walletActions } from '../store/walletSlice';
import { loadChunk } from './chunks';
import { DEFAULT_SIGN_IN_TIMEOUTS, SIGN_IN_CONTEXT, type SignInSagaContext } from './signInContext';
import { checksumAddress } from '../src/lib/validation';

type Workflow = typeof import('./signInWorkflow');

/** Waits for a connected account; returns it and the kind the user asked to connect meanwhile, if any. */
function* firstTarget(): SagaIterator<{ target: SignInTarget; userConnect?: ConnectionId }> {
  let userConnect: ConnectionId | undefined;
  while (true) {
    const target: SignInTarget | undefined = yield select(selectSignInTarget);
    if (target) return { target, ...(userConnect !== undefined ? { userConnect } : {}) };
    const action: UnknownAction = yield take('*');
    if (walletActions.connectRequested.match(action)) userConnect = action.payload.id;
  }
}

export function* watchSignIn(): SagaIterator {
  const context: SignInSagaContext | undefined = yield getContext(SIGN_IN_CONTEXT);
  if (!context) return;
  yield put(signInActions.enabled());
  const timeouts = { ...DEFAULT_SIGN_IN_TIMEOUTS, ...context.timeouts };
  let { target, userConnect } = (yield call(firstTarget)) as { target: SignInTarget; userConnect?: ConnectionId };
  while (true) {
    try {
      const loaded: { module?: Workflow; timeout?: true } = yield race({ module: call(loadChunk, 'signInWorkflow'), timeout: delay(timeouts.loadMs) });
      if (!loaded.module) throw walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Loading the sign-in code', timeouts.loadMs));
      yield call(loaded.module.followSignIn, context, timeouts, userConnect);
      return;
    } catch (error) {
      // Said against the account (with Retry); the user's Retry, or the next account, loads it again.
      yield put(signInActions.sessionCheckStarted({ address: target.address }));
      yield put(signInActions.unreachable({ address: target.address, error: toWalletError(error) }));
      yield take(signInActions.requested.type);
      const next: SignInTarget | undefined = yield select(selectSignInTarget);
      if (next) target = next;
      // The user asked: the signature follows, as after a connect.
      userConnect = target.kind;
    }
  }
}

/**
 * docs/behaviour.md §13.8, for a user's connect of a kind whose wallet may sign in within the same
 * approval: the sign-in fields to ask, with a fresh nonce. Undefined when sign-in is off, or when the
 * sign-in code and the backend's nonce did not come within `atConnectMs`: the connect then goes the
 * usual way, and the signature follows it.
 */
export function* signInAtConnect(kind: ConnectionId): SagaIterator<SignInAtConnect | undefined> {
  const context: SignInSagaContext | undefined = yield getContext(SIGN_IN_CONTEXT);
  if (!context) return undefined;
  const timeouts = { ...DEFAULT_SIGN_IN_TIMEOUTS, ...context.timeouts };
  try {
    const asked: { request?: SignInAtConnect; timeout?: true } = yield race({
      request: call(function* (): SagaIterator<SignInAtConnect | undefined> {
        const workflow: Workflow = yield call(loadChunk, 'signInWorkflow');
        return (yield call(workflow.requestAtConnect, context, timeouts, kind)) as SignInAtConnect | undefined;
      }),
      timeout: delay(timeouts.atConnectMs),
    });
    return asked.request;
  } catch {
    return undefined;
  }
}

/**
 * The wallet's sign-in at connect, checked against `request` before the connect is said to have
 * succeeded: the sign-in state then holds it for the backend's check (or says what was wrong).
 */
export function* signedAtConnect(kind: ConnectionId, request: SignInAtConnect, proof: unknown, accounts: unknown): SagaIterator {
  const account = checksumAddress(Array.isArray(accounts) ? (accounts as unknown[])[0] : undefined);
  if (account === undefined) {
    // No account to sign in (the store refuses these accounts too): nothing waits for this connect.
    yield put(signInActions.notSignedAtConnect({ kind }));
    return;
  }
  const workflow: Workflow = yield call(loadChunk, 'signInWorkflow');
  try {
    const checked: ReturnType<Workflow['checkAtConnect']> = yield call(workflow.checkAtConnect, request, proof, account);
    yield put(signInActions.signedAtConnect({ address: account, proof: checked }));
  } catch (error) {
    yield put(signInActions.signInAtConnectFailed({ address: account, error: toWalletError(error) }));
  }
}
