// Connector lifecycles, run through the real store and root saga with faithful fake wallets.
import { FakeConnector, FakeEip1193Provider, HANG, injectedWith, rpcError } from '../support/fakeProvider';
import { advanceUntil, useFakeClock } from '../support/wait';
import { startWalletApp } from '../support/walletHarness';
import { walletActions as a } from '../../store/walletSlice';
import { selectConnectionStatus } from '../../store/selectors';
import { STORAGE_KEYS } from '../../src/lib/persistence';
import { InjectedConnector } from '../../src/lib/connectors/injected';
import type { RootState } from '../../store/types';
import { readsInView } from '../../store/viewedChain';
import { buildChains } from '../../src/lib/chainConfig';

const chainsInView = (state: Parameters<typeof readsInView>[0], chains: Parameters<typeof readsInView>[1]) => readsInView(state, chains).blocks;

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const injected = (s: RootState) => s.wallet.connections.injected;
const isConnected = (s: RootState) => selectConnectionStatus(s, 'injected') === 'Connected';
const isIdle = (s: RootState) => selectConnectionStatus(s, 'injected') === 'Disconnected';

let apps: Array<ReturnType<typeof startWalletApp>> = [];
function start(...args: Parameters<typeof startWalletApp>) {
  const app = startWalletApp(...args);
  apps.push(app);
  return app;
}
afterEach(() => {
  for (const app of apps) app.stop();
  apps = [];
  jest.useRealTimers();
});

