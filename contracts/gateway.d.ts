// Types for gateway.js (the local EIP-3668 gateway and development image source).
export interface GatewayRecord {
  addresses?: Record<string | number, string>;
  texts?: Record<string, string>;
}
export interface Gateway {
  url: string;
  /** EIP-3668 URL template: `<url>/{sender}/{data}.json`. */
  template: string;
  /** The image source pattern: `<url>/avatar/{name}`. */
  imageSource: string;
  requests(): number;
  stop(): Promise<void>;
}
export declare function startGateway(options: { records: Record<string, GatewayRecord>; port?: number }): Promise<Gateway>;
export declare function signedAnswer(request: string, result: string, resolver?: string, now?: number): string;
export declare function dnsDecode(bytes: Uint8Array): string;
