// Types for csp.js (CommonJS, used by webpack.config.ts and the tests).
import type { KindCsp } from '../src/lib/connectors/kind';

export interface CspOptions {
  rpcUrls: readonly string[];
  /** What each wallet kind needs (scripts/kindCsp.ts kindCspSources). */
  kinds?: readonly KindCsp[];
  frameAncestors?: string;
  /** Origins name lookups may ask (EIP-3668 gateways), added to connect-src. */
  nameGateways?: readonly string[];
  /** The origin avatar images come from, added to img-src. */
  imageOrigin?: string;
  /** The sign-in backend's origin (docs/behaviour.md §13.1), added to connect-src. */
  signInOrigin?: string;
}
export declare function contentSecurityPolicy(options: CspOptions): { header: string; meta: string; connectSources: string[] };
export declare function headersWithPolicy(headersFile: string, policy: string): string;
export declare function sourceOf(url: string): string;
