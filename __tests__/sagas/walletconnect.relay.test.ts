// The WalletConnect connector with the real SDK (in Node), a wallet simulated with the real sign
// client, and the local relay: the whole pairing protocol, driven through the real store and sagas.
import { buildChainTable } from '../../src/lib/chainDefaults';
import type { ChainTable } from '../../src/lib/chains';
import { WC_SESSION_KEY, WC_STORAGE_PREFIX, WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import {
  loadWalletConnectSdk,
  pairingTopicOf,
  type WalletConnectSdkLoader,
  type WalletConnectSdkProvider,
} from '../../src/lib/connectors/walletconnect/session';
import type { RootState } from '../../store/types';
import { walletActions } from '../../store/walletSlice';
import { startAnvil, TEST_ACCOUNTS, type Anvil } from '../support/anvil';
import { setUp, startAll, stopAll, tearDown, TEARDOWN_TIMEOUT_MS, WAIT_MS } from '../support/lifecycle';
import { freePort } from '../support/ports';
import { startWalletApp } from '../support/walletHarness';
import { trackTimers } from '../support/sdkTimers';
import { startWcRelay, type WcRelay } from '../../scripts/dev/walletconnect/relay';
import { createVerifyService } from '../../scripts/dev/walletconnect/verify';
import { releaseCore, startSimulatedWallet, type SimulatedWallet } from '../support/wcWallet';
import { memoryWebStorage } from '../support/webStorage';
import { until } from '../support/wait';
import { signInTab, TestBrowser } from '../support/signInPage';
import { startBackend, tempFolder, testConfig } from '../siwe/backend';
import type { SignInSagaContext } from '../../sagas/signInContext';

// A page has one SDK core; this file runs several "pages" and wallets in one process.
const globalCoreSetting = process.env.DISABLE_GLOBAL_CORE;
process.env.DISABLE_GLOBAL_CORE = 'true';
const timers = trackTimers();

const METADATA = { name: 'Walletdeck', description: 'test', url: 'http://127.0.0.1', icons: [] };
const ID = 'walletconnect' as const;

let relay: WcRelay;
let anvil: Anvil;
let chains: ChainTable;
let restoreFetch: () => void;
const wallets: SimulatedWallet[] = [];
const apps: { stop(): void }[] = [];
const sdks: WalletConnectSdkProvider[] = [];
const extraRelays: WcRelay[] = [];

/** The real SDK, with every instance remembered so that its timers can be stopped after the test. */
const trackedSdk: WalletConnectSdkLoader = async () => {
  const create = await loadWalletConnectSdk();
  return async (options) => {
    const sdk = await create(options);
    sdks.push(sdk);
    return sdk;
  };
};

async function releaseSdks() {
  for (const sdk of sdks.splice(0)) {
    await releaseCore((sdk as unknown as { signer: { client: { core: Parameters<typeof releaseCore>[0] } } }).signer.client.core);
  }
}

setUp(async () => {
  restoreFetch = createVerifyService().installInNode();
  [relay, anvil] = await startAll([startWcRelay(), startAnvil({ chainId: 31337 })]);
  chains = buildChainTable({}, anvil.url);
});

afterEach(async () => {
  for (const app of apps.splice(0)) app.stop();
  await stopAll([...wallets.splice(0), releaseSdks, ...extraRelays.splice(0)]);
}, TEARDOWN_TIMEOUT_MS);

tearDown(() => [
  restoreFetch,
  relay,
  anvil,
  () => timers.clearAll(),
  () => {
    if (globalCoreSetting === undefined) delete process.env.DISABLE_GLOBAL_CORE;
    else process.env.DISABLE_GLOBAL_CORE = globalCoreSetting;
  },
]);

async function phoneWallet(chainIds = [31337, 1], relayUrl = relay.url, oneClickAuth = false) {
  const w = await startSimulatedWallet({ relayUrl, chains: chainIds, rpcUrls: { 31337: anvil.url }, oneClickAuth });
  wallets.push(w);
  return w;
}

interface AppOptions {
  storage?: Storage;
  relayUrl?: string;
  relayTimeoutMs?: number;
  qrCloseIsError?: boolean;
  signIn?: SignInSagaContext;
}

function openApp(options: AppOptions = {}) {
  const storage = options.storage ?? memoryWebStorage();
  const connector = new WalletConnectConnector({
    projectId: 'walletdeck-test',
    relayUrl: options.relayUrl ?? relay.url,
    chains,
    metadata: METADATA,
    storage,
    logLevel: 'silent',
    loadSdk: trackedSdk,
    ...(options.relayTimeoutMs ? { relayTimeoutMs: options.relayTimeoutMs } : {}),
  });
  const harness = startWalletApp({
    connectors: { walletconnect: connector },
    chains,
    // Not the subject of any test here: hang guards.
    timeouts: { eagerMs: WAIT_MS, activateMs: WAIT_MS },
    ...(options.qrCloseIsError === undefined ? {} : { qrCloseIsError: options.qrCloseIsError }),
    ...(options.signIn ? { signIn: options.signIn } : {}),
  });
  apps.push(harness);
  const wc = () => harness.store.getState().wallet.connections[ID];
  const activity = () => harness.store.getState().wallet.activity[ID];
  const isConnected = (s: RootState) => s.wallet.connections[ID].accounts !== undefined && !s.wallet.connections[ID].activating;
  /** Click Connect and wait for the QR code's URI. */
  const connect = async () => {
    harness.store.dispatch(walletActions.connectRequested({ id: ID }));
    const shown = await harness.waitFor((s) => s.wallet.activity[ID].pairingUri !== undefined, WAIT_MS);
    return shown.wallet.activity[ID].pairingUri as string;
  };
  return { ...harness, connector, webStorage: storage, wc, activity, connect, isConnected };
}

async function pairedApp(options: AppOptions = {}, chainIds?: number[], approvedChainIds?: number[]) {
  const app = openApp(options);
  const phone = await phoneWallet(chainIds);
  const uri = await app.connect();
  await phone.approve(await phone.pair(uri), approvedChainIds ? { chains: approvedChainIds } : {});
  await app.waitFor(app.isConnected, WAIT_MS);
  return { app, phone, uri };
}

describe('one-click auth with sign-in on (docs/behaviour.md §13.8)', () => {
  it("one approval on the phone pairs, connects and signs in: the backend verifies the SDK's rendering of the wallet's answer", async () => {
    const folder = tempFolder();
    const backend = await startBackend(testConfig({ chains: { 31337: anvil.url }, storePath: `${folder.path}/store.sqlite` }));
    try {
      const browser = new TestBrowser();
      const app = openApp({ signIn: signInTab(browser, backend.url).context });
      const phone = await phoneWallet([31337, 1], relay.url, true);
      const asked = await phone.pairAuthenticate(await app.connect());
      await phone.approveAuthenticate(asked);
      const done = await app.waitFor((s) => s.signIn.status === 'signedIn' || s.signIn.status === 'failed', WAIT_MS);
      expect(done.signIn).toMatchObject({ status: 'signedIn', address: TEST_ACCOUNTS[0].address, chainId: 31337 });
      expect(phone.requests.map((r) => r.params.request.method)).not.toContain('personal_sign');
      expect(browser.requests).toEqual(['GET /nonce', 'POST /verify', 'GET /session']);
    } finally {
      await backend.close();
      folder.remove();
    }
  });

  it('a phone without one-click auth answers the proposal: connected, then the one signature', async () => {
    const folder = tempFolder();
    const backend = await startBackend(testConfig({ chains: { 31337: anvil.url }, storePath: `${folder.path}/store.sqlite` }));
    try {
      const browser = new TestBrowser();
      const app = openApp({ signIn: signInTab(browser, backend.url).context });
      const phone = await phoneWallet([31337, 1]);
      await phone.approve(await phone.pair(await app.connect()));
      const done = await app.waitFor((s) => s.signIn.status === 'signedIn' || s.signIn.status === 'failed', WAIT_MS);
      expect(done.signIn).toMatchObject({ status: 'signedIn', address: TEST_ACCOUNTS[0].address });
      expect(phone.requests.filter((r) => r.params.request.method === 'personal_sign')).toHaveLength(1);
    } finally {
      await backend.close();
      folder.remove();
    }
  });
});

describe('pairing through the relay', () => {
  it('shows a wc: URI whose pairing the relay knows, and connects with checksummed accounts when the wallet approves', async () => {
    const app = openApp();
    const phone = await phoneWallet();
    const uri = await app.connect();
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/);
    expect(app.wc()).toMatchObject({ activating: true });

    const proposal = await phone.pair(uri);
    expect(proposal.params.pairingTopic).toBe(pairingTopicOf(uri));
    await phone.approve(proposal);
    await app.waitFor(app.isConnected, WAIT_MS);

    expect(app.wc().accounts).toEqual([TEST_ACCOUNTS[0].address]);
    expect(app.wc().error).toBeUndefined();
    expect([31337, 1]).toContain(app.wc().chainId);
    expect(app.activity().pairingUri).toBeUndefined();
    expect(app.connector.hasStoredSession()).toBe(true);
  });

  it('offers every chain with an RPC URL, the desired chain first, and ends on the desired chain', async () => {
    const app = openApp();
    const phone = await phoneWallet([1, 31337]);
    app.store.dispatch(walletActions.desiredChainSelected({ id: ID, chainId: 31337 }));
    const proposal = await phone.pair(await app.connect());
    const offered = proposal.params.optionalNamespaces.eip155?.chains ?? [];
    expect(offered[0]).toBe('eip155:31337');
    expect(offered).toEqual(expect.arrayContaining(['eip155:1', 'eip155:10', 'eip155:137']));
    // Chains without any URL are not offered (the SDK would use its own hosted RPC for them).
    expect(offered).not.toContain('eip155:3');
    await phone.approve(proposal);
    const state = await app.waitFor(app.isConnected, WAIT_MS);
    expect(state.wallet.connections[ID].chainId).toBe(31337);
  });

  it('records 4001 when the wallet rejects the proposal', async () => {
    const app = openApp();
    const phone = await phoneWallet();
    await phone.reject(await phone.pair(await app.connect()));
    const state = await app.waitFor((s) => s.wallet.connections[ID].error !== undefined, WAIT_MS);
    expect(state.wallet.connections[ID]).toEqual({
      activating: false,
      error: expect.objectContaining({ code: 4001, message: 'User rejected the request.' }),
    });
  });
});

