// The reference sign-in backend (server/siwe) against a real anvil: a key's sign-in, its session and
// its sign-out; one browser signed in as several addresses; and every refusal of the contract in
// server/siwe/README.md, each with its status and name. Expiries run on the backend's injected clock.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Wallet } from 'ethers';
import { SqliteSessionStore } from '../../server/siwe/sqliteStore';
import type { RunningSiweServer } from '../../server/siwe/server';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, startAll, tearDown } from '../support/lifecycle';
import { until } from '../support/wait';
import { APP_ORIGIN, Browser, STATEMENT, TestClock, signIn, siweMessage, startBackend, tempFolder, testConfig, type Answer } from './backend';

const ALICE = new Wallet(TEST_ACCOUNTS[0].privateKey);
const BOB = new Wallet(TEST_ACCOUNTS[1].privateKey);
const CAROL = new Wallet(TEST_ACCOUNTS[2].privateKey);
const OTHER_APP = 'https://other.example';
const MINUTE = 60_000;

let anvil: Anvil;
let folder: ReturnType<typeof tempFolder>;
let clock: TestClock;
let backend: RunningSiweServer;
/** A second backend on its own store: short bounds, and chains that hang or answer garbage. */
let bounded: RunningSiweServer;
let boundedStore: SqliteSessionStore;
let hanging: http.Server;
let garbage: http.Server;
let hangingRequests: number;

/** A JSON-RPC "endpoint" on this machine that answers with `answer`, or never (undefined). */
async function fakeEndpoint(answer: ((res: http.ServerResponse) => void) | undefined): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    if (answer) req.on('end', () => answer(res));
    else hangingRequests += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const endpointUrl = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const closeEndpoint = (server: http.Server) => () => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

setUp(async () => {
  folder = tempFolder();
  clock = new TestClock();
  [anvil, hanging, garbage] = await startAll([
    startAnvil(),
    fakeEndpoint(undefined),
    fakeEndpoint((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":')),
  ] as const);
  hangingRequests = 0;
  backend = await startBackend(
    testConfig({ allowedOrigins: [APP_ORIGIN, OTHER_APP], chains: { 31337: anvil.url, 1: anvil.url }, storePath: `${folder.path}/main.sqlite` }),
    { now: clock.now },
  );
  boundedStore = SqliteSessionStore.open(`${folder.path}/bounded.sqlite`);
  bounded = await startBackend(
    testConfig({
      chains: { 31337: anvil.url, 31338: endpointUrl(hanging), 31339: endpointUrl(garbage) },
      storePath: `${folder.path}/unused.sqlite`,
      requestTimeoutMs: 300,
      rpcTimeoutMs: 300,
      maxLiveNonces: 3,
    }),
    { now: clock.now, store: boundedStore },
  );
});

tearDown(() => [backend, bounded, boundedStore, closeEndpoint(hanging), closeEndpoint(garbage), anvil, () => folder?.remove()]);

const browser = (origin?: string) => new Browser(backend.url, origin);
const expectRefusal = (answer: Answer, status: number, name: string) => {
  expect([answer.status, answer.body['name']]).toEqual([status, name]);
  expect(typeof answer.body['message']).toBe('string');
};

describe('signing in with a key', () => {
  it('nonce, verify, session, sign-out: the session is a Secure, HttpOnly, SameSite=Strict cookie', async () => {
    const page = browser();
    const nonce = await page.get('/nonce');
    expect(nonce.status).toBe(200);
    expect(nonce.body).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), expiresAt: new Date(clock.ms + 5 * MINUTE).toISOString(), chainIds: [1, 31337], statement: STATEMENT });

    const message = siweMessage({ address: ALICE.address, nonce: nonce.body['nonce'] as string }, clock);
    const verified = await page.post('/verify', { message, signature: await ALICE.signMessage(message) });
    const expiresAt = new Date(clock.ms + 24 * 60 * MINUTE).toISOString();
    expect([verified.status, verified.body]).toEqual([200, { address: ALICE.address, chainId: 31337, expiresAt }]);
    expect(page.setCookies[0]).toMatch(/^siwe_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=86400$/);

    const session = await page.get('/session');
    expect([session.status, session.body]).toEqual([200, { address: ALICE.address, chainId: 31337, expiresAt, accounts: [{ address: ALICE.address, chainId: 31337, expiresAt }] }]);
    // Another browser (no cookie) is not signed in.
    expectRefusal(await browser().get('/session'), 401, 'NotSignedIn');

    const out = await page.post('/signout');
    expect([out.status, out.body]).toEqual([200, { accounts: [] }]);
    expect(page.setCookies.at(-1)).toMatch(/^siwe_session=; .*Max-Age=0$/);
    expect(page.cookie).toBeUndefined();
    expectRefusal(await page.get('/session'), 401, 'NotSignedIn');
  });

  it('a cookie kept after sign-out opens nothing: the session is gone from the store', async () => {
    const page = browser();
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    const kept = page.cookie;
    await page.post('/signout');
    page.cookie = kept;
    expectRefusal(await page.get('/session'), 401, 'NotSignedIn');
  });

  it('the session ends at its lifetime, or earlier at the message\'s own Expiration Time', async () => {
    const page = browser();
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    clock.advance(24 * 60 * MINUTE - 1);
    expect((await page.get('/session')).status).toBe(200);
    clock.advance(1);
    expectRefusal(await page.get('/session'), 401, 'NotSignedIn');

    const short = browser();
    const expirationTime = new Date(clock.ms + 10 * MINUTE);
    const answer = await signIn(short, ALICE, clock, { expirationTime });
    expect(answer.body['expiresAt']).toBe(expirationTime.toISOString());
    expect(short.setCookies[0]).toMatch(/Max-Age=600$/);
    clock.advance(10 * MINUTE);
    expectRefusal(await short.get('/session'), 401, 'NotSignedIn');
  });
});

