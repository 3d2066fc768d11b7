// WalletConnect's Verify service answered locally with a key of its own. In a browser the dapp SDK
// waits up to 5 s for an attestation iframe on every proposal and request; the wallet SDK then checks
// that attestation against the service's public key, and never emits the proposal if it cannot fetch
// it. The tests answer in the test process and in a Playwright context; `npm start` over HTTP, on the
// development phone's server (the app's development entry and the phone page ask it there).
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrowserContext } from 'playwright-core';
import { LOCAL_VERIFY, VERIFY_ORIGINS, attestationMessage, interceptVerifyFetch } from './verifyShared';

export { VERIFY_ORIGINS } from './verifyShared';

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
  /** Answers GET /verify/attestation?id=&origin= and GET /verify/public-key (any origin may ask); false for other paths. */
  answerHttp(request: IncomingMessage, response: ServerResponse): boolean;
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

  const issued: string[] = [];

  return {
    issued,
    attestation,
    publicKeyResponse,
    installInNode() {
      return interceptVerifyFetch(globalThis, async () => Response.json(publicKeyResponse()));
    },
    async routeBrowser(context) {
      for (const origin of VERIFY_ORIGINS) {
        await context.route(`${origin}/**`, async (route) => {
          const url = new URL(route.request().url());
          if (!url.pathname.endsWith('/attestation')) return route.fulfill({ status: 404, body: 'not found' });
          const jwt = attestation(url.searchParams.get('id') ?? '', url.searchParams.get('origin') ?? '');
          issued.push(jwt);
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: `<!doctype html><script>parent.postMessage(${JSON.stringify(attestationMessage(jwt))}, '*')</script>`,
          });
        });
      }
    },
    answerHttp(request, response) {
      const url = new URL(request.url ?? '/', 'http://local');
      const json = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === LOCAL_VERIFY.publicKey) {
        json(publicKeyResponse());
        return true;
      }
      if (url.pathname === LOCAL_VERIFY.attestation) {
        json({ attestation: attestation(url.searchParams.get('id') ?? '', url.searchParams.get('origin') ?? '') });
        return true;
      }
      return false;
    },
  };
}
