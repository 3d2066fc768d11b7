// Types for chainRpc.js (CommonJS, used by the contract helpers).
export declare function call(url: string, method: string, params?: unknown[]): Promise<unknown>;
export declare function receipt(url: string, hash: string, what?: string): Promise<{ status: string } & Record<string, unknown>>;
export declare function hasCode(url: string, address: string): Promise<boolean>;
