// Writes back what survives a reload (docs/behaviour.md §1.5): the current connection, once the user has
// chosen one, the browser extension they picked, the extension suggestions they passed, and the
// account and chain the current connection is on (forgotten once it is disconnected). The store
// starts from what was remembered (the composition root reads it); this saga keeps the memory in step
// with every change after.
import { buffers, type SagaIterator } from 'redux-saga';
import { actionChannel, call, select, take } from 'redux-saga/effects';
import type { LastAccount } from '../src/lib/persistence';
import { connectionStatus } from '../store/connectionView';
import { signerOf } from '../store/signer';
import type { WalletState } from '../store/walletSlice';
import type { RootState } from '../store/types';
import type { WalletSagaContext } from './context';
import { walletContext } from './support';

const selectWallet = (state: RootState): WalletState => state.wallet;

/**
 * The current connection's account and chain while it is connected; nothing once it is disconnected
 * (by the user, a locked wallet, a refused connect); else what was remembered (a reconnect under way
 * or failed: the user may be back).
 */
function lastAccountOf(wallet: WalletState, remembered: LastAccount | undefined): LastAccount | undefined {
  const signer = signerOf(wallet);
  if (signer) return { kind: signer.connectionId, address: signer.account, chainId: signer.chainId };
  const { current } = wallet;
  return connectionStatus(wallet.connections[current], wallet.activity[current]) === 'Disconnected' ? undefined : remembered;
}

const sameAccount = (a: LastAccount | undefined, b: LastAccount | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.kind === b.kind && a.address === b.address && a.chainId === b.chainId);

export function* rememberSession(): SagaIterator {
  const { session }: WalletSagaContext = yield call(walletContext);
  // Only "something changed" matters: the state is compared, so the latest action is enough.
  const changes = yield actionChannel('*', buffers.sliding(1));
  let saved: WalletState = yield select(selectWallet);
  let last: LastAccount | undefined = session.loadLastAccount();
  while (true) {
    yield take(changes);
    const wallet: WalletState = yield select(selectWallet);
    if (wallet === saved) continue;
    // A kind that owns the page (docs/behaviour.md §1.7) is current there only, not the user's choice.
    if ((wallet.current !== saved.current && wallet.ownerReplaced === saved.ownerReplaced) || (wallet.chosen && !saved.chosen)) session.saveCurrent(wallet.current);
    if (wallet.chosenExtension !== saved.chosenExtension) session.saveChosenExtension(wallet.chosenExtension);
    if (wallet.withoutExtension !== saved.withoutExtension && wallet.withoutExtension) session.saveWithoutExtension(wallet.withoutExtension);
    const account = lastAccountOf(wallet, last);
    if (!sameAccount(account, last)) session.saveLastAccount(account);
    last = account;
    saved = wallet;
  }
}