describe('eager connect at start', () => {
  it('reconnects silently with eth_accounts and eth_chainId, never eth_requestAccounts', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' } });
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Reconnecting');
    const state = await app.waitFor(isConnected);
    expect(injected(state)).toEqual({ activating: false, chainId: 10, accounts: [ACCOUNT] });
    expect(wallet.count('eth_requestAccounts')).toBe(0);
    expect(wallet.count('eth_accounts')).toBe(1);
  });

  it('a kind that was not connected last time is probed without showing "Reconnecting"', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Disconnected');
    await app.waitFor(isConnected);
    expect(app.session.wasConnected('injected')).toBe(true);
  });

  it('no accounts returned ends idle without an error', async () => {
    const wallet = new FakeEip1193Provider({ authorized: false });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor((s) => !injected(s).activating);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('a failing wallet ends idle without an error', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true }).answer('eth_accounts', () => {
      throw rpcError(-32603, 'Internal error');
    });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor((s) => !injected(s).activating);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('a wallet that never answers times out idle, each kind on its own', async () => {
    // The limit is the subject: on a fake clock the answering kind is always in time.
    useFakeClock();
    const hanging = new FakeEip1193Provider({ authorized: true }).answer('eth_chainId', () => HANG);
    const other = new FakeConnector('coinbase', new FakeEip1193Provider({ authorized: true, chainId: 1 }), { storedSession: true });
    const app = start({ connectors: { injected: injectedWith(hanging), coinbase: other }, timeouts: { eagerMs: 1000 } });
    await advanceUntil(() => selectConnectionStatus(app.store.getState(), 'coinbase') === 'Connected', { ms: 999, what: 'coinbase Connected' });
    expect(injected(app.store.getState()).activating).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('holds the chain in view for a reconnecting wallet, for reconnectViewMs at most', async () => {
    // The block number and balances of a chain the wallet is not on would be read, shown and
    // replaced a moment later; a wallet that does not answer soon gets the default chain shown.
    const chains = { 1: { id: 1, name: 'Mainnet', rpcUrls: ['https://rpc.test/1'], icon: '' }, 10: { id: 10, name: 'Optimism', rpcUrls: ['https://rpc.test/10'], icon: '' } };
    useFakeClock();
    const hanging = new FakeEip1193Provider({ authorized: true }).answer('eth_chainId', () => HANG);
    const app = start({ connectors: { injected: injectedWith(hanging) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' }, timeouts: { eagerMs: 5000, reconnectViewMs: 150 } });
    expect(chainsInView(app.store.getState(), chains)).toEqual([]);
    await jest.advanceTimersByTimeAsync(149);
    expect(chainsInView(app.store.getState(), chains)).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(app.store.getState().wallet.activity.injected.reconnectSlow).toBe(true);
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Reconnecting');
    expect(chainsInView(app.store.getState(), chains)).toEqual([1]);
  });

  it("with no wallet, the chain in view is the deployer's default chain (WALLETDECK_CHAINS defaultChain)", () => {
    const { built } = buildChains({
      file: { label: 'chains.json', text: JSON.stringify({ chains: [84532, 1, 8453], defaultChain: 8453 }) },
      developmentRpcUrl: 'http://127.0.0.1:8545',
    });
    if (!built) throw new Error('the file is valid');
    const app = start({ chains: built.chains });
    expect(chainsInView(app.store.getState(), built.chains)).toEqual([8453]);
  });

  it('a wallet that answers in time: the chain in view is its chain, never the default one first', async () => {
    const chains = { 1: { id: 1, name: 'Mainnet', rpcUrls: ['https://rpc.test/1'], icon: '' }, 10: { id: 10, name: 'Optimism', rpcUrls: ['https://rpc.test/10'], icon: '' } };
    // "In time" on a fake clock: the wallet's answer takes the same fake time on any machine.
    useFakeClock();
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.connected]: '["injected"]' }, timeouts: { reconnectViewMs: 150 } });
    const seen = new Set<string>([JSON.stringify(chainsInView(app.store.getState(), chains))]);
    const unsubscribe = app.store.subscribe(() => seen.add(JSON.stringify(chainsInView(app.store.getState(), chains))));
    await advanceUntil(() => isConnected(app.store.getState()), { ms: 149, what: 'Connected' });
    // Past the moment the default chain would have been shown.
    await jest.advanceTimersByTimeAsync(300);
    unsubscribe();
    expect([...seen]).not.toContain('[1]');
    expect(chainsInView(app.store.getState(), chains)).toEqual([10]);
    expect(app.store.getState().wallet.activity.injected.reconnectSlow).toBeUndefined();
  });

  it('tries all three kinds in parallel', async () => {
    const make = (id: 'coinbase' | 'walletconnect') =>
      new FakeConnector(id, new FakeEip1193Provider({ authorized: true, chainId: 137 }), { storedSession: true });
    const app = start({
      connectors: { injected: injectedWith(new FakeEip1193Provider({ authorized: true })), coinbase: make('coinbase'), walletconnect: make('walletconnect') },
    });
    await app.waitFor((s) => (['injected', 'coinbase', 'walletconnect'] as const).every((id) => selectConnectionStatus(s, id) === 'Connected'));
  });

  it('a kind with no stored session is not tried and shows no flicker', () => {
    const connector = new FakeConnector('walletconnect', new FakeEip1193Provider({ authorized: true }), { storedSession: false });
    const app = start({ connectors: { walletconnect: connector } });
    expect(selectConnectionStatus(app.store.getState(), 'walletconnect')).toBe('Disconnected');
    expect(connector.provider.requests).toEqual([]);
  });

  it('does not reconnect a kind the user disconnected', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.disconnected]: '["injected"]' } });
    await app.settle(20);
    expect(wallet.requests).toEqual([]);
    expect(isIdle(app.store.getState())).toBe(true);
  });

  it('outside a browser (no window) is a configuration error, thrown at once', () => {
    const connector = new InjectedConnector(undefined);
    expect(() => connector.hasStoredSession()).toThrow('Eager connection needs a browser: window is not defined');
  });
});

