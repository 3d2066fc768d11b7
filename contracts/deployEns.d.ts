// Types for deployEns.js (kept as CommonJS so `npm start` can run it without a TypeScript step).
export * from './ensRegistry';
export declare function deployEns(url: string): Promise<{ registry: string; resolver: string; universalResolver: string }>;
