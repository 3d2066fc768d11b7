// Types for portCheck.js (CommonJS, used by scripts/start.js and webpack.config.ts).
export declare function portTaken(port: number): Promise<boolean>;
export declare function devPortTakenMessage(port: number): string;
