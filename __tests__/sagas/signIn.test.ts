// Sign-In with Ethereum (docs/behaviour.md §13) through the real store and sagas, a faithful fake
// wallet that signs with anvil's test keys, and the reference backend (server/siwe) in this process,
// reached over HTTP as the page would (its Origin, one browser's cookie jar). One case per state change.
import { Wallet } from 'ethers';
import { parseSiweMessage } from 'viem/siwe';
import type { RunningSiweServer } from '../../server/siwe/server';
import { createChunks } from '../../src/chunks';
import { messageToHex } from '../../src/lib/typedData';
import type { SignInState } from '../../store/signInSlice';
import { signInActions } from '../../store/signInSlice';
import { walletActions } from '../../store/walletSlice';
import type { RootState } from '../../store/types';
import { TEST_ACCOUNTS } from '../support/anvil';
import { FakeEip1193Provider, injectedWith, rpcError } from '../support/fakeProvider';
import { setUp, tearDown, WAIT_MS } from '../support/lifecycle';
import { signInTab, TestBrowser } from '../support/signInPage';
import { startWalletApp } from '../support/walletHarness';
import { pause, untilAsync } from '../support/wait';
import { APP_HOST, APP_ORIGIN, STATEMENT, Browser, startBackend, tempFolder, testConfig } from '../siwe/backend';

const ALICE = TEST_ACCOUNTS[0].address;
const BOB = TEST_ACCOUNTS[1].address;
const KEYS = new Map(TEST_ACCOUNTS.slice(0, 2).map((a) => [a.address.toLowerCase(), new Wallet(a.privateKey)]));
/** Signatures are checked by their key in the backend (ecrecover): no chain is asked for a key's. */
const NO_CHAIN = 'http://127.0.0.1:9';

let folder: ReturnType<typeof tempFolder>;
let backend: RunningSiweServer;
/** A backend whose clock runs 58.5 s behind: its 60 s sessions end 1.5 s after they start, by the page's clock. */
let shortBackend: RunningSiweServer;

setUp(async () => {
  folder = tempFolder();
  backend = await startBackend(testConfig({ chains: { 31337: NO_CHAIN, 1: NO_CHAIN }, storePath: `${folder.path}/main.sqlite` }));
  shortBackend = await startBackend(testConfig({ chains: { 31337: NO_CHAIN }, storePath: `${folder.path}/short.sqlite`, sessionSeconds: 60 }), {
    now: () => Date.now() - 58_500,
  });
});
tearDown(() => [backend, shortBackend, () => folder?.remove()]);

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

/** The wallet: anvil's first two accounts, signing personal_sign with their keys unless the test says otherwise. */
function signingWallet(options: { authorized?: boolean; chainId?: number } = {}) {
  const wallet = new FakeEip1193Provider({ accounts: [ALICE, BOB], authorized: options.authorized ?? false, chainId: options.chainId ?? 31337, knownChains: [31337, 1, 10] });
  const signed: string[] = [];
  let refuse = false;
  wallet.answer('personal_sign', async (params) => {
    const [hex, address] = params as [string, string];
    if (refuse) throw rpcError(4001, 'User rejected the request.');
    const message = Buffer.from(hex.slice(2), 'hex').toString('utf8');
    signed.push(message);
    return KEYS.get(address.toLowerCase())!.signMessage(message);
  });
  return { wallet, signed, refuseSignatures: (value: boolean) => (refuse = value), prompts: () => wallet.requests.filter((r) => r.method === 'personal_sign').length };
}

function start(wallet: FakeEip1193Provider, browser: TestBrowser, options: Parameters<typeof signInTab>[2] & { url?: string; chunks?: ReturnType<typeof createChunks> } = {}) {
  const tab = signInTab(browser, options.url ?? backend.url, options);
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, signIn: tab.context, ...(options.chunks ? { chunks: options.chunks } : {}) });
  stops.push(app.stop);
  const signIn = () => app.store.getState().signIn;
  const until = (predicate: (state: SignInState) => boolean, ms = WAIT_MS) => app.waitFor((state: RootState) => predicate(state.signIn), ms);
  const connect = () => app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  return { ...app, ...tab, signIn, until, connect };
}