describe('closing the QR dialog', () => {
  it('tears the pairing down, records `User closed modal`, and the next connect shows a fresh QR code', async () => {
    const app = openApp();
    const phone = await phoneWallet();
    const first = await app.connect();
    app.store.dispatch(walletActions.qrDialogClosed({ id: ID }));
    await app.waitFor((s) => !s.wallet.connections[ID].activating);
    expect(app.wc()).toEqual({ activating: false, error: expect.objectContaining({ message: 'User closed modal' }) });

    const second = await app.connect();
    expect(pairingTopicOf(second)).not.toBe(pairingTopicOf(first));
    await phone.approve(await phone.pair(second));
    await app.waitFor(app.isConnected, WAIT_MS);
    expect(app.wc().accounts).toEqual([TEST_ACCOUNTS[0].address]);
  });

  it('returns to idle instead when the option says so', async () => {
    const app = openApp({ qrCloseIsError: false });
    await app.connect();
    app.store.dispatch(walletActions.qrDialogClosed({ id: ID }));
    await app.waitFor((s) => !s.wallet.connections[ID].activating);
    expect(app.wc()).toEqual({ activating: false });
  });
});

describe('a relay that cannot be reached', () => {
  it('ends in a clear timeout error within the relay timeout, and no QR code is shown', async () => {
    const deadPort = await freePort();
    const app = openApp({ relayUrl: `ws://127.0.0.1:${deadPort}`, relayTimeoutMs: 700 });
    app.store.dispatch(walletActions.connectRequested({ id: ID }));
    const state = await app.waitFor((s) => s.wallet.connections[ID].error !== undefined, WAIT_MS);
    // The relay's limit ended it (the connect limit, far longer, would say "Connecting timed out").
    expect(state.wallet.connections[ID]).toEqual({
      activating: false,
      error: { name: 'TimeoutError', message: 'Reaching the WalletConnect relay timed out after 1 s' },
    });
    expect(state.wallet.activity[ID].pairingUri).toBeUndefined();
  });
});

