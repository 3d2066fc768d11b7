// Types for compileNames.js.
interface Compiled {
  abi: unknown[];
  bytecode: string;
}
export declare const ARTIFACT: string;
export declare function compileNames(): { compiler: string } & Record<'UniversalResolver' | 'RecordResolver' | 'ReverseRegistrar' | 'OffchainResolver' | 'EndlessLookup', Compiled>;
