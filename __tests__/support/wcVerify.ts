// WalletConnect's Verify service answered locally with a test key. In a browser the dapp SDK waits up
// to 5 s for an attestation iframe on every proposal and request; the wallet SDK then checks that
// attestation against the service's public key, and never emits the proposal if it cannot fetch it.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

export const VERIFY_ORIGINS = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'] as const;

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export interface VerifyService {
  /** Every attestation handed to a dapp in a browser, in order. */
  readonly issued: readonly string[];
  /** A signed attestation JWT for a message id seen from `origin`. */
  attestation(id: string, origin: string): string;
  /** What `GET <verify>/v3/public-key` answers. */
  publicKeyResponse(): { publicKey: Record<string, unknown>; expiresAt: number };
  /** Answers the wallet SDK's Verify fetches in this (Node) process; returns the restore function. */
  installInNode(): () => void;
  /** Answers the dapp SDK's attestation iframe in a browser context. */
  routeBrowser(context: BrowserContext): Promise<void>;
}

export function createVerifyService(): VerifyService {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  const attestation = (id: string, origin: string) => {
    const header = b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
    const payload = b64url(JSON.stringify({ exp: inAnHour(), id, origin, isScam: false, isVerified: true }));
    // ES256 in a JWT is the raw 64-byte r||s signature, not DER.
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `${header}.${payload}.${b64url(signature)}`;
  };

  const publicKeyResponse = () => ({ publicKey: { ...jwk, alg: 'ES256' }, expiresAt: inAnHour() });

  const isVerifyUrl = (url: string) => VERIFY_ORIGINS.some((origin) => url.startsWith(origin));
  const issued: string[] = [];

  return {
    issued,
    attestation,
    publicKeyResponse,
    installInNode() {
      const original = globalThis.fetch;
      globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!isVerifyUrl(url)) return original(input, init);
        if (url.endsWith('/public-key')) return Response.json(publicKeyResponse());
        // Attestations by message hash (the pre-JWT way): nothing registered.
        return new Response('not found', { status: 404 });
      };
      return () => {
        globalThis.fetch = original;
      };
    },
    async routeBrowser(context) {
      for (const origin of VERIFY_ORIGINS) {
        await context.route(`${origin}/**`, async (route) => {
          const url = new URL(route.request().url());
          if (!url.pathname.endsWith('/attestation')) return route.fulfill({ status: 404, body: 'not found' });
          const jwt = attestation(url.searchParams.get('id') ?? '', url.searchParams.get('origin') ?? '');
          issued.push(jwt);
          const message = JSON.stringify({ type: 'verify_attestation', attestation: jwt });
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: `<!doctype html><script>parent.postMessage(${JSON.stringify(message)}, '*')</script>`,
          });
        });
      }
    },
  };
}
