// Types for compileDevSmartAccount.js.
interface CompiledContract {
  abi: unknown[];
  bytecode: string;
}
export declare const ARTIFACT: string;
export declare function compileDevSmartAccount(): { compiler: string } & Record<'DevSmartAccount' | 'DevSmartAccountFactory', CompiledContract>;
