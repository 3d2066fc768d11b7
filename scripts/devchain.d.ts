// Types for devchain.js (CommonJS, run by scripts/start.js).
export declare const DEV_NAMES: ReadonlyArray<readonly [name: string, address: string]>;
export declare function setupDevChain(rpcUrl: string): Promise<void>;
