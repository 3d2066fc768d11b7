// The one place where batches (sagas/batch.ts) and a batch's follower (sagas/transactionsFollow.ts)
// reach a connection's wallet. Signing reaches it the same way (sagas/signingWorkflow.ts:
// `connector.getProvider` under a time limit); when that seam becomes one shared function, this
// function is where it is called.
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, race, select } from 'redux-saga/effects';
import type { KindAdapter } from '../src/lib/connectors/kind';
import { CONNECTION_IDS, type ConnectionId, type Eip1193Provider, type RequestArguments } from '../src/lib/connectors/types';
import { signingTargetOf } from '../store/signingSelectors';
import type { RootState } from '../store/types';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

/** The kind's wallet (its SDK loaded, every request through its adapter), or undefined when it could not be reached within `ms` (or threw). */
export function* reachWallet(connector: KindAdapter, ms: number): SagaIterator<Eip1193Provider | undefined> {
  try {
    const outcome: { loaded?: true; timeout?: true } = yield race({ loaded: call(function* () { yield call([connector, connector.load]); return true; }), timeout: delay(ms) });
    return outcome.loaded ? { request: (args: RequestArguments) => connector.request(args) } : undefined;
  } catch {
    return undefined;
  }
}

/** The connection's kind adapter, from saga context (undefined when the app runs without one). */
export function* connectorOf(connectionId: ConnectionId): SagaIterator<KindAdapter | undefined> {
  const context: WalletSagaContext | undefined = yield getContext(WALLET_CONTEXT);
  return context?.adapters[connectionId];
}

/** A connection that is connected with `account` selected now, or undefined. */
export function connectionWith(state: RootState, account: string): ConnectionId | undefined {
  return CONNECTION_IDS.find((id) => signingTargetOf(state, id)?.account.toLowerCase() === account.toLowerCase());
}

/** The provider of a wallet connected with `account` now, or undefined. */
export function* walletOfAccount(account: string, ms: number): SagaIterator<Eip1193Provider | undefined> {
  const connectionId: ConnectionId | undefined = yield select(connectionWith, account);
  if (connectionId === undefined) return undefined;
  const connector: KindAdapter | undefined = yield call(connectorOf, connectionId);
  if (!connector) return undefined;
  const provider: Eip1193Provider | undefined = yield call(reachWallet, connector, ms);
  return provider;
}
