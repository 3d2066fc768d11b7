// Switching chain on a connected wallet: switch, on 4902 (also nested in -32603) add, re-read.
import { FakeEip1193Provider, HANG, injectedWith, rpcError } from '../support/fakeProvider';
import { startWalletApp } from '../support/walletHarness';
import { walletActions as a } from '../../store/walletSlice';
import { selectConnectionStatus } from '../../store/selectors';
import type { RootState } from '../../store/types';
import { buildChainTable } from '../../src/lib/chainDefaults';
import type { ChainInfo, ChainTable } from '../../src/lib/chains';

const isConnected = (s: RootState) => selectConnectionStatus(s, 'injected') === 'Connected';
const switchDone = (s: RootState) => s.wallet.activity.injected.switchingTo === undefined;

let stop: Array<() => void> = [];
afterEach(() => {
  stop.forEach((f) => f());
  stop = [];
});

async function connected(wallet: FakeEip1193Provider, chains?: ChainTable) {
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, ...(chains ? { chains } : {}) });
  stop.push(app.stop);
  await app.waitFor(isConnected);
  return app;
}

describe('switch to a chain the wallet knows', () => {
  it('asks with wallet_switchEthereumChain and shows the new chain', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1, 137] });
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    expect(app.store.getState().wallet.activity.injected.switchingTo).toBe(137);
    const state = await app.waitFor((s) => switchDone(s) && s.wallet.connections.injected.chainId === 137);
    expect(wallet.requests.find((r) => r.method === 'wallet_switchEthereumChain')?.params).toEqual([{ chainId: '0x89' }]);
    expect(wallet.count('wallet_addEthereumChain')).toBe(0);
    expect(isConnected(state)).toBe(true);
  });
});

describe('4902: the wallet does not know the chain', () => {
  it('adds the chain with full parameters, then re-reads the chain', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1] });
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    await app.waitFor((s) => switchDone(s) && s.wallet.connections.injected.chainId === 137);
    expect(wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')?.params).toEqual([
      {
        chainId: '0x89',
        chainName: 'Polygon PoS',
        nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
        rpcUrls: ['https://polygon-bor-rpc.publicnode.com', 'https://polygon.drpc.org'],
        blockExplorerUrls: ['https://polygonscan.com'],
      },
    ]);
    expect(wallet.requests.at(-1)?.method).toBe('eth_chainId');
  });

  it('recognises 4902 nested in -32603 as data.originalError.code (mobile wallets)', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1] });
    wallet.answer('wallet_switchEthereumChain', () => {
      throw rpcError(-32603, 'Internal JSON-RPC error.', { originalError: { code: 4902, message: 'Unrecognized chain ID' } });
    });
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    await app.waitFor((s) => switchDone(s) && s.wallet.connections.injected.chainId === 10);
    expect(wallet.count('wallet_addEthereumChain')).toBe(1);
  });

  it('does not add a chain without full parameters: the 4902 is recorded', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1] });
    // A chain with a URL but no native currency (a deployer's chain the build would refuse).
    const table = buildChainTable({}, 'http://127.0.0.1:8545');
    const { nativeCurrency: _none, ...bare } = table[8453] as ChainInfo;
    const app = await connected(wallet, { ...table, 8453: bare });
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 8453 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toMatchObject({ code: 4902 });
    expect(wallet.count('wallet_addEthereumChain')).toBe(0);
    expect(state.wallet.connections.injected.chainId).toBe(1);
  });
});

describe('a chain with no URLs', () => {
  it('is rejected with the catalogue message (docs/behaviour.md §3.4) and nothing else changes', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    const app = await connected(wallet);
    const before = app.store.getState().wallet.connections.injected;
    const count = wallet.requests.length;
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 5 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toEqual({ name: 'NoUrlsError', message: 'no url(s) provided for desiredChainId 5' });
    expect(state.wallet.connections.injected).toEqual(before);
    expect(wallet.requests.length).toBe(count);
  });
});

describe('a retired network', () => {
  it('is refused like a chain with no URLs, even with URLs, and the wallet is not asked', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1, 5] });
    const table = buildChainTable({}, 'http://127.0.0.1:8545');
    const goerli = { ...(table[5] as ChainInfo), rpcUrls: ['https://goerli.test'], nativeCurrency: { name: 'Goerli Ether', symbol: 'ETH', decimals: 18 as const } };
    const app = await connected(wallet, { ...table, 5: goerli });
    const before = app.store.getState().wallet.connections.injected;
    const count = wallet.requests.length;
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 5 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toEqual({ name: 'NoUrlsError', message: 'no url(s) provided for desiredChainId 5' });
    expect(state.wallet.connections.injected).toEqual(before);
    expect(wallet.requests.length).toBe(count);
  });
});

describe('failures and duplicates', () => {
  it('a rejected switch keeps the connection and says why', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    wallet.answer('wallet_switchEthereumChain', () => {
      throw rpcError(4001, 'User rejected the request.');
    });
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toEqual({ name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' });
    expect(isConnected(state)).toBe(true);
  });

  it('a second request while the wallet prompts sends no second prompt', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    wallet.answer('wallet_switchEthereumChain', () => HANG);
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    await app.settle();
    expect(wallet.count('wallet_switchEthereumChain')).toBe(1);
    app.store.dispatch(a.disconnectRequested({ id: 'injected' }));
    expect(app.store.getState().wallet.activity.injected.switchingTo).toBeUndefined();
  });
});

describe('a wallet that never answers a switch', () => {
  it('the user can stop waiting; a later switch asks again', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    wallet.answer('wallet_switchEthereumChain', () => HANG);
    const app = await connected(wallet);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    await app.settle();
    app.store.dispatch(a.chainSwitchCancelled({ id: 'injected' }));
    expect(app.store.getState().wallet.activity.injected.switchingTo).toBeUndefined();
    expect(app.store.getState().wallet.activity.injected.switchError).toBeUndefined();
    expect(isConnected(app.store.getState())).toBe(true);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    await app.settle();
    expect(wallet.count('wallet_switchEthereumChain')).toBe(2);
  });

  it('ends in a clear timeout error and keeps the connection', async () => {
    const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
    wallet.answer('wallet_switchEthereumChain', () => HANG);
    const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, timeouts: { activateMs: 80 } });
    stop.push(app.stop);
    await app.waitFor(isConnected);
    app.store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError).toEqual({ name: 'TimeoutError', message: 'Switching chain timed out after 0 s' });
    expect(state.wallet.activity.injected.switchingTo).toBeUndefined();
    expect(isConnected(state)).toBe(true);
  });
});
