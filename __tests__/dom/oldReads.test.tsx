/**
 * @jest-environment ./__tests__/support/jsdomWithFetch.js
 */
// Old data says it is old (docs/behaviour.md §5.4, §6.8; issue 38): when the endpoint stops answering
// in an open tab, the balance and the block already on screen stay, marked "as of <time>" with Retry,
// after the same failed read that makes a reload say "Balance unavailable"; the header says so too.
// An answer takes the mark away. Real store, sagas and RPC client; the chain is a fake node behind a
// fetch the test can cut.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Overview } from '../../src/features/chain/Overview';
import { WalletControl } from '../../src/features/wallet/WalletControl';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { createRpcRuntime } from '../../src/lib/rpc';
import { timeOfDay } from '../../src/ui/Unavailable';
import { chainApi } from '../../store/chainApi';
import { selectKindView } from '../../store/selectors';
import { walletActions } from '../../store/walletSlice';
import { FakeNode } from '../support/fakeNode';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { WAIT_MS } from '../support/lifecycle';
import { renderInPage } from '../support/renderApp';
import { startWalletApp } from '../support/walletHarness';

const DEV_CHAIN = 31337;
type App = ReturnType<typeof startWalletApp>;
let app: App | undefined;

afterEach(() => {
  cleanup();
  app?.stop();
  app = undefined;
});

/** A connected wallet on the local chain, whose endpoint answers until `cut()`. */
async function connectedWithEndpoint() {
  const chains = buildChainTable({}, 'http://127.0.0.1:8545');
  const node = new FakeNode(chains);
  let down = false;
  const fetch = (url: string, init: RequestInit) => (down ? Promise.reject(new TypeError('Failed to fetch')) : node.fetch(url, init));
  const wallet = new FakeEip1193Provider({ chainId: DEV_CHAIN, authorized: true });
  app = startWalletApp({ chains, connectors: { injected: injectedWith(wallet) }, rpc: createRpcRuntime(chains, { fetch, retryAfterMs: 0 }) });
  const started = app;
  started.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  await started.waitFor((s) => selectKindView(s, 'injected') === 'Connected');
  renderInPage(
    started.store,
    started.chains,
    <>
      <WalletControl />
      <Overview />
    </>,
  );
  await screen.findByTestId('block-number', {}, { timeout: WAIT_MS });
  await waitFor(() => expect(screen.getByTestId('overview-balance').textContent).toContain('1 ETH'), { timeout: WAIT_MS });
  /** The next block read, as the 10 s poll makes it (it reads the balances in the same batch). */
  const poll = () => act(async () => void (await started.store.dispatch(chainApi.endpoints.getBlockNumber.initiate(DEV_CHAIN, { forceRefetch: true, subscribe: false }))));
  return {
    poll,
    cut: () => void (down = true),
    restore: () => void (down = false),
  };
}

describe('old data says it is old', () => {
  it('keeps the balance and the block, marked as of the time they were answered, with Retry', async () => {
    const endpoint = await connectedWithEndpoint();
    // Before anything fails: no mark.
    expect(screen.queryByText(/^as of /)).toBeNull();

    endpoint.cut();
    await endpoint.poll();

    const balance = screen.getByTestId('overview-balance');
    await waitFor(() => expect(within(balance).getByTestId('overview-balance-as-of')).toBeTruthy(), { timeout: WAIT_MS });
    // The old figure stays; beside it, when it was true and why it is old (the exact message in the title).
    expect(balance.textContent).toContain('1 ETH');
    const balanceMark = within(balance).getByText(/^as of /);
    // The time the balance was last answered, as the read layer kept it (never the test's own clock: a busy machine answers when it can).
    const answeredAt = Object.values(app!.store.getState().rpc.queries).find((entry) => entry?.endpointName === 'getBalance')?.fulfilledTimeStamp;
    expect(answeredAt).toBeDefined();
    expect(balanceMark.textContent).toBe(`as of ${timeOfDay(answeredAt!)}`);
    expect(balanceMark.getAttribute('title')).toMatch(/No RPC endpoint of .* is answering/);
    within(balance).getByRole('button', { name: 'Retry' });

    const block = screen.getByTestId('block-number').closest('.block-number') as HTMLElement;
    expect(screen.getByTestId('block-number').textContent).toBe('16');
    expect(within(block).getByTestId('block-number-as-of').textContent).toContain(balanceMark.textContent!);
    within(block).getByRole('button', { name: 'Retry' });

    // The header's balance is the same entry: it says the same, in its title and for assistive technology.
    const header = within(screen.getByTestId('account-button')).getByTestId('balance');
    expect(header.textContent).toContain('1 ETH');
    expect(header.textContent).toContain(balanceMark.textContent!);
    expect(header.getAttribute('data-stale')).toBe('');
  });

  it('drops the mark once the endpoint answers again (Retry, or the next poll)', async () => {
    const endpoint = await connectedWithEndpoint();
    endpoint.cut();
    await endpoint.poll();
    await screen.findByTestId('overview-balance-as-of', {}, { timeout: WAIT_MS });

    endpoint.restore();
    fireEvent.click(within(screen.getByTestId('overview-balance')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('overview-balance-as-of')).toBeNull(), { timeout: WAIT_MS });
    expect(screen.getByTestId('overview-balance').textContent).toContain('1 ETH');
    expect(within(screen.getByTestId('account-button')).getByTestId('balance').hasAttribute('data-stale')).toBe(false);

    await endpoint.poll();
    expect(screen.queryByTestId('block-number-as-of')).toBeNull();
    expect(screen.queryByText(/^as of /)).toBeNull();
  });
});
