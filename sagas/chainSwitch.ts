// Chain switch on a connected wallet: switch, on 4902 add the chain, re-read. One prompt at a time.
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, take, takeLeading } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { switchOrAddChain } from '../src/lib/chainSwitch';
import type { Eip1193Provider } from '../src/lib/connectors/types';
import { ERROR_NAMES, MESSAGES, toWalletError, walletError } from '../src/lib/errors';
import { normalizeChainId } from '../src/lib/validation';
import { walletActions as actions } from '../store/walletSlice';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

type SwitchRequest = ReturnType<typeof actions.chainSwitchRequested>;

function* switchChain(action: SwitchRequest): SagaIterator {
  const { id, chainId } = action.payload;
  const { connectors, chains, timeouts }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const connector = connectors[id];
  try {
    const provider: Eip1193Provider = yield call([connector, connector.getProvider]);
    const outcome: { chainId?: unknown; ended?: UnknownAction; timeout?: true } = yield race({
      chainId: call(switchOrAddChain, provider, chains, chainId),
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
    yield put(actions.chainSwitchSucceeded({ id, chainId: normalizeChainId(outcome.chainId) }));
  } catch (error) {
    yield put(actions.chainSwitchFailed({ id, error: toWalletError(error) }));
  }
}

export function* watchChainSwitch(): SagaIterator {
  yield takeLeading(actions.chainSwitchRequested.type, switchChain);
}
