// Types for deadExports.js (CommonJS, run by `npm run lint` and the tests).
export declare function deadExports(root: string, options?: { checked?: string[]; users?: string[] }): string[];
