// Types for devchain.js (CommonJS, run by scripts/start.js).
import type { Gateway } from '../contracts/gateway';
export declare const DEV_NAMES: ReadonlyArray<readonly [name: string, address: string]>;
export declare const DEV_OFFCHAIN: readonly [name: string, address: string];
export declare function setupDevChain(rpcUrl: string): Promise<{ gateway?: Gateway }>;
export declare function gatewayEnv(gateway: Gateway | undefined): Record<string, string>;
