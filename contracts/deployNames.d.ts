// Types for deployNames.js (CommonJS so `npm start` runs it without a TypeScript step).
export declare const ETH_COIN_TYPE: number;
export declare const DEFAULT_COIN_TYPE: number;
export declare const GATEWAY_KEY: string;
export declare const GATEWAY_SIGNER: string;
export declare const UNIVERSAL_RESOLVER_ADDRESS: string;
export declare const RECORD_RESOLVER_ADDRESS: string;
export declare const OFFCHAIN_RESOLVER_ADDRESS: string;
export declare function evmCoinType(chainId: number): number;
export declare function reverseNamespace(coinType: number): string;
export declare function deployNames(url: string): Promise<{ universalResolver: string; recordResolver: string; offchainResolver: string }>;
export declare function setRecords(
  url: string,
  name: string,
  records?: { addresses?: Record<string | number, string>; texts?: Record<string, string> },
): Promise<void>;
export declare function setPrimaryName(url: string, address: string, name: string, coinType?: number): Promise<void>;
export declare function setOffchainParent(url: string, parent: string, gatewayUrls: string[]): Promise<void>;
export declare function deployEndlessLookup(url: string, gatewayUrls: string[], claimedSender?: string): Promise<string>;
export declare function deployNameContracts(url: string): Promise<{ universalResolver: string; recordResolver: string; offchainResolver: string }>;
