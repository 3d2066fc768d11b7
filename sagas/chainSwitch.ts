// Chain switch on a connected wallet: switch, on 4902 add the chain, re-read. Leading per kind: a
// second request for the same kind while one waits is dropped (no duplicate wallet prompt), while
// another kind's switch goes ahead at once (SPEC §4). Every await is bounded by the timeout.
import type { SagaIterator, Task } from 'redux-saga';
import { call, delay, fork, put, race, take } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { switchOrAddChain } from '../src/lib/chainSwitch';
import type { ConnectionId, Eip1193Provider } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, plainValue, toWalletError, walletError } from '../src/lib/errors';
import { walletActions as actions } from '../store/walletSlice';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';

type SwitchRequest = ReturnType<typeof actions.chainSwitchRequested>;

function* askWallet(id: ConnectionId, chainId: number): SagaIterator<unknown> {
  const { connectors, chains }: WalletSagaContext = yield call(walletContext);
  const connector = connectors[id];
  const provider: Eip1193Provider = yield call([connector, connector.getProvider]);
  const reported: unknown = yield call(switchOrAddChain, provider, chains, chainId);
  return reported;
}

function* switchChain(action: SwitchRequest): SagaIterator {
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
    if (outcome.timeout) {
      yield put(actions.chainSwitchFailed({ id, error: walletError(ERROR_NAMES.timeout, MESSAGES.timeout('Switching chain', timeouts.activateMs)) }));
      return;
    }
    yield put(actions.chainSwitchSucceeded({ id, chainId: plainValue(outcome.chainId) }));
  } catch (error) {
    yield put(actions.chainSwitchFailed({ id, error: toWalletError(error) }));
  }
}

export function* watchChainSwitch(): SagaIterator {
  const running = new Map<ConnectionId, Task>();
  while (true) {
    const action: SwitchRequest = yield take(actions.chainSwitchRequested.type);
    const { id } = action.payload;
    if (running.get(id)?.isRunning()) continue;
    running.set(id, yield fork(switchChain, action));
  }
}