describe('a stored session', () => {
  it('reconnects silently after a reload, without any QR code', async () => {
    const { app, phone } = await pairedApp();
    const storage = app.webStorage;
    app.stop();
    await releaseSdks();

    const reloaded = openApp({ storage });
    let qrShown = false;
    reloaded.store.subscribe(() => (qrShown ||= reloaded.activity().pairingUri !== undefined));
    expect(reloaded.connector.hasStoredSession()).toBe(true);
    const state = await reloaded.waitFor(reloaded.isConnected, WAIT_MS);
    expect(state.wallet.connections[ID].accounts).toEqual(phone.accounts);
    expect(state.wallet.activity[ID].pairingUri).toBeUndefined();
    expect(qrShown).toBe(false);
  });

  it('is forgotten without loading the SDK when it has expired', () => {
    const storage = memoryWebStorage({
      [WC_STORAGE_PREFIX + WC_SESSION_KEY]: JSON.stringify([
        { topic: 'aa', expiry: Math.floor(Date.now() / 1000) - 60, namespaces: { eip155: { accounts: [`eip155:1:${TEST_ACCOUNTS[0].address}`] } } },
      ]),
      [`${WC_STORAGE_PREFIX}wc@2:core:0.3//keychain`]: '{}',
      unrelated: 'kept',
    });
    const loadSdk = jest.fn(trackedSdk);
    const connector = new WalletConnectConnector({ projectId: 'p', chains, metadata: METADATA, storage, loadSdk });
    expect(connector.hasStoredSession()).toBe(false);
    expect(loadSdk).not.toHaveBeenCalled();
    expect(storage.length).toBe(1);
    expect(storage.getItem('unrelated')).toBe('kept');
  });
});