describe('one browser, several addresses', () => {
  it('each address signs once; switching back to one that signed in needs no new signature', async () => {
    const page = browser();
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    const first = page.cookie;
    clock.advance(MINUTE);
    expect((await signIn(page, BOB, clock, { chainId: 1 })).status).toBe(200);
    // A new cookie at every sign-in (no session fixation): the old one opens nothing any more.
    expect(page.cookie).not.toBe(first);
    const stale = browser();
    stale.cookie = first;
    expectRefusal(await stale.get('/session'), 401, 'NotSignedIn');

    const alice = await page.get(`/session?address=${ALICE.address.toLowerCase()}`);
    expect([alice.status, alice.body['address'], alice.body['chainId']]).toEqual([200, ALICE.address, 31337]);
    const bob = await page.get(`/session?address=${BOB.address}`);
    expect([bob.status, bob.body['address'], bob.body['chainId']]).toEqual([200, BOB.address, 1]);
    expectRefusal(await page.get(`/session?address=${CAROL.address}`), 401, 'NotSignedIn');
    expectRefusal(await page.get('/session?address=0x1234'), 400, 'BadRequest');
    // Without an address: the latest sign-in, and the list.
    const latest = await page.get('/session');
    expect(latest.body['address']).toBe(BOB.address);
    expect((latest.body['accounts'] as { address: string }[]).map((a) => a.address)).toEqual([ALICE.address, BOB.address]);

    // Signing in again as Alice keeps Bob; signing one address out keeps the other.
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    const out = await page.post('/signout', { address: BOB.address });
    expect(out.status).toBe(200);
    expect((out.body['accounts'] as { address: string }[]).map((a) => a.address)).toEqual([ALICE.address]);
    expect(page.cookie).toBeDefined();
    expectRefusal(await page.get(`/session?address=${BOB.address}`), 401, 'NotSignedIn');
    expect((await page.get(`/session?address=${ALICE.address}`)).status).toBe(200);
    await page.post('/signout', { address: ALICE.address });
    expect(page.cookie).toBeUndefined();
  });

  it("each address's sign-in expires on its own", async () => {
    const page = browser();
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    clock.advance(60 * MINUTE);
    expect((await signIn(page, BOB, clock)).status).toBe(200);
    clock.advance(24 * 60 * MINUTE - 30 * MINUTE);
    expectRefusal(await page.get(`/session?address=${ALICE.address}`), 401, 'NotSignedIn');
    expect((await page.get(`/session?address=${BOB.address}`)).status).toBe(200);
  });
});

