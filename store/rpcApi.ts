// The one RTK Query API for read-only chain data. Features inject their endpoints into it
// (src/features/chain). Calls go through the store's RpcRuntime (endpoint selection, failover,
// batching), which the composition root hands over with rpcRuntimeMiddleware. Nothing here throws:
// every failure comes back as `{ error }`, a plain { name, code?, message }.
import type { Middleware } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { walletError, type WalletError } from '../src/lib/errors';
import { parseQuantity, RPC_ERROR_NAMES, RPC_MESSAGES, rpcError, toRpcError, type RpcRuntime } from '../src/lib/rpc';

export interface RpcRequest {
  chainId: number;
  method: string;
  params?: readonly unknown[];
  /** Checks the shape of the result: a hex quantity, or hex data. */
  expect?: 'quantity' | 'data';
}

export type RpcResult<T> = { data: T } | { error: WalletError };

const RUNTIME_REQUESTED = 'rpcRuntime/requested';

/**
 * Gives queries this store's RpcRuntime: it answers a `rpcRuntime/requested` dispatch with the
 * runtime (the action never reaches a reducer). One runtime per store, never a module singleton.
 */
export function rpcRuntimeMiddleware(runtime: RpcRuntime): Middleware {
  return () => (next) => (action) =>
    typeof action === 'object' && action !== null && (action as { type?: unknown }).type === RUNTIME_REQUESTED ? runtime : next(action);
}

function isRuntime(value: unknown): value is RpcRuntime {
  return typeof value === 'object' && value !== null && typeof (value as { client?: unknown }).client === 'function';
}

export function getRpcRuntime(dispatch: (action: { type: string }) => unknown): RpcRuntime {
  const answer = dispatch({ type: RUNTIME_REQUESTED });
  if (!isRuntime(answer)) throw rpcError(RPC_ERROR_NAMES.notConfigured, RPC_MESSAGES.notConfigured);
  return answer;
}

/** Runs `work` with the runtime and turns whatever it throws into `{ error }`. */
export async function withRpc<T>(dispatch: (action: { type: string }) => unknown, work: (runtime: RpcRuntime) => Promise<T>): Promise<RpcResult<T>> {
  try {
    return { data: await work(getRpcRuntime(dispatch)) };
  } catch (error) {
    return { error: toRpcError(error) };
  }
}

const HEX_DATA = /^0x([0-9a-f]{2})*$/i;

export const rpcBaseQuery: BaseQueryFn<RpcRequest, unknown, WalletError> = async ({ chainId, method, params = [], expect }, api) => {
  const result = await withRpc(api.dispatch, (runtime) => runtime.client(chainId).request(method, params));
  if ('error' in result) return result;
  const valid =
    expect === 'quantity' ? parseQuantity(result.data) !== undefined : expect === 'data' ? typeof result.data === 'string' && HEX_DATA.test(result.data) : true;
  return valid ? result : { error: walletError(RPC_ERROR_NAMES.invalidResponse, RPC_MESSAGES.invalidResponse(method)) };
};

export const rpcApi = createApi({
  reducerPath: 'rpc',
  baseQuery: rpcBaseQuery,
  tagTypes: ['Block', 'Balance', 'Name', 'Endpoint'],
  endpoints: () => ({}),
});
