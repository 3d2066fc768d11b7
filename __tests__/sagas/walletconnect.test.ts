// The QR-code wallet's rules (docs/behaviour.md §2.5, §6.3), through the real store and root saga with the WalletConnect
// connector on a faithful fake SDK: what the user would see in state.
import type { ChainTable } from '../../src/lib/chains';
import { WC_SESSION_KEY, WC_STORAGE_PREFIX, WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import type { RootState } from '../../store/types';
import { walletActions } from '../../store/walletSlice';
import { TEST_ACCOUNTS } from '../support/anvil';
import { fakeWcSdkLoader, type FakeSession } from '../support/fakeWcSdk';
import { startWalletApp, type HarnessOptions } from '../support/walletHarness';
import { memoryWebStorage } from '../support/webStorage';
import { Wallet } from 'ethers';
import { signInTab, TestBrowser } from '../support/signInPage';
import { setUp, tearDown } from '../support/lifecycle';
import type { RunningSiweServer } from '../../server/siwe/server';
import { startBackend, tempFolder, testConfig } from '../siwe/backend';
import { signInActions } from '../../store/signInSlice';

const ID = 'walletconnect' as const;
const ACCOUNT = TEST_ACCOUNTS[0].address;
/** Two chains with URLs, one without. */
const CHAINS: ChainTable = {
  1: { id: 1, name: 'Mainnet', rpcUrls: ['https://rpc.test/1'], icon: '' },
  3: { id: 3, name: 'Ropsten', rpcUrls: [], icon: '' },
  10: { id: 10, name: 'Optimism', rpcUrls: ['https://rpc.test/10'], icon: '' },
};
const METADATA = { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] };

const apps: { stop(): void }[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.stop();
});

interface Options {
  storage?: Storage;
  sdkSession?: FakeSession;
  relayTimeoutMs?: number;
  relayDown?: boolean;
  harness?: HarnessOptions;
}

function walletApp(options: Options = {}) {
  const fake = fakeWcSdkLoader(options.sdkSession, (sdk) => {
    sdk.relayDown = options.relayDown ?? false;
  });
  const storage = options.storage ?? memoryWebStorage();
  const connector = new WalletConnectConnector({
    projectId: 'p',
    chains: CHAINS,
    metadata: METADATA,
    storage,
    loadSdk: fake.load,
    relayTimeoutMs: options.relayTimeoutMs ?? 1000,
  });
  const app = startWalletApp({
    connectors: { walletconnect: connector },
    chains: CHAINS,
    ...options.harness,
  });
  apps.push(app);
  const wc = () => app.store.getState().wallet.connections[ID];
  const activity = () => app.store.getState().wallet.activity[ID];
  const uriShown = (s: RootState) => s.wallet.activity[ID].pairingUri !== undefined;
  const idle = (s: RootState) => !s.wallet.connections[ID].activating;
  const connect = async () => {
    app.store.dispatch(walletActions.connectRequested({ id: ID }));
    const state = await app.waitFor(uriShown);
    return state.wallet.activity[ID].pairingUri as string;
  };
  return { ...app, fake, connector, wc, activity, connect, idle };
}

const liveStoredSession = () =>
  memoryWebStorage({
    [WC_STORAGE_PREFIX + WC_SESSION_KEY]: JSON.stringify([
      { topic: 't', expiry: Math.floor(Date.now() / 1000) + 3600, namespaces: { eip155: { accounts: [`eip155:1:${ACCOUNT}`] } } },
    ]),
  });

describe('connecting shows the QR code, and the approval connects', () => {
  it('keeps the pairing URI in state while connecting, then stores checksummed accounts and drops the URI', async () => {
    const app = walletApp();
    const uri = await app.connect();
    expect(uri).toBe(app.fake.sdk.uri);
    expect(app.wc()).toEqual({ activating: true });
    app.fake.sdk.approve([ACCOUNT.toLowerCase()], 1);
    await app.waitFor((s) => s.wallet.connections[ID].accounts !== undefined && app.idle(s));
    expect(app.wc()).toEqual({ activating: false, chainId: 1, accounts: [ACCOUNT] });
    expect(app.activity().pairingUri).toBeUndefined();
  });

  it('asks the wallet for the desired chain first and ends on it', async () => {
    const app = walletApp();
    app.store.dispatch(walletActions.desiredChainSelected({ id: ID, chainId: 10 }));
    await app.connect();
    expect(app.fake.sdk.connectCalls[0]?.optionalChains).toEqual([10, 1]);
    app.fake.sdk.approve([ACCOUNT], 1);
    await app.waitFor((s) => s.wallet.connections[ID].chainId === 10 && app.idle(s));
    expect(app.wc().accounts).toEqual([ACCOUNT]);
  });

  it('the phone refusing records 4001', async () => {
    const app = walletApp();
    await app.connect();
    app.fake.sdk.reject();
    await app.waitFor((s) => s.wallet.connections[ID].error !== undefined);
    expect(app.wc()).toEqual({ activating: false, error: expect.objectContaining({ code: 4001, message: 'User rejected the request.' }) });
    expect(app.activity().pairingUri).toBeUndefined();
  });
});