describe('the nonce', () => {
  it('is single-use: the same signed message again is refused, and opens no session', async () => {
    const page = browser();
    const nonce = await page.nonce();
    const message = siweMessage({ address: ALICE.address, nonce }, clock);
    const body = { message, signature: await ALICE.signMessage(message) };
    expect((await page.post('/verify', body)).status).toBe(200);
    const thief = browser();
    expectRefusal(await thief.post('/verify', body), 409, 'NonceReplayed');
    expect(thief.cookie).toBeUndefined();
    expectRefusal(await thief.get('/session'), 401, 'NotSignedIn');
  });

  it('two posts of one signed message at once: exactly one opens a session', async () => {
    const nonce = await browser().nonce();
    const message = siweMessage({ address: ALICE.address, nonce }, clock);
    const body = { message, signature: await ALICE.signMessage(message) };
    const answers = await Promise.all([browser().post('/verify', body), browser().post('/verify', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('a nonce this backend never issued is refused', async () => {
    expectRefusal(await signIn(browser(), ALICE, clock, { nonce: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' }), 422, 'NonceUnknown');
  });

  it('a nonce is refused once expired (5 minutes)', async () => {
    const page = browser();
    const nonce = await page.nonce();
    clock.advance(5 * MINUTE);
    expectRefusal(await signIn(page, ALICE, clock, { nonce }), 422, 'NonceExpired');
    const fresh = await page.nonce();
    clock.advance(5 * MINUTE - 1);
    expect((await signIn(page, ALICE, clock, { nonce: fresh })).status).toBe(200);
  });
});

describe('the message', () => {
  const refused = async (fields: Parameters<typeof signIn>[3], status: number, name: string, page = browser()) => {
    const answer = await signIn(page, ALICE, clock, fields);
    expectRefusal(answer, status, name);
    expect(page.cookie).toBeUndefined();
  };

  it('for another domain, or another scheme, is refused', async () => {
    await refused({ domain: 'evil.example' }, 422, 'WrongDomain');
    await refused({ domain: '127.0.0.1:3001' }, 422, 'WrongDomain');
    await refused({ scheme: 'https' }, 422, 'WrongDomain');
    expect((await signIn(browser(), ALICE, clock, { scheme: 'http' })).status).toBe(200);
  });

  it("for the other allowed app, posted from this one, is refused: the message must be for the request's origin", async () => {
    await refused({ domain: 'other.example', uri: `${OTHER_APP}/` }, 422, 'WrongDomain');
    expect((await signIn(browser(OTHER_APP), ALICE, clock, { domain: 'other.example', uri: `${OTHER_APP}/` })).status).toBe(200);
  });

  it('with a URI on another origin is refused', async () => {
    await refused({ uri: 'https://evil.example/' }, 422, 'WrongUri');
    await refused({ uri: 'http://127.0.0.1:3001/' }, 422, 'WrongUri');
    expect((await signIn(browser(), ALICE, clock, { uri: `${APP_ORIGIN}/deep/page?x=1` })).status).toBe(200);
  });

  it('on a chain not in the allowed list is refused', async () => {
    await refused({ chainId: 10 }, 422, 'ChainNotAllowed');
  });

  it("without the deployer's statement is refused", async () => {
    await refused({ statement: 'Sign in to something else' }, 422, 'WrongStatement');
    await refused({ statement: undefined }, 422, 'WrongStatement');
  });

  it('expired, or not yet valid, is refused', async () => {
    await refused({ expirationTime: new Date(clock.ms) }, 422, 'MessageExpired');
    await refused({ notBefore: new Date(clock.ms + 1) }, 422, 'MessageNotYetValid');
    await refused({ issuedAt: new Date(clock.ms + 2 * MINUTE) }, 422, 'MessageNotYetValid');
    expect((await signIn(browser(), ALICE, clock, { notBefore: new Date(clock.ms), expirationTime: new Date(clock.ms + 1) })).status).toBe(200);
  });

  it('over 4 KiB is refused before anything else is read', async () => {
    const page = browser();
    const nonce = await page.nonce();
    const resources = (count: number) => Array.from({ length: count }, (_, i) => `${APP_ORIGIN}/resource/${i}`);
    const large = siweMessage({ address: ALICE.address, nonce, resources: resources(110) }, clock);
    expect(Buffer.byteLength(large)).toBeGreaterThan(4096);
    expectRefusal(await page.post('/verify', { message: large, signature: await ALICE.signMessage(large) }), 413, 'MessageTooLarge');
    const within = siweMessage({ address: ALICE.address, nonce, resources: resources(90) }, clock);
    expect(Buffer.byteLength(within)).toBeLessThanOrEqual(4096);
    expect((await page.post('/verify', { message: within, signature: await ALICE.signMessage(within) })).status).toBe(200);
  });

  it('that is not EIP-4361 text is refused', async () => {
    const page = browser();
    const nonce = await page.nonce();
    const good = siweMessage({ address: ALICE.address, nonce }, clock);
    for (const message of [
      'hello',
      good.replace(ALICE.address, ALICE.address.toLowerCase()),
      `${good}\nSomething: else`,
      `Preamble\n${good}`,
      good.replace('Version: 1', 'Version: 2'),
      good.replace(/Issued At: .*/, 'Issued At: yesterday'),
    ]) {
      const answer = await page.post('/verify', { message, signature: await ALICE.signMessage(message) });
      expect([message, answer.status, answer.body['name']]).toEqual([message, 400, 'MalformedMessage']);
    }
    // The same instant written with another precision is the same message.
    const seconds = siweMessage({ address: ALICE.address, nonce }, clock).replace(/(Issued At: .*)\.000Z/, '$1Z');
    expect((await page.post('/verify', { message: seconds, signature: await ALICE.signMessage(seconds) })).status).toBe(200);
  });
});

describe('the signature', () => {
  it("from another account is refused, naming the key's address", async () => {
    const page = browser();
    const message = siweMessage({ address: ALICE.address, nonce: await page.nonce() }, clock);
    const answer = await page.post('/verify', { message, signature: await BOB.signMessage(message) });
    expectRefusal(answer, 401, 'InvalidSignature');
    expect(answer.body['message']).toContain(BOB.address);
    expect(page.cookie).toBeUndefined();
    // The refusal did not use the nonce: the right signature still signs in.
    expect((await page.post('/verify', { message, signature: await ALICE.signMessage(message) })).status).toBe(200);
  });

  it('of another message is refused', async () => {
    const page = browser();
    const message = siweMessage({ address: ALICE.address, nonce: await page.nonce() }, clock);
    expectRefusal(await page.post('/verify', { message, signature: await ALICE.signMessage(`${message} `) }), 401, 'InvalidSignature');
  });

  it('that is not hex, or is missing, is a bad request', async () => {
    const page = browser();
    const message = siweMessage({ address: ALICE.address, nonce: await page.nonce() }, clock);
    for (const signature of ['0xzz', 'nothing', undefined, 7]) {
      expectRefusal(await page.post('/verify', { message, signature }), 400, 'BadRequest');
    }
  });
});

describe('the request', () => {
  it('a POST without an Origin, or from another site, is refused (CSRF) and changes nothing', async () => {
    const page = browser();
    expect((await signIn(page, ALICE, clock)).status).toBe(200);
    const message = siweMessage({ address: BOB.address, nonce: await page.nonce() }, clock);
    const body = { message, signature: await BOB.signMessage(message) };
    for (const origin of [null, 'https://evil.example', 'null', `${APP_ORIGIN}/`]) {
      const answer = await page.request('POST', '/verify', { json: body, origin });
      expectRefusal(answer, 403, 'CrossSiteRequest');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expectRefusal(await page.request('POST', '/signout', { origin }), 403, 'CrossSiteRequest');
    }
    // A form can post text/plain without a preflight: refused too, by its Origin.
    expectRefusal(await page.request('POST', '/signout', { body: 'x', contentType: 'text/plain', origin: 'https://evil.example' }), 403, 'CrossSiteRequest');
    expect((await page.get('/session')).body['address']).toBe(ALICE.address);
    // Reads from another site are refused too, and never carry CORS headers.
    expectRefusal(await page.request('GET', '/session', { origin: 'https://evil.example' }), 403, 'CrossSiteRequest');
    // The nonce was not used by the refused posts.
    expect((await page.post('/verify', body)).status).toBe(200);
  });

  it('CORS: the allowed origin gets its preflight and credentialed answers; another gets none', async () => {
    const page = browser();
    const preflight = await page.request('OPTIONS', '/verify', {});
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods', 'access-control-allow-headers', 'vary'].map((h) => [h, preflight.headers.get(h)]))).toEqual({
      'access-control-allow-origin': APP_ORIGIN,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
      vary: 'Origin',
    });
    const nonce = await page.get('/nonce');
    expect([nonce.headers.get('access-control-allow-origin'), nonce.headers.get('access-control-allow-credentials'), nonce.headers.get('cache-control')]).toEqual([APP_ORIGIN, 'true', 'no-store']);
    const foreign = await page.request('OPTIONS', '/verify', { origin: 'https://evil.example' });
    expectRefusal(foreign, 403, 'CrossSiteRequest');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // A request without Origin (not a browser's cross-origin one) reads the nonce, with no CORS headers.
    const plain = await page.request('GET', '/nonce', { origin: null });
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([200, null]);
  });

  it('a body that is not JSON, or not declared as JSON, is refused', async () => {
    const page = browser();
    expectRefusal(await page.request('POST', '/verify', { body: '{"message":', contentType: 'application/json' }), 400, 'BadRequest');
    expectRefusal(await page.request('POST', '/verify', { body: '{}', contentType: 'text/plain' }), 415, 'UnsupportedMediaType');
    expectRefusal(await page.request('POST', '/verify', { body: '[]' }), 400, 'BadRequest');
    expectRefusal(await page.request('POST', '/signout', { body: '{"address":"me"}' }), 400, 'BadRequest');
  });

  it('a body over the bound is refused without being read to its end', async () => {
    const page = browser();
    const huge = JSON.stringify({ message: 'x'.repeat(70 * 1024), signature: '0x' });
    expectRefusal(await page.request('POST', '/verify', { body: huge }), 413, 'BodyTooLarge');
    // Streamed without a length: refused once it passes the bound.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/verify', backend.url);
      const req = http.request(url, { method: 'POST', headers: { origin: APP_ORIGIN, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('x'.repeat(80 * 1024));
    });
    expect([answer.status, JSON.parse(answer.body).name]).toEqual([413, 'BodyTooLarge']);
  });

  it('a body that never finishes arriving is answered within the request bound', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(new URL('/verify', bounded.url), { method: 'POST', headers: { origin: APP_ORIGIN, 'content-type': 'application/json', 'content-length': '500' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"message":');
    });
    expect([answer.status, JSON.parse(answer.body).name]).toEqual([408, 'RequestTimeout']);
  });

  it('another path, or another method, is refused', async () => {
    const page = browser();
    expectRefusal(await page.get('/admin'), 404, 'NotFound');
    const wrong = await page.request('GET', '/verify', {});
    expectRefusal(wrong, 405, 'MethodNotAllowed');
    expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
    expectRefusal(await page.post('/nonce'), 405, 'MethodNotAllowed');
  });

  it('nonces waiting for a signature are bounded', async () => {
    const page = new Browser(bounded.url);
    for (let i = 0; i < 3; i += 1) expect((await page.get('/nonce')).status).toBe(200);
    expectRefusal(await page.get('/nonce'), 503, 'TooManyNonces');
    // Expired ones no longer count.
    clock.advance(5 * MINUTE);
    expect((await page.get('/nonce')).status).toBe(200);
  });
});

describe('a chain that hangs or answers garbage', () => {
  it('is "could not be checked" within the RPC bound, while the backend goes on answering; the nonce stays usable', async () => {
    const page = new Browser(bounded.url);
    const nonce = await page.nonce();
    // Bob's key signing for Alice: only the chain could say whether Alice's account accepts it.
    const message = siweMessage({ address: ALICE.address, nonce, chainId: 31338 }, clock);
    const pending = page.post('/verify', { message, signature: await BOB.signMessage(message) });
    // While the chain hangs, the backend answers other requests.
    await until(() => hangingRequests > 0, { what: 'the check to reach the hanging chain' });
    expect((await new Browser(bounded.url).get('/session')).status).toBe(401);
    const answer = await pending;
    expectRefusal(answer, 503, 'SignatureUnchecked');
    expect(answer.body['message']).toMatch(/timed out/);

    const garbled = siweMessage({ address: ALICE.address, nonce: await page.nonce(), chainId: 31339 }, clock);
    const garbageAnswer = await page.post('/verify', { message: garbled, signature: await BOB.signMessage(garbled) });
    expectRefusal(garbageAnswer, 503, 'SignatureUnchecked');
    expect(garbageAnswer.body['message']).toMatch(/malformed JSON/);
    expect(page.cookie).toBeUndefined();

    // Nothing was lost: the first message, signed by Alice's own key, still signs in with its nonce.
    expect((await page.post('/verify', { message, signature: await ALICE.signMessage(message) })).status).toBe(200);
  });
});

