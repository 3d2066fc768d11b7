// What a returning user came for renders first; the Network panel, dialogs and notices mount after
// it (their code and first render never delay the wallet's answer or the balance), at once when the
// user starts a connect (its dialogs are needed), and at the latest after LATER_PARTS_MAX_WAIT_MS.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { App, LATER_PARTS_MAX_WAIT_MS } from '../../src/app/App';
import { ChainsProvider } from '../../src/app/chainsContext';
import { buildChainTable, chainIds } from '../../src/lib/chains';
import { setupStore } from '../../store/setupStore';
import { walletActions as a } from '../../store/walletSlice';
import { LOWER_ACCOUNT } from '../support/slice';
import { pause } from '../support/wait';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');
const ids = chainIds(chains);
const allowedChainIds = { injected: ids, coinbase: ids, walletconnect: ids };

afterEach(cleanup);

function show() {
  const store = setupStore(undefined, { allowedChainIds });
  render(
    <Provider store={store}>
      <ChainsProvider value={chains}>
        <App />
      </ChainsProvider>
    </Provider>,
  );
  return store;
}

const panel = () => screen.queryByTestId('network-panel');

describe('the later parts of the page', () => {
  it('wait while a wallet is being reconnected at start, and mount once it has answered', async () => {
    const store = show();
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await act(() => pause(300));
    expect(panel()).toBeNull();
    const attempt = store.getState().wallet.activity.injected.attempt;
    act(() => void store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] })));
    expect(await screen.findByTestId('network-panel', {}, { timeout: 1_000 })).toBeTruthy();
  });

  it('mount at once when the user starts a connect, even during a reconnect at start', async () => {
    const store = show();
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await act(() => pause(100));
    expect(panel()).toBeNull();
    act(() => void store.dispatch(a.activationStarted({ id: 'coinbase', eager: false })));
    expect(await screen.findByTestId('network-panel', {}, { timeout: 500 })).toBeTruthy();
  });

  it(`mount after ${LATER_PARTS_MAX_WAIT_MS} ms at the latest, however long a wallet takes`, async () => {
    const store = show();
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await act(() => pause(LATER_PARTS_MAX_WAIT_MS - 300));
    expect(panel()).toBeNull();
    expect(await screen.findByTestId('network-panel', {}, { timeout: 1_500 })).toBeTruthy();
  });

  it('mount soon on a first visit, when nothing is to be reconnected', async () => {
    show();
    expect(await screen.findByTestId('network-panel', {}, { timeout: 1_000 })).toBeTruthy();
  });
});