describe('the wallet side', () => {
  it('ending the session from the phone returns the connection to idle, with no error', async () => {
    const { app, phone } = await pairedApp();
    await phone.disconnect();
    const state = await app.waitFor((s) => s.wallet.connections[ID].accounts === undefined, WAIT_MS);
    expect(state.wallet.connections[ID]).toEqual({ activating: false });
    expect(app.connector.hasStoredSession()).toBe(false);
  });

  it('account and chain changes on the phone update the connection', async () => {
    const { app, phone } = await pairedApp({}, [31337, 1]);
    await phone.emitChainChanged(1);
    await app.waitFor((s) => s.wallet.connections[ID].chainId === 1, WAIT_MS);
    await phone.emitAccountsChanged([`eip155:1:${TEST_ACCOUNTS[1].address.toLowerCase()}`]);
    const state = await app.waitFor((s) => s.wallet.connections[ID].accounts?.[0] === TEST_ACCOUNTS[1].address, WAIT_MS);
    expect(state.wallet.connections[ID].accounts).toEqual([TEST_ACCOUNTS[1].address]);
  });
});

describe('disconnect from the app', () => {
  it('ends the session on the phone too and leaves nothing to reconnect', async () => {
    const { app, phone } = await pairedApp();
    expect(phone.session()).toBeDefined();
    app.store.dispatch(walletActions.disconnectRequested({ id: ID }));
    await until(() => phone.session() === undefined, { what: 'the phone to drop the session' });
    expect(app.wc()).toEqual({ activating: false });
    expect(app.connector.hasStoredSession()).toBe(false);
  });
});

describe('chain switch', () => {
  it('switches to a chain the session already covers', async () => {
    const { app } = await pairedApp({}, [31337, 1]);
    const target = app.wc().chainId === 1 ? 31337 : 1;
    app.store.dispatch(walletActions.chainSwitchRequested({ id: ID, chainId: target }));
    const state = await app.waitFor((s) => s.wallet.connections[ID].chainId === target && s.wallet.activity[ID].switchingTo === undefined, WAIT_MS);
    expect(state.wallet.activity[ID].switchError).toBeUndefined();
    expect(state.wallet.connections[ID].accounts).toEqual([TEST_ACCOUNTS[0].address]);
  });

  it('asks the wallet for a chain outside the session, which widens the session', async () => {
    const { app, phone } = await pairedApp({}, [31337, 10], [31337]);
    app.store.dispatch(walletActions.chainSwitchRequested({ id: ID, chainId: 10 }));
    const state = await app.waitFor((s) => s.wallet.activity[ID].switchingTo === undefined, WAIT_MS);
    expect(phone.requests.map((r) => r.params.request.method)).toContain('wallet_switchEthereumChain');
    expect(state.wallet.connections[ID].chainId).toBe(10);
  });

  it('ends on the new chain when the app acknowledges the session update before the phone has finished sending it', async () => {
    // A relay that confirms publishes late (as on a loaded machine): the app's acknowledgement of the
    // wider session reaches the phone before the phone's update() call has returned.
    const slowRelay = await startWcRelay({ publishAckDelayMs: 300 });
    extraRelays.push(slowRelay);
    const app = openApp({ relayUrl: slowRelay.url });
    const phone = await phoneWallet([31337, 10], slowRelay.url);
    await phone.approve(await phone.pair(await app.connect()), { chains: [31337] });
    await app.waitFor(app.isConnected, WAIT_MS);

    app.store.dispatch(walletActions.chainSwitchRequested({ id: ID, chainId: 10 }));
    const state = await app.waitFor((s) => s.wallet.activity[ID].switchingTo === undefined, WAIT_MS);
    expect(state.wallet.activity[ID].switchError).toBeUndefined();
    expect(state.wallet.connections[ID].chainId).toBe(10);
    expect(phone.session()?.namespaces.eip155?.chains).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:10']));
  });
});

it('reads that need the chain go through the session to the wallet', async () => {
  const { app } = await pairedApp();
  const provider = await app.connector.getProvider();
  const signature = await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', TEST_ACCOUNTS[0].address] });
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
});