describe('activate', () => {
  it('connects with eth_requestAccounts and eth_chainId, accounts checksummed', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 1 });
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.current]: 'walletconnect' } });
    await app.settle();
    expect(app.store.getState().wallet.current).toBe('walletconnect');
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    expect(selectConnectionStatus(app.store.getState(), 'injected')).toBe('Connecting');
    const state = await app.waitFor(isConnected);
    expect(injected(state).accounts).toEqual([ACCOUNT]);
    expect(state.wallet.current).toBe('injected');
    expect(app.storage.getItem(STORAGE_KEYS.current)).toBe('injected');
  });

  it('4001 records the standard message beside the wallet\'s own', async () => {
    // A wallet whose refusal words differ from the standard ones (MetaMask's are the standard ones).
    const wallet = new FakeEip1193Provider({ rejectMessage: 'MetaMask Tx Signature: User denied transaction signature.' });
    wallet.approval = 'reject';
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const state = await app.waitFor((s) => injected(s).error !== undefined);
    expect(injected(state).error).toEqual({
      name: 'UserRejectedRequestError',
      code: 4001,
      message: 'User rejected the request.',
      walletMessage: 'MetaMask Tx Signature: User denied transaction signature.',
    });
  });

  it('no extension at all gives "MetaMask not installed"', async () => {
    const app = start({ connectors: { injected: injectedWith(undefined) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const state = await app.waitFor((s) => injected(s).error !== undefined);
    expect(injected(state).error).toEqual({ name: 'NoMetaMaskError', message: 'MetaMask not installed' });
  });

  it('a wallet that never answers ends in a timeout error', async () => {
    const wallet = new FakeEip1193Provider().answer('eth_requestAccounts', () => HANG);
    const app = start({ connectors: { injected: injectedWith(wallet) }, timeouts: { activateMs: 60 } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    const state = await app.waitFor((s) => injected(s).error !== undefined);
    expect(injected(state).error).toEqual({ name: 'TimeoutError', message: 'Connecting timed out after 0 s' });
  });

  it('zero accounts from the wallet ends idle', async () => {
    const wallet = new FakeEip1193Provider({ accounts: [] });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor((s) => !injected(s).activating);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('cancel returns to idle and a late answer is ignored', async () => {
    const wallet = new FakeEip1193Provider();
    wallet.approval = 'manual';
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.settle();
    app.store.dispatch(a.connectCancelled({ id: 'injected' }));
    wallet.approve();
    await app.settle(30);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });
});

describe('-32002: a request already pending in the wallet', () => {
  it('waits for the wallet\'s answer instead of failing, and tells the user to look at the wallet', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 10 });
    wallet.leavePendingFromEarlierPage();
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor((s) => s.wallet.activity.injected.awaitingWallet);
    expect(injected(app.store.getState()).error).toBeUndefined();
    wallet.approve();
    const state = await app.waitFor(isConnected);
    expect(injected(state)).toEqual({ activating: false, chainId: 10, accounts: [ACCOUNT] });
    expect(state.wallet.activity.injected.awaitingWallet).toBe(false);
  });

  it('a second click sends no second eth_requestAccounts', async () => {
    const wallet = new FakeEip1193Provider();
    wallet.approval = 'manual';
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.settle();
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.settle();
    expect(wallet.count('eth_requestAccounts')).toBe(1);
    wallet.approve();
    await app.waitFor(isConnected);
  });
});

describe('connect with a desired chain', () => {
  it('switch -> 4902 -> add chain with full parameters -> re-read chain', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 1, knownChains: [1] });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected', desiredChainId: 10 }));
    const state = await app.waitFor(isConnected);
    expect(injected(state).chainId).toBe(10);
    const add = wallet.requests.find((r) => r.method === 'wallet_addEthereumChain');
    expect(add?.params).toEqual([
      {
        chainId: '0xa',
        chainName: 'OP Mainnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
        blockExplorerUrls: ['https://optimistic.etherscan.io'],
      },
    ]);
    expect(wallet.requests.map((r) => r.method).slice(-3)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
  });

  it('a chain without URLs is rejected with the catalogue message (docs/behaviour.md §3.4) and nothing else changes', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 1 });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.settle();
    const before = injected(app.store.getState());
    const requestsBefore = wallet.requests.length;
    app.store.dispatch(a.connectRequested({ id: 'injected', desiredChainId: 3 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toEqual({ name: 'NoUrlsError', message: 'no url(s) provided for desiredChainId 3' });
    expect(injected(state)).toEqual(before);
    expect(wallet.requests.length).toBe(requestsBefore);
  });

  it('another switch failure is recorded as the connection error', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 1 }).answer('wallet_switchEthereumChain', () => {
      throw rpcError(4001, 'User rejected the request.');
    });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    app.store.dispatch(a.connectRequested({ id: 'injected', desiredChainId: 10 }));
    const state = await app.waitFor((s) => injected(s).error !== undefined);
    expect(injected(state).error?.code).toBe(4001);
    expect(wallet.count('wallet_addEthereumChain')).toBe(0);
  });
});

