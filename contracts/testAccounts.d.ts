// Types for testAccounts.js.
export type TestContract =
  | 'OwnedAccount'
  | 'OwnedAccountFactory'
  | 'RevertingAccount'
  | 'WrongValueAccount'
  | 'GarbageAccount'
  | 'GasBurningAccount'
  | 'RevertingFactory';
export declare const DEPLOYER: string;
export declare const ERC6492_SUFFIX: string;
export declare function deploy(url: string, name: TestContract, args?: [string[], unknown[]]): Promise<string>;
export declare function deployOwnedAccount(url: string, owner: string): Promise<string>;
export declare function deployFactory(url: string): Promise<string>;
export declare function counterfactualAccount(url: string, factory: string, owner: string, salt: string): Promise<string>;
export declare function createCalldata(owner: string, salt: string): string;
export declare function wrap6492(factory: string, factoryCalldata: string, signature: string): string;
export declare function hasCode(url: string, address: string): Promise<boolean>;
