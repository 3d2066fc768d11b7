// Where batches (sagas/batch.ts) and a batch's follower (sagas/transactionsFollow.ts) reach a
// connection's wallet: through the sagas' one seam (sagas/wallet.ts, reachWallet, as the signing
// workflow does), under a time limit.
import type { SagaIterator } from 'redux-saga';
import { call, delay, race, select } from 'redux-saga/effects';
import { CONNECTION_IDS, type ConnectionId, type Eip1193Provider } from '../src/lib/connectors/types';
import { signingTargetOf } from '../store/signingSelectors';
import type { RootState } from '../store/types';
import { reachWallet as reachKind } from './wallet';

/** The connection's wallet, or undefined when it could not be reached within `ms` (or failed). */
export function* reachWallet(connectionId: ConnectionId, ms: number): SagaIterator<Eip1193Provider | undefined> {
  try {
    const outcome: { provider?: Eip1193Provider; timeout?: true } = yield race({ provider: call(reachKind, connectionId), timeout: delay(ms) });
    return outcome.provider;
  } catch {
    return undefined;
  }
}

/** A connection that is connected with `account` selected now, or undefined. */
function connectionWith(state: RootState, account: string): ConnectionId | undefined {
  return CONNECTION_IDS.find((id) => signingTargetOf(state, id)?.account.toLowerCase() === account.toLowerCase());
}

/** The wallet of a connection that has `account` selected now, or undefined. */
export function* walletOfAccount(account: string, ms: number): SagaIterator<Eip1193Provider | undefined> {
  const connectionId: ConnectionId | undefined = yield select(connectionWith, account);
  if (connectionId === undefined) return undefined;
  const provider: Eip1193Provider | undefined = yield call(reachWallet, connectionId, ms);
  return provider;
}
