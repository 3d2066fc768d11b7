// The thunk extra argument of a store (store/setupStore.ts), which RTK Query hands every query as
// `api.extra`: the store's own RPC runtime (endpoint selection and JSON-RPC for read-only chain data)
// and the chunks its endpoints may load. One of each per store, never a module singleton.
import type { RpcRuntime } from '../src/lib/rpc';
import type { StoreChunks } from './namesLookup';

export interface StoreExtra {
  rpc?: RpcRuntime;
  chunks?: StoreChunks;
}
