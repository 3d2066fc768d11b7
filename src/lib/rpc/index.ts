// Read-only chain access over fetch (no wallet, no ethers provider). Name lookups live in
// ./names and are loaded on demand.
export { createRpcRuntime, ChainClient, DEFAULT_TIMEOUT_MS, type RpcOptions, type RpcRuntime } from './client';
export type { EndpointState, EndpointStatus, NetworkStatus } from './endpoints';
export { RPC_ERROR_NAMES, RPC_MESSAGES, RpcError, rpcError, toRpcError } from './errors';
export { isResultOf, parseQuantity, parseSafeInteger, type ResultKind } from './quantity';
export { DEFAULT_MAX_ANSWER_BYTES } from './transport';
export { createNameMemory, type NameMemory } from './nameMemory';
