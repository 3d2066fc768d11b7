// Types for buildEnv.js (CommonJS, used by webpack.config.ts and scripts/start.js).
export declare const BUILD_ENV_NAMES: readonly string[];
export declare function checkBuildEnv(env: Record<string, string | undefined>): string[];
export declare function walletConnectWarning(env: Record<string, string | undefined>, options: { production: boolean }): string | undefined;
