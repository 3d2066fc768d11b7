// Sign and send is open whenever a wallet is connected (issue 38, docs/behaviour.md §7.1): no "Open"
// to press, its chunk asked for as the wallet connects, and never on a first visit without a wallet.
// What the section said without a wallet goes away as one connects: the focus on it moves to the
// section's title, never to the page's body, so a keyboard user goes on from where they were.
import { act, cleanup, screen, within } from '@testing-library/react';
import { createChunks } from '../../src/chunks';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { setupStore } from '../../store/setupStore';
import { walletActions as a } from '../../store/walletSlice';
import { definedKinds } from '../support/kinds';
import { renderApp } from '../support/renderApp';
import { everyKind, LOWER_ACCOUNT } from '../support/slice';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');

afterEach(cleanup);

function start() {
  const store = setupStore(undefined, { allowedChainIds: everyKind(chainIds(chains)), kinds: definedKinds() });
  const parts = createChunks();
  const asked = jest.spyOn(parts.signingPanel, 'load');
  renderApp(store, chains, parts);
  const connect = () =>
    act(() => {
      store.dispatch(a.activationStarted({ id: 'injected', eager: false }));
      const attempt = store.getState().wallet.activity.injected.attempt;
      store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] }));
    });
  return { store, asked, connect };
}

it('a first visit without a wallet: the section says how to connect, and the signing chunk is never asked for', async () => {
  const { asked } = start();
  const section = screen.getByTestId('sign-section');
  expect(within(section).getByTestId('sign-connect')).toBeTruthy();
  // The page has settled (its effects and any warm-up ran): still nothing of the panel.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(asked).not.toHaveBeenCalled();
  expect(within(section).queryByTestId('sign-target')).toBeNull();
});

it('a wallet connects: the panel opens by itself, with nothing to press', async () => {
  const { asked, connect } = start();
  connect();
  const section = screen.getByTestId('sign-section');
  expect(within(section).queryByRole('button', { name: 'Open' })).toBeNull();
  expect(asked).toHaveBeenCalled();
  expect(await within(section).findByTestId('sign-target')).toBeTruthy();
  expect(within(section).getByTestId('sign-message')).toBeTruthy();
});

it('the focus on "Connect wallet" of the section, as the wallet connects, moves to its title, not to the body', () => {
  const { connect } = start();
  const section = screen.getByTestId('sign-section');
  const button = within(within(section).getByTestId('sign-connect')).getByRole('button', { name: 'Connect wallet' });
  act(() => button.focus());
  expect(document.activeElement).toBe(button);
  connect();
  expect(within(section).queryByTestId('sign-connect')).toBeNull();
  expect(document.activeElement).not.toBe(document.body);
  expect(section.contains(document.activeElement)).toBe(true);
  expect(document.activeElement?.textContent).toBe('Sign and send');
});

it('the wallet ends its session with the focus in the panel: the focus moves to the title, not to the body', async () => {
  const { store, connect } = start();
  connect();
  const section = screen.getByTestId('sign-section');
  const message = within(await within(section).findByTestId('sign-message')).getByRole('textbox');
  act(() => message.focus());
  expect(document.activeElement).toBe(message);
  act(() => {
    store.dispatch(a.sessionEnded({ id: 'injected' }));
  });
  expect(within(section).queryByTestId('sign-message')).toBeNull();
  expect(document.activeElement).not.toBe(document.body);
  expect(document.activeElement?.textContent).toBe('Sign and send');
});

it('focus the user moved out of the section stays where they put it when the wallet connects', () => {
  const { connect } = start();
  const section = screen.getByTestId('sign-section');
  const button = within(within(section).getByTestId('sign-connect')).getByRole('button', { name: 'Connect wallet' });
  act(() => button.focus());
  const elsewhere = screen.getByRole('button', { name: 'Network status' });
  act(() => elsewhere.focus());
  connect();
  expect(document.activeElement).toBe(elsewhere);
});
