// The one seam through which the sagas reach a wallet: every wallet request of a lifecycle, a chain
// switch, a disconnect, a signature or a transaction goes through walletRequest, to the kind's adapter
// (src/lib/connectors/kind.ts). No saga holds a provider.
import type { SagaIterator } from 'redux-saga';
import { call, getContext } from 'redux-saga/effects';
import type { KindAdapter } from '../src/lib/connectors/kind';
import type { ConnectionId, Eip1193Provider, RequestArguments } from '../src/lib/connectors/types';
import { WALLET_CONTEXT, type WalletSagaContext } from './context';

/**
 * One request to the kind's wallet. Synchronous up to the adapter: with a provider at hand the
 * request leaves in the calling task (a click's).
 */
export function walletRequest(adapter: KindAdapter, args: RequestArguments): Promise<unknown> {
  return adapter.request(args);
}

/**
 * Reaches a kind's wallet (its SDK loaded) and returns it as an EIP-1193 surface whose every request
 * goes through walletRequest (what the signing workflow asks).
 */
export function* reachWallet(id: ConnectionId): SagaIterator<Eip1193Provider> {
  const { adapters }: WalletSagaContext = yield getContext(WALLET_CONTEXT);
  const adapter = adapters[id];
  yield call([adapter, adapter.load]);
  return { request: (args: RequestArguments) => walletRequest(adapter, args) };
}
