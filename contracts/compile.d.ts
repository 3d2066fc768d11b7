// Types for compile.js.
interface CompiledContract {
  abi: unknown[];
  bytecode: string;
}
export declare const ARTIFACT: string;
export declare function compileEns(): { compiler: string; registry: CompiledContract; resolver: CompiledContract };