const is = (status: SignInState['status'], address?: string) => (state: SignInState) => state.status === status && (address === undefined || ('address' in state && state.address === address));

/** The backend's own word on the browser's session of `address` (its cookie, without the page). */
async function backendSession(browser: TestBrowser, address: string): Promise<number> {
  const probe = new Browser(backend.url);
  probe.cookie = browser.cookie;
  return (await probe.get(`/session?address=${address}`)).status;
}

describe('off: a build without a backend', () => {
  it('stays off, and never loads the sign-in code', async () => {
    const chunks = createChunks();
    const load = jest.spyOn(chunks.signInWorkflow, 'load');
    const { wallet } = signingWallet();
    const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, chunks });
    stops.push(app.stop);
    app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
    await app.waitFor((s) => s.wallet.connections.injected.accounts !== undefined);
    await pause(50);
    expect(app.store.getState().signIn).toEqual({ status: 'off' });
    expect(load).not.toHaveBeenCalled();
  });
});

describe('connect: one signature, no extra click', () => {
  it('idle until a wallet connects, and the code loads only then', async () => {
    const chunks = createChunks();
    const load = jest.spyOn(chunks.signInWorkflow, 'load');
    const { wallet } = signingWallet();
    const app = start(wallet, new TestBrowser(), { chunks });
    await pause(50);
    expect(app.signIn()).toEqual({ status: 'idle' });
    expect(load).not.toHaveBeenCalled();
    app.connect();
    await app.until(is('signedIn'));
    // Asked at the connect (a nonce for a sign-in within its approval), then by the follower: one chunk.
    expect(load).toHaveBeenCalled();
  });

  it('asks the session, then a nonce, the signature of a message built from the page, the check; then reads the session back', async () => {
    const browser = new TestBrowser();
    const { wallet, signed } = signingWallet();
    const app = start(wallet, browser);
    app.connect();
    const state = (await app.until(is('signedIn'))).signIn;
    expect(state).toMatchObject({ status: 'signedIn', address: ALICE, chainId: 31337 });
    // The first nonce was for a sign-in within the connect's approval (ERC-7846), which this wallet does
    // not know (4200): it is left to expire, and the usual sign-in follows the connect.
    expect(wallet.count('wallet_connect')).toBe(1);
    expect(browser.requests).toEqual(['GET /nonce', 'GET /session', 'GET /nonce', 'POST /verify', 'GET /session']);
    expect(signed).toHaveLength(1);
    const message = parseSiweMessage(signed[0]!);
    expect(message).toMatchObject({ domain: APP_HOST, uri: `${APP_ORIGIN}/`, address: ALICE, chainId: 31337, statement: STATEMENT, version: '1', scheme: 'http' });
    expect(message.nonce).toMatch(/^[0-9a-f]{32}$/);
    const issued = message.issuedAt!.getTime();
    expect(Math.abs(issued - Date.now())).toBeLessThan(10_000);
    expect(message.expirationTime!.getTime() - issued).toBe(24 * 60 * 60 * 1000);
    // personal_sign as the signing feature asks it: the message's UTF-8 bytes in hex, then the account.
    expect(wallet.requests.find((r) => r.method === 'personal_sign')?.params).toEqual([messageToHex(signed[0]!), ALICE]);
    expect(await backendSession(browser, ALICE)).toBe(200);
    expect(JSON.parse(JSON.stringify(app.signIn()))).toEqual(app.signIn());
  });

  it('a reload with a live session: signed in, no prompt', async () => {
    const browser = new TestBrowser();
    const first = signingWallet();
    const app = start(first.wallet, browser);
    app.connect();
    await app.until(is('signedIn'));
    app.stop();
    const again = signingWallet({ authorized: true });
    const reloaded = start(again.wallet, browser);
    await reloaded.until(is('signedIn', ALICE));
    expect(again.prompts()).toBe(0);
  });

  it('a silent reconnect without a session asks nothing: "Sign in as …" (signedOut), and the click signs in', async () => {
    const { wallet, prompts } = signingWallet({ authorized: true });
    const app = start(wallet, new TestBrowser());
    await app.until(is('signedOut', ALICE));
    await pause(50);
    expect(prompts()).toBe(0);
    app.store.dispatch(signInActions.requested({ address: ALICE }));
    await app.until(is('signedIn', ALICE));
    expect(prompts()).toBe(1);
  });
});

