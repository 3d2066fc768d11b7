// Eager reconnect: at start every kind with something to reconnect is tried silently, in parallel;
// a browser-extension wallet that shows up a little later (EIP-6963, `ethereum#initialized`) is tried
// then, the same silent way.
import { eventChannel, type SagaIterator } from 'redux-saga';
import type { ConnectionId } from '../src/lib/connectors/types';
import { call, put, select } from 'redux-saga/effects';
import { reconnectsAtStart } from '../src/lib/connectors/kind';
import { toWalletError } from '../src/lib/errors';
import { walletActions as actions } from '../store/walletSlice';
import { connectionLifecycle } from './activate';
import type { WalletSagaContext } from './context';
import { selectAttempt, walletContext } from './support';
import { CONNECTION_IDS } from '../src/lib/connectors/types';

/** What to do for a kind at start (or when its wallet appears): nothing, or a silent lifecycle. */
export function* eagerConnect(id: ConnectionId): SagaIterator {
  const { adapters, session }: WalletSagaContext = yield call(walletContext);
  const adapter = adapters[id];
  let ownsPage = false;
  try {
    if (!reconnectsAtStart(adapter, id, session)) return;
    ownsPage = adapter.status().ownsPage === true;
  } catch (error) {
    // docs/behaviour.md §1.4: eager connection outside a browser is a configuration error, shown at once.
    yield put(actions.activationStarted({ id, eager: true }));
    const attempt: number = yield select(selectAttempt(id));
    yield put(actions.activationFailed({ id, attempt, error: toWalletError(error) }));
    return;
  }
  // Only a kind that was connected when the page was last open shows "Reconnecting": a first-time
  // visitor with an extension installed sees no flash of it while eth_accounts answers []. A kind that
  // owns the page (Safe{Wallet}'s frame, §1.7) shows it too: the page has no other way to connect.
  yield call(connectionLifecycle, id, session.wasConnected(id) || ownsPage ? { eager: true } : { eager: true, silent: true });
}

/** Kinds whose adapter says something changed (a wallet announced itself), for the late-wallet window. */
export function availabilityChanges(context: WalletSagaContext) {
  return eventChannel<{ id: ConnectionId }>((emit) => {
    const stops: Array<() => void> = [];
    for (const id of CONNECTION_IDS) {
      try {
        const stop = context.adapters[id].watch(() => emit({ id }));
        if (typeof stop === 'function') stops.push(stop);
      } catch {
        // This kind reports no changes.
      }
    }
    return () => {
      for (const stop of stops) {
        try {
          stop();
        } catch {
          // nothing left to do
        }
      }
    };
  });
}
