// A click in the wallet list asks the wallet in the click's own task; the kind's progress panel is
// drawn at the next frame (src/features/wallet/connect/ConnectDialog.tsx, useKindShown), so a wallet
// that answers before it is not kept waiting behind the panel's render and focus move, and the
// dialog then closes on "Connected" without the panel ever being drawn. The frame is jest's fake
// clock: it comes exactly when the test moves it.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import ConnectDialog from '../../src/features/wallet/connect/ConnectDialog';
import { WalletControl } from '../../src/features/wallet/WalletControl';
import { selectKindView } from '../../store/selectors';
import { uiActions } from '../../store/uiSlice';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { renderInPage } from '../support/renderApp';
import { startWalletApp } from '../support/walletHarness';

let apps: ReturnType<typeof startWalletApp>[] = [];

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

afterEach(() => {
  cleanup();
  for (const app of apps) app.stop();
  apps = [];
  jest.useRealTimers();
  document.body.innerHTML = '';
});

/** The header's control and the connect dialog, its list open; every progress panel ever added is recorded. */
function showList(provider: FakeEip1193Provider) {
  const app = startWalletApp({ connectors: { injected: injectedWith(provider) } });
  apps.push(app);
  renderInPage(
    app.store,
    app.chains,
    <>
      <WalletControl />
      <ConnectDialog />
    </>,
  );
  act(() => {
    app.store.dispatch(uiActions.connectDialogOpened());
  });
  const panelsDrawn: Element[] = [];
  const record = (records: MutationRecord[]) => {
    for (const r of records)
      for (const node of r.addedNodes) if (node instanceof Element) panelsDrawn.push(...(node.matches('.kind-progress') ? [node] : []), ...node.querySelectorAll('.kind-progress'));
  };
  const observer = new MutationObserver(record);
  observer.observe(document.body, { subtree: true, childList: true });
  const drawn = () => {
    record(observer.takeRecords());
    return panelsDrawn;
  };
  const row = within(within(screen.getByTestId('wallet-list')).getByTestId('card-injected')).getAllByRole('button')[0]!;
  return { app, row, drawn, stop: () => observer.disconnect() };
}

it('a wallet that answers before the next frame: the dialog closes on "Connected" and the progress panel is never drawn', async () => {
  const { app, row, drawn, stop } = showList(new FakeEip1193Provider({ chainId: 1, authorized: false, approval: 'approve', notifications: 'sync' }));
  fireEvent.click(row);
  // The wallet's answers (promises, no timer) are handled; the frame has not come.
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
  expect(selectKindView(app.store.getState(), 'injected')).toBe('Connected');
  expect(screen.queryByTestId('connect-dialog')).toBeNull();
  expect(screen.getByTestId('account-button').dataset['status']).toBe('Connected');
  act(() => {
    jest.advanceTimersToNextFrame();
  });
  expect(drawn()).toEqual([]);
  stop();
});

it('a wallet that has not answered: its progress is drawn at the next frame, focus on it', () => {
  const provider = new FakeEip1193Provider({ chainId: 1, authorized: false, approval: 'manual' });
  const { app, row, drawn, stop } = showList(provider);
  fireEvent.click(row);
  // Asked in the click's own task; the list stays until the frame.
  expect(app.store.getState().wallet.connections.injected.activating).toBe(true);
  expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy();
  expect(drawn()).toEqual([]);
  act(() => {
    jest.advanceTimersToNextFrame();
  });
  const panel = within(screen.getByTestId('connect-dialog')).getByTestId('card-injected');
  expect(panel.dataset['status']).toBe('Connecting');
  expect(drawn()).toEqual([panel]);
  expect(document.activeElement).toBe(panel);
  expect(screen.getByRole('dialog', { name: panel.textContent?.includes('MetaMask') ? 'MetaMask' : 'Browser wallet' })).toBeTruthy();
  stop();
});
