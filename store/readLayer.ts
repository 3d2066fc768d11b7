// The read layer (docs/behaviour.md §5, §6.11): RTK Query's API for read-only chain data and its
// endpoints (store/rpcApi.ts, store/chainApi.ts), the RPC runtime (src/lib/rpc) and the read-ahead
// (store/readAhead.ts), in a chunk of its own ("reads"): the first visit's entry scripts carry none
// of it. The page asks for it at start, before React's code is evaluated (sagas/readLayer.ts, with
// the loader the composition root gives it), and attaches it to its store when it arrives. The lazy
// parts that read through it (the signing panel, the network panel, the transactions follower)
// import it and share its chunk; what the first screen shows picks its reads at run time
// (store/readEndpoints.ts), so that a chunk that cannot load costs the reads only.
import type { RpcRuntime } from '../src/lib/rpc';
import { chainApi } from './chainApi';
import { readApisArrived } from './readEndpoints';
import { readLayerActions } from './readLayerSlice';
import { rpcApi } from './rpcApi';
import type { AppStore, RootState } from './types';

export { createRpcRuntime } from '../src/lib/rpc';
export { startReadsInView } from './readAhead';

/**
 * The APIs of this chunk that code outside it reads from, by name (store/readEndpoints.ts): the
 * first screen's block, the account's balance and name. A read shown on the first screen joins here.
 */
const readApis = { chainApi };
export type ReadApis = typeof readApis;

/** A store's state once the read layer is attached: RTK Query's at `rpc`. */
export type ReadsState = RootState & { rpc: NonNullable<RootState['rpc']> };
export type ReadsStore = Omit<AppStore, 'getState'> & { getState(): ReadsState };

/**
 * Joins the read layer to a store: RTK Query's reducer and middleware, and the runtime its queries
 * ask (none: every read fails with the reason, as a store without chain data). Its reads can start
 * from then on: the store says so (`readLayer.status` 'ready') in the same task.
 */
export function attachReadLayer(store: AppStore, rpc: RpcRuntime | undefined): asserts store is ReadsStore {
  readApisArrived(readApis);
  store.attachReadApi(rpcApi, rpc);
  store.dispatch(readLayerActions.attached());
}

/** Empties a store's read cache, whose unused entries each hold a removal timer (a stop: tests, a hot reload). */
export function resetReads(store: AppStore): void {
  store.dispatch(rpcApi.util.resetApiState());
}
