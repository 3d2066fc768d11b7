// Chain switch on a connected wallet: switch, on 4902 add the chain, re-read. One prompt at a time.
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, race, take, takeLeading } from 'redux-saga/effects';
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { switchOrAddChain } from '../src/lib/chainSwitch';
import type { Eip1193Provider } from '../src/lib/connectors/types';
import { toWalletError } from '../src/lib/errors';
import { normalizeChainId } from '../src/lib/validation';
import { walletActions as actions } from '../store/walletSlice';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

type SwitchRequest = ReturnType<typeof actions.chainSwitchRequested>;

function* switchChain(action: SwitchRequest): SagaIterator {
  const { id, chainId } = action.payload;
  const { connectors, chains }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const connector = connectors[id];
  try {
    const provider: Eip1193Provider = yield call([connector, connector.getProvider]);
    const outcome: { chainId?: unknown; disconnected?: UnknownAction } = yield race({
      chainId: call(switchOrAddChain, provider, chains, chainId),
      // A disconnect while the wallet is prompting ends the switch; its answer no longer matters.
      disconnected: take((a: Action) => actions.disconnectRequested.match(a) && a.payload.id === id),
    });
    if (outcome.disconnected) return;
    yield put(actions.chainSwitchSucceeded({ id, chainId: normalizeChainId(outcome.chainId) }));
  } catch (error) {
    yield put(actions.chainSwitchFailed({ id, error: toWalletError(error) }));
  }
}

export function* watchChainSwitch(): SagaIterator {
  yield takeLeading(actions.chainSwitchRequested.type, switchChain);
}
