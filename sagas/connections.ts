// The watcher that owns one lifecycle task per kind. Each request is matched explicitly; every branch
// is an error boundary, so one kind's failing wallet or SDK can never stop the others (docs/behaviour.md §2.7).
import type { SagaIterator, Task } from 'redux-saga';
import { actionChannel, call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import { desiredChainProblem } from '../src/lib/chainSwitch';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { selectConnection } from '../store/selectors';
import type { RootState } from '../store/types';
import { walletActions as actions } from '../store/walletSlice';
import { connectionLifecycle, type LifecycleOptions } from './activate';
import type { WalletSagaContext } from './context';
import { deactivate, tearDown } from './deactivate';
import { availabilityChanges, eagerConnect } from './eager';
import { guarded, selectActivating, selectAttempt, selectDesiredChainId, selectHasAccounts, walletContext } from './support';

type ConnectionRequest = ReturnType<
  | typeof actions.connectRequested
  | typeof actions.disconnectRequested
  | typeof actions.connectCancelled
  | typeof actions.qrDialogClosed
>;

interface Running {
  task: Task;
  /** A user connect (eth_requestAccounts) rather than a silent reconnect. */
  user: boolean;
}

export function* watchConnections(): SagaIterator {
  const context: WalletSagaContext = yield call(walletContext);
  const { chains, qrCloseIsError } = context;
  const requests = yield actionChannel([
    actions.connectRequested.type,
    actions.disconnectRequested.type,
    actions.connectCancelled.type,
    actions.qrDialogClosed.type,
  ]);
  const tasks = new Map<ConnectionId, Running>();
  // Forks happen here, in the watcher's own body: a fork inside a called helper would tie the
  // lifecycle to that helper, and the helper (and so the watcher) would wait for it to end.
  for (const id of CONNECTION_IDS) tasks.set(id, { task: yield fork(guarded, eagerConnect, id), user: false });
  yield fork(guarded, watchLateWallets, context, tasks);

  const stop = function* (id: ConnectionId): SagaIterator {
    const running = tasks.get(id);
    if (running?.task.isRunning()) yield cancel(running.task);
    tasks.delete(id);
  };

  /** What to start for a request: a new lifecycle, or a cleanup running beside the watcher. */
  type Plan = { lifecycle?: LifecycleOptions; cleanup?: (id: ConnectionId) => SagaIterator } | undefined;

  const onConnect = function* (id: ConnectionId): SagaIterator<Plan> {
    const running = tasks.get(id);
    const activating: boolean = yield select(selectActivating(id));
    // A second Connect while ours waits on the wallet: the wallet already shows the prompt.
    if (running?.user && running.task.isRunning() && activating) return undefined;
    const desired: number | undefined = yield select(selectDesiredChainId(id));
    const problem = desired === undefined ? undefined : desiredChainProblem(chains, desired);
    if (problem) {
      // docs/behaviour.md §3.4: a desired chain without URLs is rejected and nothing else changes.
      yield put(actions.chainSwitchFailed({ id, error: toWalletError(problem) }));
      return undefined;
    }
    yield call(stop, id);
    return { lifecycle: desired === undefined ? { eager: false } : { eager: false, desiredChainId: desired } };
  };
  const onDisconnect = function* (id: ConnectionId): SagaIterator<Plan> {
    yield call(stop, id);
    return { cleanup: deactivate };
  };
  const onCancel = function* (id: ConnectionId): SagaIterator<Plan> {
    // The reducer has already reset an activating connection; a connected one stays as it is.
    const live: boolean = yield select(selectHasAccounts(id));
    if (live) return undefined;
    yield call(stop, id);
    return { cleanup: tearDown };
  };
  const onQrClosed = function* (id: ConnectionId): SagaIterator<Plan> {
    const activating: boolean = yield select(selectActivating(id));
    if (!activating) return undefined;
    const attempt: number = yield select(selectAttempt(id));
    yield call(stop, id);
    if (qrCloseIsError) {
      yield put(actions.activationFailed({ id, attempt, error: walletError(ERROR_NAMES.userClosedModal, MESSAGES.userClosedModal) }));
    } else {
      yield put(actions.activationEnded({ id, attempt }));
    }
    // The pending pairing is torn down so that connecting again shows a fresh QR code.
    return { cleanup: tearDown };
  };

  while (true) {
    const action: ConnectionRequest = yield take(requests);
    const { id } = action.payload;
    let plan: Plan;
    try {
      if (actions.connectRequested.match(action)) plan = yield call(onConnect, id);
      else if (actions.disconnectRequested.match(action)) plan = yield call(onDisconnect, id);
      else if (actions.connectCancelled.match(action)) plan = yield call(onCancel, id);
      else if (actions.qrDialogClosed.match(action)) plan = yield call(onQrClosed, id);
    } catch {
      // A request that fails to start changes nothing; the watcher keeps serving every kind.
      plan = undefined;
    }
    if (plan?.lifecycle) tasks.set(id, { task: yield fork(guarded, connectionLifecycle, id, plan.lifecycle), user: true });
    if (plan?.cleanup) yield fork(guarded, plan.cleanup, id);
  }
}

/**
 * For the eager window after start: a kind whose wallet appears (announced late, injected late) and
 * that is idle, not disconnected on purpose and has nothing running, is reconnected silently.
 */
function* watchLateWallets(context: WalletSagaContext, tasks: Map<ConnectionId, Running>): SagaIterator {
  const channel = availabilityChanges(context);
  const windowMs = context.timeouts.lateWalletMs ?? context.timeouts.eagerMs;
  try {
    const deadline = Date.now() + windowMs;
    while (true) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const next: { change?: { id: ConnectionId }; over?: true } = yield race({ change: take(channel), over: delay(left) });
      if (!next.change) return;
      const { id } = next.change;
      if (tasks.get(id)?.task.isRunning()) continue;
      const connection: ReturnType<typeof selectConnection> = yield select((s: RootState) => selectConnection(s, id));
      if (connection.activating || connection.accounts !== undefined || connection.error !== undefined) continue;
      tasks.set(id, { task: yield fork(guarded, eagerConnect, id), user: false });
    }
  } finally {
    channel.close();
  }
}
