// Types for testSafe.js.
export interface SafeCall {
  to: string;
  value: bigint | string;
  data: string;
}
export declare const ARTIFACT: string;
export declare function compileTestSafe(): { compiler: string; abi: unknown[]; bytecode: string };
export declare function deployTestSafe(url: string, owners: string[], threshold: number, fundWei?: bigint): Promise<string>;
export declare function execTransaction(url: string, safe: string, keys: string[], tx: SafeCall, from: string): Promise<string>;
export declare function signMessageOffChain(url: string, safe: string, keys: string[], hash: string): Promise<string>;
export declare function signMessageCalldata(hash: string): string;
export declare function ownersSign(keys: string[], hash: string): string;