describe('one approval: a wallet that signs in within the connect (ERC-7846 wallet_connect)', () => {
  /** A wallet that knows `wallet_connect` with `signInWithEthereum`; `write` may change the message it signs. */
  function oneStepWallet(write: (message: string) => string = (m) => m) {
    const base = signingWallet();
    const wallet = new FakeEip1193Provider({
      accounts: [ALICE, BOB],
      chainId: 31337,
      knownChains: [31337, 1, 10],
      signInAtConnect: async (message, account) => KEYS.get(account.toLowerCase())!.signMessage(write(message)),
    });
    wallet.answer('personal_sign', async (params) => {
      const [hex, address] = params as [string, string];
      return KEYS.get(address.toLowerCase())!.signMessage(Buffer.from(hex.slice(2), 'hex').toString('utf8'));
    });
    return { ...base, wallet };
  }

  it('connects and signs in with the one approval: no personal_sign, the backend asked for a nonce, the check, the session', async () => {
    const browser = new TestBrowser();
    const { wallet } = oneStepWallet();
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('signedIn', ALICE));
    expect(wallet.count('wallet_connect')).toBe(1);
    expect(wallet.count('personal_sign')).toBe(0);
    expect(browser.requests).toEqual(['GET /nonce', 'POST /verify', 'GET /session']);
    const asked = wallet.requests.find((r) => r.method === 'wallet_connect')!.params as [{ version: string; capabilities: { signInWithEthereum: Record<string, unknown> } }];
    expect(asked[0].version).toBe('1');
    expect(asked[0].capabilities.signInWithEthereum).toMatchObject({ domain: APP_HOST, uri: `${APP_ORIGIN}/`, scheme: 'http', chainId: '0x7a69', statement: STATEMENT, version: '1' });
    expect(await backendSession(browser, ALICE)).toBe(200);
    expect(JSON.parse(JSON.stringify(app.signIn()))).toEqual(app.signIn());
  });

  it('a decline in that approval declines the connect: nothing connected, nothing signed, no second prompt', async () => {
    const { wallet } = oneStepWallet();
    wallet.approval = 'reject';
    const app = start(wallet, new TestBrowser());
    app.connect();
    await app.waitFor((s) => s.wallet.connections.injected.error !== undefined);
    expect(app.store.getState().wallet.connections.injected.error).toMatchObject({ code: 4001 });
    expect(app.store.getState().wallet.connections.injected.accounts ?? []).toEqual([]);
    await pause(50);
    expect(app.signIn()).toEqual({ status: 'idle' });
    expect(wallet.count('personal_sign')).toBe(0);
  });

  it.each<[string, (message: string) => string, RegExp]>([
    ['another domain', (m) => m.replace(APP_HOST, 'evil.example'), /the domain is not/],
    ['another nonce', (m) => m.replace(/Nonce: \w+/, 'Nonce: abcdefgh12345678'), /the nonce is not the one the backend gave/],
    ['another chain', (m) => m.replace('Chain ID: 31337', 'Chain ID: 10'), /the chain is not one this app signs in on/],
  ])('a message with %s is said as a failure before the backend sees it, the account stays connected, and "Try again" signs in', async (_what, write, why) => {
    const browser = new TestBrowser();
    const { wallet } = oneStepWallet(write);
    // The wallet signs what it wrote; the page is handed that text.
    wallet.answer('wallet_connect', async (params) => {
      const [{ capabilities }] = params as [{ capabilities: { signInWithEthereum: { nonce: string; chainId: string; domain: string; uri: string; statement: string; issuedAt: string; expirationTime: string; scheme: string } } }];
      const fields = capabilities.signInWithEthereum;
      await wallet.request({ method: 'eth_requestAccounts' });
      const { createSiweMessage } = await import('viem/siwe');
      const message = write(
        createSiweMessage({ ...fields, address: ALICE as `0x${string}`, chainId: Number(fields.chainId), version: '1', issuedAt: new Date(fields.issuedAt), expirationTime: new Date(fields.expirationTime) }),
      );
      return { accounts: [{ address: ALICE, capabilities: { signInWithEthereum: { message, signature: await KEYS.get(ALICE.toLowerCase())!.signMessage(message) } } }] };
    });
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('failed', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'WrongSignInMessageError', message: expect.stringMatching(why) } });
    expect(app.store.getState().wallet.connections.injected.accounts?.[0]).toBe(ALICE);
    expect(browser.requests).not.toContain('POST /verify');
    await pause(50);
    expect(wallet.count('personal_sign')).toBe(0);
    app.store.dispatch(signInActions.requested({ address: ALICE }));
    await app.until(is('signedIn', ALICE));
    expect(wallet.count('personal_sign')).toBe(1);
  });

  it('a backend that does not give a nonce in time: the connect goes on the usual way, and sign-in says why', async () => {
    const browser = new TestBrowser();
    browser.fault = 'hang';
    const { wallet } = oneStepWallet();
    const app = start(wallet, browser, { timeouts: { requestMs: 300, atConnectMs: 200 } });
    app.connect();
    await app.waitFor((s) => s.wallet.connections.injected.accounts?.[0] === ALICE);
    await app.until(is('unreachable', ALICE));
    expect(wallet.count('wallet_connect')).toBe(0);
    browser.fault = undefined;
    app.store.dispatch(signInActions.requested({ address: ALICE }));
    await app.until(is('signedIn', ALICE));
    expect(wallet.count('personal_sign')).toBe(1);
  });
});

