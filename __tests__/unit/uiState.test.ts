// What the user has open follows the wallet state in the same update (store/rootReducer.ts): the
// connect dialog showing a wallet's progress closes in the very update that connects that wallet.
import { setupStore } from '../../store/setupStore';
import { uiActions } from '../../store/uiSlice';
import { walletActions as a } from '../../store/walletSlice';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { ALLOWED, LOWER_ACCOUNT } from '../support/slice';

/** A store whose connect dialog shows `id` connecting, as after a click in the wallet list. */
function connecting(id: ConnectionId = 'injected') {
  const store = setupStore(undefined, { allowedChainIds: ALLOWED });
  store.dispatch(uiActions.connectDialogOpened());
  store.dispatch(a.connectRequested({ id }));
  store.dispatch(a.activationStarted({ id, eager: false }));
  expect(store.getState().ui.connectDialog).toEqual({ open: true, kind: id });
  return { store, attempt: store.getState().wallet.activity[id].attempt };
}

describe('the connect dialog', () => {
  it('closes in the very update that connects the wallet it shows', () => {
    const { store, attempt } = connecting();
    store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: 1, accounts: [LOWER_ACCOUNT] }));
    expect(store.getState().ui.connectDialog).toEqual({ open: false });
  });

  it('closes as well when the wallet connects on a network the app does not support (the banner offers the switch)', () => {
    const { store, attempt } = connecting();
    store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: 56, accounts: [LOWER_ACCOUNT] }));
    expect(store.getState().wallet.connections.injected.error?.name).toBe('ChainIdNotAllowedError');
    expect(store.getState().ui.connectDialog).toEqual({ open: false });
  });

  it('stays on the progress after a refusal or an error, and while another wallet connects', () => {
    const refused = connecting();
    refused.store.dispatch(a.activationFailed({ id: 'injected', attempt: refused.attempt, error: { name: 'UserRejectedRequestError', code: 4001, message: 'User rejected the request.' } }));
    expect(refused.store.getState().ui.connectDialog).toEqual({ open: true, kind: 'injected' });

    const other = connecting('coinbase');
    other.store.dispatch(a.activationStarted({ id: 'injected', eager: true }));
    const attempt = other.store.getState().wallet.activity.injected.attempt;
    other.store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: 1, accounts: [LOWER_ACCOUNT] }));
    expect(other.store.getState().ui.connectDialog).toEqual({ open: true, kind: 'coinbase' });
  });

  it('the wallet list stays open whatever connects', () => {
    const store = setupStore(undefined, { allowedChainIds: ALLOWED });
    store.dispatch(a.activationStarted({ id: 'injected', eager: true }));
    store.dispatch(uiActions.connectDialogOpened());
    const attempt = store.getState().wallet.activity.injected.attempt;
    store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: 1, accounts: [LOWER_ACCOUNT] }));
    expect(store.getState().ui.connectDialog).toEqual({ open: true });
  });
});

describe('the network list (the header network button)', () => {
  it('is one dialog at a time with the account menu and the connect dialog', () => {
    const store = setupStore(undefined, { allowedChainIds: ALLOWED });
    store.dispatch(uiActions.accountMenuOpened());
    store.dispatch(uiActions.networkListOpened());
    expect(store.getState().ui).toMatchObject({ networkListOpen: true, accountMenuOpen: false });
    store.dispatch(uiActions.accountMenuOpened());
    expect(store.getState().ui).toMatchObject({ networkListOpen: false, accountMenuOpen: true });
    store.dispatch(uiActions.networkListOpened());
    store.dispatch(uiActions.connectDialogOpened());
    expect(store.getState().ui).toMatchObject({ networkListOpen: false, connectDialog: { open: true } });
    store.dispatch(uiActions.connectDialogClosed());
    store.dispatch(uiActions.networkListOpened());
    expect(store.getState().ui.networkListOpen).toBe(true);
    store.dispatch(uiActions.networkListClosed());
    expect(store.getState().ui.networkListOpen).toBe(false);
  });
});
