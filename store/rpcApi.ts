// The one RTK Query API for read-only chain data, in the read layer's chunk (store/readLayer.ts):
// its endpoints are injected into it (store/chainApi.ts, and the lazy parts' own). Calls go through
// the store's RpcRuntime (endpoint selection, failover, batching), handed over when the read layer
// is attached and reaching queries as the thunk extra argument (`api.extra`), one runtime per store,
// never a module singleton. Nothing here throws: every failure comes back as `{ error }`, a plain
// { name, code?, message }.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query';
import type { WalletError } from '../src/lib/errors';
import { isObject } from '../src/lib/guards';
import { RPC_ERROR_NAMES, RPC_MESSAGES, rpcError, toRpcError, type ResultKind, type RpcRuntime } from '../src/lib/rpc';
import type { StoreExtra } from './storeExtra';

export interface RpcRequest {
  chainId: number;
  method: string;
  params?: readonly unknown[];
  /** The shape the result must have; an endpoint answering another fails over (src/lib/rpc). */
  expect?: ResultKind;
}

export type RpcResult<T> = { data: T } | { error: WalletError };

function isRuntime(value: unknown): value is RpcRuntime {
  return isObject(value) && typeof value['client'] === 'function';
}

/** This store's runtime, from the `extra` that RTK Query hands every query and lifecycle. */
export function getRpcRuntime(extra: unknown): RpcRuntime {
  const runtime = isObject(extra) ? (extra as StoreExtra).rpc : undefined;
  if (!isRuntime(runtime)) throw rpcError(RPC_ERROR_NAMES.notConfigured, RPC_MESSAGES.notConfigured);
  return runtime;
}

/** Runs `work` with the runtime and turns whatever it throws into `{ error }`. */
export async function withRpc<T>(extra: unknown, work: (runtime: RpcRuntime) => Promise<T>): Promise<RpcResult<T>> {
  try {
    return { data: await work(getRpcRuntime(extra)) };
  } catch (error) {
    return { error: toRpcError(error) };
  }
}

export const rpcBaseQuery: BaseQueryFn<RpcRequest, unknown, WalletError> = ({ chainId, method, params = [], expect }, api) =>
  withRpc(api.extra, (runtime) => runtime.client(chainId).request(method, params, expect));

export const rpcApi = createApi({
  reducerPath: 'rpc',
  baseQuery: rpcBaseQuery,
  tagTypes: ['Block', 'Balance', 'Name', 'Endpoint'],
  // A block poll refreshes balances in the same tick, so both travel in one batch (chainApi).
  invalidationBehavior: 'immediately',
  endpoints: () => ({}),
});