describe('a decline', () => {
  it('is "declined", never asked again by itself; "Sign in" asks once more', async () => {
    const { wallet, refuseSignatures, prompts } = signingWallet();
    refuseSignatures(true);
    const app = start(wallet, new TestBrowser());
    app.connect();
    await app.until(is('declined', ALICE));
    await pause(100);
    expect(prompts()).toBe(1);
    // An account switch and back, or a chain switch: still no prompt.
    await wallet.selectAccount(BOB);
    await app.until(is('signedOut', BOB));
    await wallet.selectAccount(ALICE);
    await app.until(is('signedOut', ALICE));
    wallet.setChain(1);
    await app.waitFor((s) => s.wallet.connections.injected.chainId === 1);
    await pause(100);
    expect(prompts()).toBe(1);
    refuseSignatures(false);
    app.store.dispatch(signInActions.requested({ address: ALICE }));
    await app.until(is('signedIn', ALICE));
    expect(prompts()).toBe(2);
  });
});

describe('switching accounts and chains', () => {
  it('an account with a session is signed in with no prompt; one without shows "Sign in as …"; never a loop', async () => {
    const { wallet, prompts } = signingWallet();
    const app = start(wallet, new TestBrowser());
    app.connect();
    await app.until(is('signedIn', ALICE));
    await wallet.selectAccount(BOB);
    await app.until(is('signedOut', BOB));
    await wallet.selectAccount(ALICE);
    await app.until(is('signedIn', ALICE));
    expect(prompts()).toBe(1);
    await wallet.selectAccount(BOB);
    await app.until(is('signedOut', BOB));
    app.store.dispatch(signInActions.requested({ address: BOB }));
    await app.until(is('signedIn', BOB));
    // Both sessions live in one browser: switching is free both ways.
    await wallet.selectAccount(ALICE);
    await app.until(is('signedIn', ALICE));
    await wallet.selectAccount(BOB);
    await app.until(is('signedIn', BOB));
    await pause(100);
    expect(prompts()).toBe(2);
  });

  it('a request for another account than the connected one does nothing', async () => {
    const { wallet, prompts } = signingWallet({ authorized: true });
    const app = start(wallet, new TestBrowser());
    await app.until(is('signedOut', ALICE));
    app.store.dispatch(signInActions.requested({ address: BOB }));
    await pause(100);
    expect([app.signIn().status, prompts()]).toEqual(['signedOut', 0]);
  });

  it('a chain switch keeps the session, with no request to the backend', async () => {
    const browser = new TestBrowser();
    const { wallet, prompts } = signingWallet();
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('signedIn', ALICE));
    const asked = browser.requests.length;
    wallet.setChain(1);
    await app.waitFor((s) => s.wallet.connections.injected.chainId === 1);
    await pause(100);
    expect(app.signIn()).toMatchObject({ status: 'signedIn', address: ALICE, chainId: 31337 });
    expect([browser.requests.length, prompts()]).toEqual([asked, 1]);
  });

  it("a chain the backend does not allow: no signature asked, and why; on an allowed chain it goes on by itself", async () => {
    const { wallet, prompts } = signingWallet({ chainId: 10 });
    const app = start(wallet, new TestBrowser());
    app.connect();
    await app.until(is('chainNotAllowed', ALICE));
    expect(app.signIn()).toEqual({ status: 'chainNotAllowed', address: ALICE, chainId: 10, allowedChainIds: [31337, 1] });
    expect(prompts()).toBe(0);
    wallet.setChain(31337);
    await app.until(is('signedIn', ALICE));
    expect(app.signIn()).toMatchObject({ chainId: 31337 });
    expect(prompts()).toBe(1);
  });
});

