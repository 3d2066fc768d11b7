// Writes back what survives a reload (docs/behaviour.md §1.5): the current connection, once the user has
// chosen one, the browser extension they picked, and the extension suggestions they passed. The store
// starts from what was remembered (the composition root reads it); this saga keeps the memory in step
// with every change after.
import { buffers, type SagaIterator } from 'redux-saga';
import { actionChannel, call, select, take } from 'redux-saga/effects';
import type { WalletState } from '../store/walletSlice';
import type { RootState } from '../store/types';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';

const selectWallet = (state: RootState): WalletState => state.wallet;

export function* rememberSession(): SagaIterator {
  const { session }: WalletSagaContext = yield call(walletContext);
  // Only "something changed" matters: the state is compared, so the latest action is enough.
  const changes = yield actionChannel('*', buffers.sliding(1));
  let saved: WalletState = yield select(selectWallet);
  while (true) {
    yield take(changes);
    const wallet: WalletState = yield select(selectWallet);
    if (wallet === saved) continue;
    // A kind that owns the page (docs/behaviour.md §1.7) is current there only, not the user's choice.
    if ((wallet.current !== saved.current && wallet.ownerReplaced === saved.ownerReplaced) || (wallet.chosen && !saved.chosen)) session.saveCurrent(wallet.current);
    if (wallet.chosenExtension !== saved.chosenExtension) session.saveChosenExtension(wallet.chosenExtension);
    if (wallet.withoutExtension !== saved.withoutExtension && wallet.withoutExtension) session.saveWithoutExtension(wallet.withoutExtension);
    saved = wallet;
  }
}
