// Types for compileSignatureCheck.js.
interface CompiledContract {
  abi: unknown[];
  bytecode: string;
}
export declare const CHECK_ARTIFACT: string;
export declare const TEST_ARTIFACT: string;
export declare function compileSignatureCheck(): { compiler: string; bytecode: string };
export declare function compileTestAccounts(): { compiler: string } & Record<
  'OwnedAccount' | 'OwnedAccountFactory' | 'RevertingAccount' | 'WrongValueAccount' | 'GarbageAccount' | 'GasBurningAccount' | 'RevertingFactory',
  CompiledContract
>;
