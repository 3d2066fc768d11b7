// Chain switch on a connected wallet: switch, on 4902 add the chain, re-read. Leading per kind: a
// second request for the same kind while one waits is dropped (no duplicate wallet prompt), while
// another kind's switch goes ahead at once (docs/behaviour.md §4.2). Every await is bounded by the timeout.
import type { Channel, SagaIterator, Task } from 'redux-saga';
import { actionChannel, call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { isConnectionId, type ConnectionId } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, plainValue, toWalletError, walletError } from '../src/lib/errors';
import { walletActions as actions } from '../store/walletSlice';
import type { WalletSagaContext } from './context';
import { selectAttempt, walletContext } from './support';

type SwitchRequest = ReturnType<typeof actions.chainSwitchRequested>;

function* askWallet(id: ConnectionId, chainId: number): SagaIterator<unknown> {
  const { adapters }: WalletSagaContext = yield call(walletContext);
  const adapter = adapters[id];
  const reported: unknown = yield call([adapter, adapter.switchChain], chainId);
  return reported;
}

function* switchChain(action: SwitchRequest, attempt: number): SagaIterator {
  const { id, chainId } = action.payload;
  const { timeouts }: WalletSagaContext = yield call(walletContext);
  try {
    const outcome: { chainId?: unknown; ended?: UnknownAction; timeout?: true } = yield race({
      chainId: call(askWallet, id, chainId),
      // A disconnect, or the user giving up on a wallet that never answers, ends the wait; a late
      // answer still arrives as a chainChanged event.
      ended: take(
        (a: Action) => (actions.disconnectRequested.match(a) || actions.chainSwitchCancelled.match(a)) && a.payload.id === id,
      ),
      timeout: delay(timeouts.activateMs),
    });
    if (outcome.ended) return;
    // The connection this switch was for has ended since (reset, new attempt): its answer means nothing now.
    const now: number = yield select(selectAttempt(id));
    if (now !== attempt) return;
    if (outcome.timeout) {
      yield put(actions.chainSwitchFailed({ id, error: walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Switching chain', timeouts.activateMs)) }));
      return;
    }
    yield put(actions.chainSwitchSucceeded({ id, chainId: plainValue(outcome.chainId) }));
  } catch (error) {
    const now: number = yield select(selectAttempt(id));
    if (now === attempt) yield put(actions.chainSwitchFailed({ id, error: toWalletError(error) }));
  }
}

export function* watchChainSwitch(): SagaIterator {
  const source: Channel<SwitchRequest> = yield actionChannel(actions.chainSwitchRequested.type);
  const running = new Map<ConnectionId, { task: Task; attempt: number }>();
  while (true) {
    const action: SwitchRequest = yield take(source);
    const { id } = action.payload;
    if (!isConnectionId(id)) continue;
    const attempt: number = yield select(selectAttempt(id));
    const previous = running.get(id);
    if (previous?.task.isRunning()) {
      // Leading per kind: the wallet already shows this connection's prompt.
      if (previous.attempt === attempt) continue;
      // A switch left over from a connection that has since ended: it no longer holds this kind up.
      yield cancel(previous.task);
    }
    running.set(id, { task: yield fork(switchChain, action, attempt), attempt });
  }
}