describe('closing the QR dialog', () => {
  it('tears the pending pairing down and records `User closed modal`', async () => {
    const app = walletApp();
    const uri = await app.connect();
    app.store.dispatch(walletActions.qrDialogClosed({ id: ID }));
    await app.waitFor(app.idle);
    expect(app.wc()).toEqual({ activating: false, error: { name: 'UserClosedModalError', message: 'User closed modal' } });
    await app.settle();
    expect(app.fake.sdk.pairingsDisconnected).toEqual([/^wc:([0-9a-f]+)@/.exec(uri)?.[1]]);
  });

  it('connecting again shows a fresh QR code', async () => {
    const app = walletApp();
    const first = await app.connect();
    app.store.dispatch(walletActions.qrDialogClosed({ id: ID }));
    await app.waitFor(app.idle);
    const second = await app.connect();
    expect(second).not.toBe(first);
    app.fake.sdk.approve([ACCOUNT], 1);
    await app.waitFor((s) => s.wallet.connections[ID].accounts !== undefined);
    expect(app.wc().error).toBeUndefined();
  });

  it('with the option off, is a plain return to idle', async () => {
    const app = walletApp({ harness: { qrCloseIsError: false } });
    await app.connect();
    app.store.dispatch(walletActions.qrDialogClosed({ id: ID }));
    await app.waitFor(app.idle);
    expect(app.wc()).toEqual({ activating: false });
  });

  it('Cancel on the card tears the pairing down too and returns to idle', async () => {
    const app = walletApp();
    await app.connect();
    app.store.dispatch(walletActions.connectCancelled({ id: ID }));
    await app.waitFor(app.idle);
    await app.settle();
    expect(app.wc()).toEqual({ activating: false });
    expect(app.activity().pairingUri).toBeUndefined();
    expect(app.fake.sdk.pairingsDisconnected).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('a relay that cannot be reached ends in a clear timeout error, with no QR code shown', async () => {
    const app = walletApp({ relayTimeoutMs: 40, relayDown: true });
    app.store.dispatch(walletActions.connectRequested({ id: ID }));
    await app.waitFor((s) => s.wallet.connections[ID].error !== undefined);
    expect(app.wc()).toEqual({ activating: false, error: { name: 'TimeoutError', message: 'Reaching the WalletConnect relay timed out after 0 s' } });
    expect(app.activity().pairingUri).toBeUndefined();
  });

  it('a QR code nobody scans ends with the activation timeout, and the dialog closes', async () => {
    const app = walletApp({ harness: { timeouts: { activateMs: 150 } } });
    await app.connect();
    await app.waitFor((s) => s.wallet.connections[ID].error !== undefined);
    expect(app.wc().error).toMatchObject({ name: 'TimeoutError' });
    expect(app.activity().pairingUri).toBeUndefined();
  });
});

describe('a stored session', () => {
  it('reconnects silently at start: no QR code, no pairing', async () => {
    const app = walletApp({ storage: liveStoredSession(), sdkSession: { topic: 't', accounts: [ACCOUNT], chainId: 1 } });
    let qrShown = false;
    app.store.subscribe(() => (qrShown ||= app.activity().pairingUri !== undefined));
    await app.waitFor((s) => s.wallet.connections[ID].accounts !== undefined && app.idle(s));
    expect(app.wc()).toEqual({ activating: false, chainId: 1, accounts: [ACCOUNT] });
    expect(qrShown).toBe(false);
    expect(app.fake.sdk.connectCalls).toHaveLength(0);
    expect(app.fake.sdk.requests.map((r) => r.method)).not.toContain('eth_requestAccounts');
  });

  it('that the SDK no longer has (deleted meanwhile) ends idle, silently', async () => {
    const app = walletApp({ storage: liveStoredSession() });
    await app.waitFor(() => app.fake.instances.length > 0);
    await app.waitFor((s) => s.wallet.activity[ID].phase === 'idle' && app.idle(s));
    expect(app.wc()).toEqual({ activating: false });
    expect(app.fake.sdk.connectCalls).toHaveLength(0);
  });

  it('that expired is not even loaded', async () => {
    const storage = memoryWebStorage({
      [WC_STORAGE_PREFIX + WC_SESSION_KEY]: JSON.stringify([{ topic: 't', expiry: 1, namespaces: { eip155: { accounts: [`eip155:1:${ACCOUNT}`] } } }]),
    });
    const app = walletApp({ storage });
    await app.settle(30);
    expect(app.fake.instances).toHaveLength(0);
    expect(app.wc()).toEqual({ activating: false });
    expect(storage.length).toBe(0);
  });

  it('after the user pressed Disconnect, is not reconnected', async () => {
    const app = walletApp({ storage: liveStoredSession(), sdkSession: { topic: 't', accounts: [ACCOUNT], chainId: 1 }, harness: { storage: { 'walletdeck.disconnected': '["walletconnect"]' } } });
    await app.settle(30);
    expect(app.fake.instances).toHaveLength(0);
    expect(app.wc()).toEqual({ activating: false });
  });
});

describe("the phone wallet's own name and icon (docs/behaviour.md §6.5)", () => {
  const ICON = 'data:image/png;base64,iVBORw0KGgo=';
  const rainbow = { metadata: { name: 'Rainbow', description: 'A wallet', url: 'https://rainbow.me', icons: [ICON] } };
  const peerOf = (s: RootState) => s.wallet.activity[ID].peer;

  it('come from the settled session, and go with it', async () => {
    const app = walletApp();
    await app.connect();
    app.fake.sdk.approve([ACCOUNT], 1, rainbow);
    const state = await app.waitFor((s) => peerOf(s) !== undefined);
    expect(peerOf(state)).toEqual({ name: 'Rainbow', icon: ICON });
    expect(app.wc()).toEqual({ activating: false, chainId: 1, accounts: [ACCOUNT] });
    app.fake.sdk.deleteFromPhone();
    expect(peerOf(await app.waitFor((s) => s.wallet.connections[ID].accounts === undefined))).toBeUndefined();
  });

  it('come back with a silent reconnect of a stored session', async () => {
    const app = walletApp({ storage: liveStoredSession(), sdkSession: { topic: 't', accounts: [ACCOUNT], chainId: 1, peer: rainbow } });
    const state = await app.waitFor((s) => peerOf(s) !== undefined);
    expect(peerOf(state)).toEqual({ name: 'Rainbow', icon: ICON });
  });
});

describe('while connected', () => {
  async function connectedApp() {
    const app = walletApp();
    await app.connect();
    app.fake.sdk.approve([ACCOUNT], 1);
    await app.waitFor((s) => s.wallet.connections[ID].accounts !== undefined && app.idle(s));
    return app;
  }

  it('a session ended from the phone returns to idle with no error', async () => {
    const app = await connectedApp();
    app.fake.sdk.deleteFromPhone();
    await app.waitFor((s) => s.wallet.connections[ID].accounts === undefined);
    expect(app.wc()).toEqual({ activating: false });
  });

  it('the phone switching chain or account updates the connection', async () => {
    const app = await connectedApp();
    app.fake.sdk.emit('chainChanged', '0xa');
    app.fake.sdk.emit('accountsChanged', [TEST_ACCOUNTS[1].address.toLowerCase()]);
    await app.waitFor((s) => s.wallet.connections[ID].chainId === 10 && s.wallet.connections[ID].accounts?.[0] === TEST_ACCOUNTS[1].address);
  });

  it('a chain switch goes through the wallet', async () => {
    const app = await connectedApp();
    app.store.dispatch(walletActions.chainSwitchRequested({ id: ID, chainId: 10 }));
    await app.waitFor((s) => s.wallet.connections[ID].chainId === 10 && s.wallet.activity[ID].switchingTo === undefined);
    expect(app.fake.sdk.requests).toContainEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
  });

  it('Disconnect ends the session in the SDK', async () => {
    const app = await connectedApp();
    app.store.dispatch(walletActions.disconnectRequested({ id: ID }));
    await app.waitFor((s) => s.wallet.connections[ID].accounts === undefined);
    await app.settle();
    expect(app.fake.sdk.disconnectCalls).toBe(1);
    expect(app.session.wasDisconnected(ID)).toBe(true);
  });
});

describe('a desired chain without URLs', () => {
  it('is rejected as docs/behaviour.md §3.4 says, without loading the SDK or changing the connection', async () => {
    const app = walletApp();
    app.store.dispatch(walletActions.connectRequested({ id: ID, desiredChainId: 3 }));
    await app.waitFor((s) => s.wallet.activity[ID].switchError !== undefined);
    expect(app.activity().switchError).toEqual({ name: 'NoUrlsError', message: 'no url(s) provided for desiredChainId 3' });
    expect(app.wc()).toEqual({ activating: false });
    expect(app.fake.instances).toHaveLength(0);
  });
});

describe('one-click auth with sign-in on (docs/behaviour.md §13.8)', () => {
  const KEY = new Wallet(TEST_ACCOUNTS[0].privateKey);
  /** Signatures are checked by their key at the backend (ecrecover): no chain is asked. */
  const NO_CHAIN = 'http://127.0.0.1:9';
  let folder: ReturnType<typeof tempFolder>;
  let backend: RunningSiweServer;
  setUp(async () => {
    folder = tempFolder();
    backend = await startBackend(testConfig({ chains: { 1: NO_CHAIN, 10: NO_CHAIN }, storePath: `${folder.path}/store.sqlite` }));
  });
  tearDown(() => [backend, () => folder?.remove()]);

  function signInApp(configure?: (sdk: import('../support/fakeWcSdk').FakeWcSdk) => void) {
    const browser = new TestBrowser();
    const fake = fakeWcSdkLoader(undefined, configure);
    const connector = new WalletConnectConnector({ projectId: 'p', chains: CHAINS, metadata: METADATA, storage: memoryWebStorage(), loadSdk: fake.load, relayTimeoutMs: 1000 });
    const app = startWalletApp({ connectors: { walletconnect: connector }, chains: CHAINS, signIn: signInTab(browser, backend.url).context });
    apps.push(app);
    const connect = async () => {
      app.store.dispatch(walletActions.connectRequested({ id: ID }));
      await app.waitFor((s) => s.wallet.activity[ID].pairingUri !== undefined);
    };
    return { app, fake, browser, connect, signIn: () => app.store.getState().signIn };
  }

  it("the session's events make the account current before the answer: the page waits for it, one approval, no second prompt", async () => {
    const { app, fake, browser, connect, signIn } = signInApp();
    await connect();
    expect(signIn()).toEqual({ status: 'connecting', kind: ID });
    const asked = fake.sdk.authenticateCalls[0]!;
    expect(asked).toMatchObject({ chains: [1, 10], domain: '127.0.0.1:3000', uri: 'http://127.0.0.1:3000/', statement: 'Sign in to Walletdeck' });
    expect(asked.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']));
    await fake.sdk.approveAuthenticate(ACCOUNT, 1, (message) => KEY.signMessage(message));
    await app.waitFor((s) => s.signIn.status === 'signedIn' || s.signIn.status === 'failed');
    expect(signIn()).toMatchObject({ status: 'signedIn', address: ACCOUNT, chainId: 1 });
    expect(fake.sdk.requests.map((r) => r.method)).not.toContain('personal_sign');
    expect(browser.requests).toEqual(['GET /nonce', 'POST /verify', 'GET /session']);
  });

  it('a phone that signs in for another site is said as a failure, nothing is posted, and Try again asks the signature', async () => {
    const { app, fake, browser, connect, signIn } = signInApp();
    await connect();
    await fake.sdk.approveAuthenticate(ACCOUNT, 1, (message) => KEY.signMessage(message), { domain: 'evil.example' });
    await app.waitFor((s) => s.signIn.status === 'failed');
    expect(signIn()).toMatchObject({ error: { name: 'WrongSignInMessageError', message: expect.stringContaining('the domain is not 127.0.0.1:3000') } });
    expect(browser.requests).not.toContain('POST /verify');
    expect(app.store.getState().wallet.connections[ID].accounts).toEqual([ACCOUNT]);
    expect(fake.sdk.requests.map((r) => r.method)).not.toContain('personal_sign');
    app.store.dispatch(signInActions.requested({ address: ACCOUNT }));
    // The signature is asked only now, after the user's click (this fake phone then refuses the method).
    await app.waitFor(() => fake.sdk.requests.some((r) => r.method === 'personal_sign'));
  });

  it('a refusal on the phone refuses the connect, and sign-in is left as before it', async () => {
    const { app, fake, connect, signIn } = signInApp();
    await connect();
    fake.sdk.reject('User rejected.');
    await app.waitFor((s) => s.wallet.connections[ID].error !== undefined);
    expect(app.store.getState().wallet.connections[ID].error).toMatchObject({ code: 4001 });
    expect(signIn()).toEqual({ status: 'idle' });
  });

  it('an SDK without authenticate connects the usual way, then asks the signature', async () => {
    const { app, fake, connect, signIn } = signInApp((sdk) => (sdk.authenticate = undefined));
    await connect();
    expect(signIn()).toEqual({ status: 'idle' });
    fake.sdk.approve([ACCOUNT], 1);
    await app.waitFor((s) => s.signIn.status === 'signingIn' || s.signIn.status === 'failed' || s.signIn.status === 'signedIn');
    await app.waitFor(() => fake.sdk.requests.some((r) => r.method === 'personal_sign'));
  });
});
