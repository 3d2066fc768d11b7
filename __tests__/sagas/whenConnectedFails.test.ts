// The connected watchers' code cannot load (offline, a new deploy replaced the chunk): what waits on
// it ends with the reason instead of waiting for ever (sagas/whenConnected.ts), and the wallet keeps working.
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { startWalletApp } from '../support/walletHarness';
import { selectConnectionStatus } from '../../store/selectors';
import { walletActions } from '../../store/walletSlice';

jest.mock('../../sagas/connected', () => {
  throw new Error('Loading chunk connected failed.');
});

it('a chain switch asked while the code cannot load fails with the reason; the connection stays', async () => {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1, 137] });
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) } });
  try {
    await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
    app.store.dispatch(walletActions.chainSwitchRequested({ id: 'injected', chainId: 137 }));
    const state = await app.waitFor((s) => s.wallet.activity.injected.switchError !== undefined);
    expect(state.wallet.activity.injected.switchError?.message).toContain('Loading chunk connected failed');
    expect(state.wallet.activity.injected.switchingTo).toBeUndefined();
    expect(wallet.count('wallet_switchEthereumChain')).toBe(0);
    expect(selectConnectionStatus(state, 'injected')).toBe('Connected');
  } finally {
    app.stop();
  }
});
