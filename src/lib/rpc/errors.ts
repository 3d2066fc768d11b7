// Errors of read-only chain calls. Everything that leaves src/lib/rpc is a plain WalletError.
import { ERROR_NAMES, toWalletError, walletError, type WalletError } from '../errors';

export const RPC_ERROR_NAMES = {
  noUrls: ERROR_NAMES.noUrls,
  unknownChain: 'UnknownChainError',
  endpointsUnavailable: 'EndpointsUnavailableError',
  invalidResponse: 'InvalidResponseError',
  notConfigured: 'ConfigurationError',
} as const;

export const RPC_MESSAGES = {
  noUrls: (chain: string) => `${chain} has no RPC endpoint configured`,
  unknownChain: (chainId: number) => `Chain ${chainId} is not in the chain table`,
  endpointsUnavailable: (chain: string, problems: readonly string[]) =>
    `No RPC endpoint of ${chain} is answering (${problems.join('; ')})`,
  invalidResponse: (method: string) => `The RPC endpoint sent an unexpected result for ${method}`,
  notConfigured: 'Read-only chain data needs an RPC runtime: pass `rpc` to setupStore',
} as const;

/** Thrown inside src/lib/rpc; carries the plain error that the base query hands to the store. */
export class RpcError extends Error {
  /** `revertData`: a reverted call's data, when the endpoint sent it (never in the store). */
  constructor(
    readonly error: WalletError,
    readonly revertData?: string,
  ) {
    super(error.message);
    this.name = error.name;
  }
}

/**
 * The endpoint itself is broken (unreachable, timed out, 429, 5xx, not JSON-RPC): the request may
 * go to another endpoint. Never leaves src/lib/rpc.
 */
export class EndpointFailure extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = 'EndpointFailure';
  }
}

export function rpcError(name: string, message: string): RpcError {
  return new RpcError(walletError(name, message));
}

/** Anything thrown by a read-only call, as the plain error the store keeps. */
export function toRpcError(error: unknown): WalletError {
  if (error instanceof RpcError) return error.error;
  if (error instanceof EndpointFailure) return walletError(RPC_ERROR_NAMES.endpointsUnavailable, error.problem);
  return toWalletError(error);
}