describe('provider events', () => {
  async function connectedApp() {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor(isConnected);
    return { wallet, app };
  }

  it('accountsChanged and chainChanged (hex, decimal string, number) update the state', async () => {
    const { wallet, app } = await connectedApp();
    wallet.emit('accountsChanged', ['0x70997970c51812dc3a010c7d01b50e0d17dc79c8']);
    wallet.emit('chainChanged', '0x89');
    expect(injected(app.store.getState())).toEqual({ activating: false, chainId: 137, accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] });
    wallet.emit('chainChanged', '10');
    expect(injected(app.store.getState()).chainId).toBe(10);
    wallet.emit('chainChanged', 42161);
    expect(injected(app.store.getState()).chainId).toBe(42161);
  });

  it('the extension\'s 1013 "reconnecting" disconnect is ignored', async () => {
    const { wallet, app } = await connectedApp();
    wallet.emit('disconnect', { code: 1013, message: 'MetaMask: Disconnected from chain. Attempting to connect.' });
    expect(isConnected(app.store.getState())).toBe(true);
  });

  it('another disconnect is recorded as an error', async () => {
    const { wallet, app } = await connectedApp();
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' });
    expect(injected(app.store.getState())).toEqual({
      activating: false,
      error: { name: 'DisconnectedError', code: 4900, message: 'The provider is disconnected from all chains.', walletMessage: 'Disconnected' },
    });
    await app.settle();
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
  });

  it('zero accounts goes idle', async () => {
    const { wallet, app } = await connectedApp();
    wallet.emit('accountsChanged', []);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('garbage from the wallet is reported and changes nothing', async () => {
    const { wallet, app } = await connectedApp();
    wallet.emit('accountsChanged', [{ evil: true }]);
    wallet.emit('chainChanged', 'banana');
    const state = app.store.getState();
    expect(injected(state)).toEqual({ activating: false, chainId: 1, accounts: [ACCOUNT] });
    expect(state.wallet.activity.injected.rejectedUpdate?.message).toBe('Invalid chainId banana');
  });
});

describe('deactivate', () => {
  it('clears the state, revokes permissions, remembers the choice and closes the event channel', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor(isConnected);
    expect(wallet.listenerCount('chainChanged')).toBe(1);
    app.store.dispatch(a.disconnectRequested({ id: 'injected' }));
    expect(injected(app.store.getState())).toEqual({ activating: false });
    await app.settle(20);
    expect(wallet.count('wallet_revokePermissions')).toBe(1);
    expect(wallet.listenerCount('chainChanged')).toBe(0);
    expect(app.session.wasDisconnected('injected')).toBe(true);
    wallet.emit('accountsChanged', [ACCOUNT]);
    expect(injected(app.store.getState())).toEqual({ activating: false });
  });

  it('a wallet that hangs on revoke does not hold the user', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true }).answer('wallet_revokePermissions', () => HANG);
    const connector = injectedWith(wallet);
    const disconnect = jest.spyOn(connector, 'disconnect');
    const app = start({ connectors: { injected: connector }, timeouts: { revokeMs: 30 } });
    await app.waitFor(isConnected);
    app.store.dispatch(a.disconnectRequested({ id: 'injected' }));
    await app.settle(80);
    expect(disconnect).toHaveBeenCalled();
  });

  it('connecting again after a disconnect clears the remembered choice', async () => {
    const wallet = new FakeEip1193Provider();
    const app = start({ connectors: { injected: injectedWith(wallet) }, storage: { [STORAGE_KEYS.disconnected]: '["injected"]' } });
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(isConnected);
    expect(app.session.wasDisconnected('injected')).toBe(false);
  });
});

