// The signing watcher: small, registered at start. The workflow (sagas/signingWorkflow.ts, with ethers'
// helpers, chunk "signing") loads on the first request, which waits for it; later ones wait in this
// watcher's own channel meanwhile.
import type { Channel, SagaIterator } from 'redux-saga';
import { actionChannel, call, delay, fork, put, race, take } from 'redux-saga/effects';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { signingActions as actions } from '../store/signingSlice';
import { loadChunk } from './chunks';
import { signingTimeouts, type SigningTimeouts } from './signingContext';

// The defaults live in their own module, which the lazily loaded workflow imports too (no import loop).
export { DEFAULT_SIGNING_TIMEOUTS, type SigningTimeouts } from './signingContext';

type Workflow = typeof import('./signingWorkflow');

type Requested = ReturnType<typeof actions.requested>;

export function* watchSigning(): SagaIterator {
  const requests: Channel<Requested> = yield actionChannel(actions.requested.type);
  let workflow: Workflow | undefined;
  while (true) {
    const action: Requested = yield take(requests);
    if (!workflow) {
      const timeouts: SigningTimeouts = yield call(signingTimeouts);
      const limit = timeouts.prepareMs;
      try {
        const loaded: { module?: Workflow; timeout?: true } = yield race({ module: call(loadChunk, 'signingWorkflow'), timeout: delay(limit) });
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
