// The EIP-4361 message the page asks the wallet to sign (docs/behaviour.md §13.3), written by viem's
// maintained writer from what the page itself knows: its host and origin, the account and chain the
// wallet is connected on (allowed ones only), the backend's fresh nonce and the deployer's statement.
// Nothing in it comes from the wallet unchecked. In the `signin` chunk.
import { createSiweMessage } from 'viem/siwe';

/** docs/behaviour.md §9: how long a sign-in may last at most, as the message says (the backend may end it sooner). */
export const SIGN_IN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface SignInPage {
  /** `location.host`: the host and its port, the message's domain. */
  host: string;
  /** `location.origin`: the message's URI. */
  origin: string;
}

export interface SignInMessageFields {
  page: SignInPage;
  /** Checksummed (EIP-55). */
  address: string;
  chainId: number;
  nonce: string;
  statement?: string;
  /** Milliseconds since the epoch. */
  now: number;
}

/** The fields the page writes into every sign-in (docs/behaviour.md §13.3), whatever then writes the text. */
export function pageFields(page: SignInPage, now: number): { domain: string; uri: string; scheme?: string; issuedAt: Date; expirationTime: Date } {
  return {
    domain: page.host,
    // An origin has no path: "/" makes it the page's root, an RFC 3986 URI on the origin.
    uri: `${page.origin}/`,
    issuedAt: new Date(now),
    expirationTime: new Date(now + SIGN_IN_LIFETIME_MS),
    // The scheme only when it is not https (EIP-4361: absent means https), so that the backend checks it.
    ...(page.origin.startsWith('http://') ? { scheme: 'http' } : {}),
  };
}

/** The message's text, exactly as it is signed and posted. */
export function signInMessage({ page, address, chainId, nonce, statement, now }: SignInMessageFields): string {
  return createSiweMessage({
    ...pageFields(page, now),
    version: '1',
    address: address as `0x${string}`,
    chainId,
    nonce,
    ...(statement !== undefined ? { statement } : {}),
  });
}

/** `personal_sign`'s first parameter: the message's UTF-8 bytes in hex. */
export function messageHex(message: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
