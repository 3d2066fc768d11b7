// "Open" on Sign and send goes away as the panel opens: the focus moves to the section's title, never
// to the page's body (issue 38, docs/behaviour.md §6.2), so a keyboard user goes on from where they were.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { setupStore } from '../../store/setupStore';
import { walletActions as a } from '../../store/walletSlice';
import { definedKinds } from '../support/kinds';
import { renderApp } from '../support/renderApp';
import { everyKind, LOWER_ACCOUNT } from '../support/slice';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');

afterEach(cleanup);

it('opening the panel with the keyboard leaves the focus on the section, not on the body', () => {
  const store = setupStore(undefined, { allowedChainIds: everyKind(chainIds(chains)), kinds: definedKinds() });
  renderApp(store, chains);
  act(() => {
    store.dispatch(a.activationStarted({ id: 'injected', eager: false }));
    const attempt = store.getState().wallet.activity.injected.attempt;
    store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] }));
  });
  const section = screen.getByTestId('sign-section');
  const open = screen.getByRole('button', { name: 'Open' });
  open.focus();
  act(() => {
    fireEvent.click(open);
  });
  expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  expect(document.activeElement).not.toBe(document.body);
  expect(section.contains(document.activeElement)).toBe(true);
  expect(document.activeElement?.textContent).toBe('Sign and send');
});
