// The one place where batches (sagas/batch.ts) and a batch's follower (sagas/transactionsFollow.ts)
// reach a connection's wallet. Signing reaches it the same way (sagas/signingWorkflow.ts:
// `connector.getProvider` under a time limit); when that seam becomes one shared function, this
// function is where it is called.
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, race, select } from 'redux-saga/effects';
import { CONNECTION_IDS, type ConnectionId, type Connector, type Eip1193Provider } from '../src/lib/connectors/types';
import { signingTargetOf } from '../store/signingSelectors';
import type { RootState } from '../store/types';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

/** The connector's provider, or undefined when it could not be reached within `ms` (or threw). */
export function* reachWallet(connector: Connector, ms: number): SagaIterator<Eip1193Provider | undefined> {
  try {
    const outcome: { provider?: Eip1193Provider; timeout?: true } = yield race({ provider: call([connector, connector.getProvider]), timeout: delay(ms) });
    return outcome.provider;
  } catch {
    return undefined;
  }
}

/** The connection's connector, from saga context (undefined when the app runs without one). */
export function* connectorOf(connectionId: ConnectionId): SagaIterator<Connector | undefined> {
  const context: WalletSagaContext | undefined = yield getContext(WALLET_CONTEXT);
  return context?.connectors[connectionId];
}

/** A connection that is connected with `account` selected now, or undefined. */
export function connectionWith(state: RootState, account: string): ConnectionId | undefined {
  return CONNECTION_IDS.find((id) => signingTargetOf(state, id)?.account.toLowerCase() === account.toLowerCase());
}

/** The provider of a wallet connected with `account` now, or undefined. */
export function* walletOfAccount(account: string, ms: number): SagaIterator<Eip1193Provider | undefined> {
  const connectionId: ConnectionId | undefined = yield select(connectionWith, account);
  if (connectionId === undefined) return undefined;
  const connector: Connector | undefined = yield call(connectorOf, connectionId);
  if (!connector) return undefined;
  const provider: Eip1193Provider | undefined = yield call(reachWallet, connector, ms);
  return provider;
}