describe('disconnect', () => {
  it('signs that address out at the backend, and the state is idle', async () => {
    const browser = new TestBrowser();
    const { wallet } = signingWallet();
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('signedIn', ALICE));
    app.store.dispatch(walletActions.disconnectRequested({ id: 'injected' }));
    await app.until(is('idle'));
    await app.waitFor(() => browser.requests.includes('POST /signout'));
    await pause(50);
    expect(await backendSession(browser, ALICE)).toBe(401);
  });

  it('a sign-out the backend did not do is said once idle, typed, with the session kept; "Try again" signs out', async () => {
    const browser = new TestBrowser();
    const { wallet } = signingWallet();
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('signedIn', ALICE));
    browser.fault = 'down';
    app.store.dispatch(walletActions.disconnectRequested({ id: 'injected' }));
    await app.until((state) => state.status === 'idle' && state.signOutFailed !== undefined);
    expect(app.signIn()).toEqual({
      status: 'idle',
      signOutFailed: { address: ALICE, error: { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no connection (fetch failed)' } },
    });
    expect(await backendSession(browser, ALICE)).toBe(200);

    browser.fault = undefined;
    app.store.dispatch(signInActions.signOutRetried({ address: ALICE }));
    expect(app.signIn()).toEqual({ status: 'idle' });
    await untilAsync(async () => (await backendSession(browser, ALICE)) === 401, { what: 'the session signed out at the backend' });
    expect(app.signIn()).toEqual({ status: 'idle' });
  });
});

describe('a backend that cannot be used is "unreachable", within its bound, and Retry recovers', () => {
  it.each<[string, Exclude<TestBrowser['fault'], undefined>, RegExp]>([
    ['hangs', 'hang', /^The sign-in backend could not be reached: no answer within 0\.3 s$/],
    ['is down', 'down', /^The sign-in backend could not be reached: no connection \(fetch failed\)$/],
    ['answers something that is not JSON', 'garbage', /answered GET \/session with something that is not JSON/],
    ['answers more than its bound', 'tooLarge', /answered GET \/session with more than 64 kB/],
  ])('one that %s', async (_what, fault, message) => {
    const browser = new TestBrowser();
    browser.fault = fault;
    const { wallet, prompts } = signingWallet();
    const app = start(wallet, browser, { timeouts: { requestMs: 300 } });
    app.connect();
    await app.until(is('unreachable', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'SignInUnreachableError', message: expect.stringMatching(message) } });
    expect(prompts()).toBe(0);
    browser.fault = undefined;
    app.store.dispatch(signInActions.requested({ address: ALICE }));
    await app.until(is('signedIn', ALICE));
  });

  it("a 503 (the backend could not ask the chain) keeps the backend's own name", async () => {
    const browser = new TestBrowser();
    browser.fault = 'busy';
    const app = start(signingWallet().wallet, browser);
    app.connect();
    await app.until(is('unreachable', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'SignatureUnchecked', code: 503 } });
  });

  it('a verify answer for another address is garbage, never "signed in"', async () => {
    const browser = new TestBrowser();
    const real = browser.fetch;
    const lying = Object.assign(Object.create(browser) as TestBrowser, {
      fetch: async (url: string, init: RequestInit) => {
        const response = await real(url, init);
        if (!url.endsWith('/verify')) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return new Response(JSON.stringify({ ...body, address: BOB }), { status: 200 });
      },
    });
    const app = start(signingWallet().wallet, lying);
    app.connect();
    await app.until(is('unreachable', ALICE));
    expect(app.signIn()).toMatchObject({ error: { message: expect.stringContaining(`the session of ${BOB}, not of ${ALICE}`) } });
  });
});

