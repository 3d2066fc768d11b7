// Sign-In with Ethereum's watcher (docs/behaviour.md §13): small, registered at start. With no backend
// configured it ends at once and the state stays "off". Otherwise it waits for a wallet to connect,
// loads the sign-in workflow (chunk "signin": the HTTP client and the message writer) and hands over
// to it. A user's Connect made before the code arrived still counts as one (its signature follows).
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ConnectionId } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { signInActions } from '../store/signInSlice';
import { selectSignInTarget, type SignInTarget } from '../store/signInSelectors';
import { walletActions } from '../store/walletSlice';
import { loadChunk } from './chunks';
import { DEFAULT_SIGN_IN_TIMEOUTS, SIGN_IN_CONTEXT, type SignInSagaContext } from './signInContext';

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
