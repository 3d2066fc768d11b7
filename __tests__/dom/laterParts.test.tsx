// What a returning user came for renders first; the Network panel, dialogs and notices mount after
// it (their code and first render never delay the wallet's answer or the balance), at once when the
// user starts a connect (its dialogs are needed), and at the latest after a cap (2 s in the app).
import { act, cleanup, screen } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { setupStore } from '../../store/setupStore';
import { walletActions as a } from '../../store/walletSlice';
import { LOWER_ACCOUNT } from '../support/slice';
import { until, useFakeClock } from '../support/wait';
import { renderApp } from '../support/renderApp';
import { everyKind } from '../support/slice';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');
const ids = chainIds(chains);
const allowedChainIds = everyKind(ids);
const CAP_MS = 60_000;

// The clock moves only when a test moves it: "not yet" holds for exactly as long as the test says,
// however slow the machine.
beforeEach(useFakeClock);
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** The cap is far away unless a test is about the cap: each test sees one rule at work. */
function show(laterPartsMaxWaitMs = CAP_MS) {
  const store = setupStore(undefined, { allowedChainIds });
  renderApp(store, chains, { laterPartsMaxWaitMs });
  return store;
}

const panel = () => screen.queryByTestId('corner-notices');
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
/** Waits (in real time, the fake clock standing still) for the panel: it came without more time passing. */
const mounted = () => act(() => until(panel, { what: 'the later parts' }));

describe('the later parts of the page', () => {
  it('wait while a wallet is being reconnected at start, and mount once it has answered', async () => {
    const store = show();
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await advance(CAP_MS - 1);
    expect(panel()).toBeNull();
    const attempt = store.getState().wallet.activity.injected.attempt;
    act(() => void store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] })));
    expect(await screen.findByTestId('corner-notices')).toBeTruthy();
  });

  it('mount at once when the user starts a connect, even during a reconnect at start', async () => {
    const store = show();
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await advance(1_000);
    expect(panel()).toBeNull();
    act(() => void store.dispatch(a.activationStarted({ id: 'coinbase', eager: false })));
    expect(await mounted()).toBeTruthy();
  });

  it('mount after the cap at the latest, however long a wallet takes', async () => {
    const store = show(600);
    act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
    await advance(599);
    expect(panel()).toBeNull();
    await advance(1);
    expect(await mounted()).toBeTruthy();
    expect(store.getState().wallet.connections.injected.activating).toBe(true);
  });

  it('mount on a first visit, when nothing is to be reconnected, without waiting for the cap', async () => {
    show();
    expect(await screen.findByTestId('corner-notices')).toBeTruthy();
  });
});
