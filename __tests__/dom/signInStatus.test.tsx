// Sign-in's states on screen (docs/behaviour.md §13.7): each says what goes on, offers its one action as
// a real button that the keyboard reaches, and the action is the user's request for that account.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { SignInStatus } from '../../src/features/signIn/SignInStatus';
import { setupStore } from '../../store/setupStore';
import type { SignInState } from '../../store/signInSlice';
import { renderInPage } from '../support/renderApp';

afterEach(cleanup);

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const chains = buildChainTable({}, 'http://127.0.0.1:9');

function show(signIn: SignInState) {
  const store = setupStore({ signIn });
  const dispatched: string[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: { type: string }) => {
    dispatched.push(action.type);
    return dispatch(action as never);
  }) as typeof store.dispatch;
  renderInPage(store, chains, <SignInStatus />);
  return { dispatched };
}

it.each<[SignInState]>([[{ status: 'off' }], [{ status: 'idle' }]])('%j shows nothing', (state) => {
  show(state);
  expect(screen.queryByTestId('sign-in')).toBeNull();
});

it.each<[string, SignInState, string, string | undefined]>([
  ['signing in', { status: 'signingIn', address: ALICE }, 'Signing in…', undefined],
  ['checking', { status: 'checking', address: ALICE }, 'Checking sign-in…', undefined],
  ['signed in as', { status: 'signedIn', address: ALICE, chainId: 31337, expiresAt: '2026-12-02T12:00:00.000Z' }, 'Signed in as 0xf39F…2266', undefined],
  ['no session', { status: 'signedOut', address: ALICE }, '', 'Sign in as 0xf39F…2266'],
  ['declined', { status: 'declined', address: ALICE }, 'You declined to sign in.', 'Sign in'],
  ['unreachable', { status: 'unreachable', address: ALICE, error: { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no answer within 10 s' } }, "The sign-in service can't be reached.", 'Retry'],
  ['failed', { status: 'failed', address: ALICE, error: { name: 'WrongDomain', code: 422, message: 'wrong domain' } }, 'Sign-in failed.', 'Try again'],
  ['expired', { status: 'expired', address: ALICE }, 'Your sign-in expired.', 'Sign in again'],
  ['a chain sign-in does not allow', { status: 'chainNotAllowed', address: ALICE, chainId: 10, allowedChainIds: [31337, 1] }, 'Sign-in works on Local development chain and Ethereum: switch network to sign in.', undefined],
])('%s', (_what, state, words, action) => {
  const { dispatched } = show(state);
  const status = screen.getByTestId('sign-in');
  expect(status.getAttribute('role')).toBe('status');
  expect(status.dataset.status).toBe(state.status);
  if (words) expect(status.textContent).toContain(words);
  const button = screen.queryByTestId('sign-in-action');
  if (action === undefined) {
    expect(button).toBeNull();
    return;
  }
  expect(button?.tagName).toBe('BUTTON');
  expect(button?.textContent).toBe(action);
  // Its accessible name keeps the sentence that narrow screens drop.
  expect(button?.getAttribute('aria-label')).toBe(words ? `${words} ${action}` : action);
  button!.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button!);
  expect(dispatched).toContain('signIn/requested');
});

it("an error's exact message is there for assistive technology and in the title", () => {
  show({ status: 'unreachable', address: ALICE, error: { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no answer within 10 s' } });
  expect(screen.getByTestId('sign-in-error').textContent).toBe('Details: The sign-in backend could not be reached: no answer within 10 s');
});

it('a sign-out the backend did not do says so, with its details, and "Try again" asks for that account', () => {
  const { dispatched } = show({ status: 'idle', signOutFailed: { address: ALICE, error: { name: 'SignInUnreachableError', message: 'The sign-in backend could not be reached: no connection' } } });
  const status = screen.getByTestId('sign-in');
  expect([status.dataset.status, status.getAttribute('role')]).toEqual(['signOutFailed', 'status']);
  expect(status.textContent).toContain('Signing 0xf39F…2266 out failed: its session may still be open.');
  expect(screen.getByTestId('sign-in-error').textContent).toBe('Details: The sign-in backend could not be reached: no connection');
  const button = screen.getByTestId('sign-in-action');
  expect([button.textContent, button.getAttribute('aria-label')]).toEqual(['Try again', 'Signing 0xf39F…2266 out failed: its session may still be open. Try again']);
  fireEvent.click(button);
  expect(dispatched).toEqual(['signIn/signOutRetried']);
  expect(screen.queryByTestId('sign-in')).toBeNull();
});
