// What the local WalletConnect Verify service and its browser-side helpers share (no Node modules:
// the development phone and the app's development entry bundle this file).

/** The Verify service's hosts, as the SDK 2.x has them built in. */
export const VERIFY_ORIGINS = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'] as const;

/** Where the local service answers over HTTP (the development phone's server). */
export const LOCAL_VERIFY = { attestation: '/verify/attestation', publicKey: '/verify/public-key' } as const;

export const isVerifyUrl = (url: string): boolean => VERIFY_ORIGINS.some((origin) => url.startsWith(origin));

/** The message the Verify iframe posts to the dapp's window: the SDK takes the first with its id. */
export const attestationMessage = (attestation: string): string => JSON.stringify({ type: 'verify_attestation', attestation });

type Fetch = typeof globalThis.fetch;

/**
 * Answers the wallet SDK's Verify fetches in this process: its public key from `publicKey()`, and the
 * older attestation-by-hash lookup as "nothing registered". Returns the restore function.
 */
export function interceptVerifyFetch(host: { fetch: Fetch }, publicKey: () => Promise<Response>): () => void {
  const original = host.fetch;
  host.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!isVerifyUrl(url)) return original.call(globalThis, input, init);
    if (url.endsWith('/public-key')) return publicKey();
    return new Response('not found', { status: 404 });
  };
  return () => {
    host.fetch = original;
  };
}
