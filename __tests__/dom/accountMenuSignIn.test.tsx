// Sign-in in the account menu (docs/behaviour.md §13.7): the header's state of the account the menu is
// about, in words at any width, and its one action, which asks the sign-in saga for that account. Real
// store and wallet sagas; the sign-in state is reached through its own events, as the saga puts them.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import AccountMenu from '../../src/features/wallet/menu/AccountMenu';
import { selectKindView } from '../../store/selectors';
import { signInActions } from '../../store/signInSlice';
import { uiActions } from '../../store/uiSlice';
import { walletActions } from '../../store/walletSlice';
import { TEST_ACCOUNTS } from '../support/anvil';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { renderInPage } from '../support/renderApp';
import { startWalletApp } from '../support/walletHarness';

const ALICE = TEST_ACCOUNTS[0].address;
const BOB = TEST_ACCOUNTS[1].address;
let app: ReturnType<typeof startWalletApp> | undefined;

afterEach(() => {
  cleanup();
  app?.stop();
  app = undefined;
});

/** The menu open on a connected ALICE, sign-in on; every action dispatched from then on. */
async function openMenu() {
  app = startWalletApp({ connectors: { injected: injectedWith(new FakeEip1193Provider({ chainId: 31337, authorized: true })) } });
  const started = app;
  started.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  await started.waitFor((s) => selectKindView(s, 'injected') === 'Connected');
  started.store.dispatch(signInActions.enabled());
  started.store.dispatch(uiActions.accountMenuOpened());
  const dispatched: { type: string; payload?: unknown }[] = [];
  const dispatch = started.store.dispatch;
  started.store.dispatch = ((action: { type: string; payload?: unknown }) => {
    dispatched.push(action);
    return dispatch(action as never);
  }) as typeof started.store.dispatch;
  renderInPage(started.store, started.chains, <AccountMenu />);
  await screen.findByTestId('account-menu');
  const put = (action: { type: string; payload?: unknown }) => act(() => void dispatch(action as never));
  return { dispatched, put };
}

const section = () => screen.queryByTestId('menu-sign-in');

it('says nothing of sign-in while it is off or about no account, nor of another account than the menu\'s', async () => {
  const { put } = await openMenu();
  expect(section()).toBeNull();
  put(signInActions.sessionCheckStarted({ address: BOB }));
  expect(section()).toBeNull();
});

it('shows the state of the menu\'s account with its one action, which asks for that account; a signed-in account has none', async () => {
  const { dispatched, put } = await openMenu();
  put(signInActions.sessionCheckStarted({ address: ALICE }));
  expect(section()?.textContent).toBe('Sign-inChecking sign-in…');
  put(signInActions.noSession({ address: ALICE }));
  const shown = section()!;
  expect(within(shown).getByRole('heading').textContent).toBe('Sign-in');
  const button = within(shown).getByRole('button');
  expect(button.textContent).toBe('Sign in as 0xf39F…2266');
  // Not a second live region: the header announces the change.
  expect(shown.closest('[aria-live]')).toBeNull();
  fireEvent.click(button);
  expect(dispatched.filter((a) => typeof a.type === 'string' && a.type.startsWith('signIn/'))).toEqual([{ type: 'signIn/requested', payload: { address: ALICE } }]);

  put(signInActions.sessionCheckStarted({ address: ALICE }));
  put(signInActions.sessionFound({ address: ALICE, chainId: 31337, expiresAt: '2099-01-01T00:00:00.000Z' }));
  expect([section()?.dataset['status'], section()?.textContent, within(section()!).queryByRole('button')]).toEqual(['signedIn', 'Sign-inSigned in as 0xf39F…2266', null]);
});

it('an unreachable backend: its words and Retry, the exact message under Details', async () => {
  const { put } = await openMenu();
  put(signInActions.sessionCheckStarted({ address: ALICE }));
  put(signInActions.unreachable({ address: ALICE, error: { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no connection' } }));
  const shown = section()!;
  expect(shown.querySelector('p')?.textContent).toBe("The sign-in service can't be reached.");
  expect(within(shown).getByRole('button').textContent).toBe('Retry');
  expect(shown.textContent).toContain('Details: The sign-in backend could not be reached: no connection');
});
