// Types for ensRegistry.js (kept as CommonJS so `npm start` can run it without a TypeScript step).
export declare const ENS_ADMIN: string;
export declare const REGISTRY_ADDRESS: string;
export declare const RESOLVER_ADDRESS: string;
export declare const CREATE2_DEPLOYER: string;
export declare function deployRegistry(url: string): Promise<void>;
export declare function registerName(url: string, name: string, address: string): Promise<void>;
export declare function setAddress(url: string, name: string, address: string): Promise<void>;
export declare function setReverseName(url: string, address: string, name: string): Promise<void>;
export declare const SALT: string;
export declare function deployOnce(url: string, address: string, initCode: string): Promise<void>;
export declare function claim(url: string, name: string, resolver?: string): Promise<string>;
export declare function send(url: string, to: string, data: string): Promise<unknown>;