describe('refusals and wallets', () => {
  it('a browser that does not keep the cookie: "failed", never "signed in" without a session', async () => {
    const browser = new TestBrowser();
    browser.blockCookies = true;
    const app = start(signingWallet().wallet, browser);
    app.connect();
    await app.until(is('failed', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'SessionNotKeptError' } });
  });

  it("a wallet's answer that is not a signature is refused before the backend sees it", async () => {
    const browser = new TestBrowser();
    const { wallet } = signingWallet();
    wallet.answer('personal_sign', () => ({ signature: 'yes' }));
    const app = start(wallet, browser);
    app.connect();
    await app.until(is('failed', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'InvalidWalletAnswerError', message: 'The wallet answered with something that is not a signature' } });
    expect(browser.requests).not.toContain('POST /verify');
  });

  it("the backend's refusal keeps its name and status", async () => {
    const browser = new TestBrowser();
    const real = browser.fetch;
    const refusing = Object.assign(Object.create(browser) as TestBrowser, {
      fetch: async (url: string, init: RequestInit) =>
        url.endsWith('/verify') ? new Response(JSON.stringify({ name: 'WrongDomain', message: 'The message is for another site' }), { status: 422 }) : real(url, init),
    });
    const app = start(signingWallet().wallet, refusing);
    app.connect();
    await app.until(is('failed', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'WrongDomain', code: 422, message: 'The message is for another site' } });
  });

  it('a signature of another key, when the backend cannot ask the chain about it: unreachable (try again), not signed in', async () => {
    const { wallet } = signingWallet();
    wallet.answer('personal_sign', async (params) => KEYS.get(BOB.toLowerCase())!.signMessage(Buffer.from((params as string[])[0]!.slice(2), 'hex').toString('utf8')));
    const app = start(wallet, new TestBrowser());
    app.connect();
    await app.until(is('unreachable', ALICE));
    expect(app.signIn()).toMatchObject({ error: { name: 'SignatureUnchecked', code: 503 } });
  });
});

describe('expiry', () => {
  it('a session that ends while the page is open is "expired" (sign in again), with no prompt', async () => {
    const { wallet, prompts } = signingWallet();
    const app = start(wallet, new TestBrowser(), { url: shortBackend.url });
    app.connect();
    await app.until(is('signedIn', ALICE));
    await app.until(is('expired', ALICE), 5_000);
    await pause(100);
    expect(prompts()).toBe(1);
  });
});

describe('tabs in step', () => {
  it('a sign-out in one tab signs the other out; a sign-in in one signs the other in (each asks the backend)', async () => {
    const browser = new TestBrowser();
    const one = signingWallet();
    const tabOne = start(one.wallet, browser);
    tabOne.connect();
    await tabOne.until(is('signedIn', ALICE));
    const two = signingWallet({ authorized: true });
    const tabTwo = start(two.wallet, browser);
    await tabTwo.until(is('signedIn', ALICE));
    tabOne.store.dispatch(walletActions.disconnectRequested({ id: 'injected' }));
    await tabTwo.until(is('signedOut', ALICE));
    tabTwo.store.dispatch(signInActions.requested({ address: ALICE }));
    await tabTwo.until(is('signedIn', ALICE));
    expect(two.prompts()).toBe(1);
    // Tab one is connected again without a session check of its own prompting: the word alone would not do.
    tabOne.connect();
    await tabOne.until(is('signedIn', ALICE));
    expect(one.prompts()).toBe(1);
  });

  it('without BroadcastChannel nothing breaks, and a tab becoming visible checks the backend', async () => {
    const browser = new TestBrowser();
    const one = signingWallet();
    const tabOne = start(one.wallet, browser, { broadcast: false });
    tabOne.connect();
    await tabOne.until(is('signedIn', ALICE));
    const other = new Browser(backend.url);
    other.cookie = browser.cookie;
    await other.post('/signout', { address: ALICE });
    await pause(50);
    expect(tabOne.signIn().status).toBe('signedIn');
    tabOne.becomeVisible();
    await tabOne.until(is('signedOut', ALICE));
  });
});