describe('stale results', () => {
  it('an eager reconnect superseded by a click cannot overwrite the newer result', async () => {
    let answerEager: (v: unknown) => void = () => undefined;
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    wallet.answer('eth_accounts', () => new Promise((resolve) => (answerEager = resolve)));
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.settle();
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    await app.waitFor(isConnected);
    answerEager(['0x70997970c51812dc3a010c7d01b50e0d17dc79c8']);
    await app.settle(20);
    expect(injected(app.store.getState()).accounts).toEqual([ACCOUNT]);
  });
});

describe('QR dialog close', () => {
  function qrApp(qrCloseIsError: boolean) {
    const provider = new FakeEip1193Provider().answer('eth_requestAccounts', () => HANG);
    const connector = new FakeConnector('walletconnect', provider);
    const app = start({ connectors: { walletconnect: connector }, qrCloseIsError });
    return { app, connector };
  }

  it('tears the pending connection down and records "User closed modal"', async () => {
    const { app, connector } = qrApp(true);
    app.store.dispatch(a.connectRequested({ id: 'walletconnect' }));
    await app.settle();
    connector.emit({ type: 'displayUri', uri: 'wc:topic@2?relay-protocol=irn&symKey=abc' });
    expect(app.store.getState().wallet.activity.walletconnect.pairingUri).toBe('wc:topic@2?relay-protocol=irn&symKey=abc');
    app.store.dispatch(a.qrDialogClosed({ id: 'walletconnect' }));
    const state = await app.waitFor((s) => s.wallet.connections.walletconnect.error !== undefined);
    expect(state.wallet.connections.walletconnect).toEqual({ activating: false, error: { name: 'UserClosedModalError', message: 'User closed modal' } });
    expect(connector.disconnects).toBe(1);
    expect(connector.subscribers).toBe(0);
  });

  it('with the option off, closing is a plain return to idle', async () => {
    const { app } = qrApp(false);
    app.store.dispatch(a.connectRequested({ id: 'walletconnect' }));
    await app.settle();
    app.store.dispatch(a.qrDialogClosed({ id: 'walletconnect' }));
    await app.waitFor((s) => !s.wallet.connections.walletconnect.activating);
    expect(app.store.getState().wallet.connections.walletconnect).toEqual({ activating: false });
  });

  it('a session ended from the wallet side makes the connection idle', async () => {
    const connector = new FakeConnector('walletconnect', new FakeEip1193Provider({ authorized: true }), { storedSession: true });
    const app = start({ connectors: { walletconnect: connector } });
    await app.waitFor((s) => selectConnectionStatus(s, 'walletconnect') === 'Connected');
    connector.emit({ type: 'sessionEnded' });
    expect(app.store.getState().wallet.connections.walletconnect).toEqual({ activating: false });
  });
});

describe('the click path of a browser extension', () => {
  it('asks the wallet within the dispatch of the click: no promise turn lets the dialog render first', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor((s) => !injected(s).activating);
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    expect(wallet.count('eth_requestAccounts')).toBe(1);
    const state = await app.waitFor(isConnected);
    expect(injected(state)).toEqual({ activating: false, chainId: 10, accounts: [ACCOUNT] });
  });

  it('asks the chain beside the accounts (one round trip to the wallet, not two)', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 10 });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor((s) => !injected(s).activating);
    const asked = wallet.count('eth_chainId');
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    expect(wallet.requests.slice(-2).map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_chainId']);
    const state = await app.waitFor(isConnected);
    expect(injected(state).chainId).toBe(10);
    expect(wallet.count('eth_chainId')).toBe(asked + 1);
  });

  it('a chain the wallet switches to while the user decides wins over the chain asked beside the accounts', async () => {
    const wallet = new FakeEip1193Provider({ chainId: 1, knownChains: [1, 10], approval: 'manual' });
    const app = start({ connectors: { injected: injectedWith(wallet) } });
    await app.waitFor((s) => !injected(s).activating);
    app.store.dispatch(a.connectRequested({ id: 'injected' }));
    while (wallet.pendingPrompts === 0) await app.settle();
    await app.settle();
    wallet.setChain(10);
    await app.waitFor((s) => injected(s).chainId === 10);
    await wallet.approvePending();
    const state = await app.waitFor(isConnected);
    expect(injected(state)).toEqual({ activating: false, chainId: 10, accounts: [ACCOUNT] });
  });
});
