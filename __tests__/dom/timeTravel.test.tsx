// Redux DevTools time travel: the recorded actions, replayed into a fresh store, give the same
// sequence of states, and rendering any past state shows that state.
import { screen, within, cleanup, waitFor } from '@testing-library/react';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { setupStore } from '../../store/setupStore';
import { walletActions as a } from '../../store/walletSlice';
import type { RootState } from '../../store/types';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { createWalletApp } from '../../src/walletApp';
import { createMemoryStorage } from '../support/webStorage';
import { everyKind } from '../support/slice';
import { FakeEip1193Provider, injectedWith, rpcError } from '../support/fakeProvider';
import { pause } from '../support/wait';
import { renderApp } from '../support/renderApp';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');
const ids = chainIds(chains);
const allowedChainIds = everyKind(ids);

const settle = (ms = 20) => pause(ms);

async function recordSession() {
  const wallet = new FakeEip1193Provider({ chainId: 1, knownChains: [1] });
  const actions: UnknownAction[] = [];
  const states: RootState[] = [];
  // As Redux DevTools records: the state the store starts with, then each action and the state after it.
  const recorder: Middleware<object, RootState> = (api) => {
    states.push(api.getState());
    return (next) => (action) => {
      actions.push(action as UnknownAction);
      const result = next(action);
      states.push(api.getState());
      return result;
    };
  };
  // Built as the page builds it, with the recorder where Redux DevTools would sit.
  const app = createWalletApp({
    config: { chains, allowedChainIds, qrCloseIsError: true },
    connectors: { injected: injectedWith(wallet) },
    // The wallet was connected when the page was last open, so the session starts "Reconnecting".
    storage: { storage: createMemoryStorage({ 'walletdeck.connected': '["injected"]' }), remembered: true },
    timeouts: { eagerMs: 200, activateMs: 500, revokeMs: 20 },
    rpc: null,
    middleware: [recorder],
  });
  const { store, connectors } = app;

  store.dispatch(a.connectRequested({ id: 'injected' }));
  await settle();
  store.dispatch(a.chainSwitchRequested({ id: 'injected', chainId: 10 }));
  await settle();
  wallet.emit('chainChanged', '0x38');
  wallet.answer('eth_requestAccounts', () => {
    throw rpcError(4001, 'User denied');
  });
  store.dispatch(a.disconnectRequested({ id: 'injected' }));
  store.dispatch(a.connectRequested({ id: 'injected' }));
  await settle();
  app.stop();
  return { actions, states, connectors };
}

afterEach(cleanup);

describe('time travel', () => {
  it('replaying the recorded actions into a fresh store yields the same sequence of states', async () => {
    const { actions, states } = await recordSession();
    expect(actions.length).toBeGreaterThan(8);
    const fresh = setupStore({ wallet: states[0]!.wallet, ui: states[0]!.ui }, {});
    const replayed: RootState[] = [fresh.getState()];
    for (const action of actions) {
      fresh.dispatch(action);
      replayed.push(fresh.getState());
    }
    expect(replayed.map((s) => s.wallet)).toEqual(states.map((s) => s.wallet));
    expect(replayed.map((s) => s.ui)).toEqual(states.map((s) => s.ui));
  });

  it('every state and action is plain JSON', async () => {
    const { actions, states } = await recordSession();
    for (const value of [...actions, ...states.map((s) => s.wallet), ...states.map((s) => s.ui)]) {
      expect(JSON.parse(JSON.stringify(value))).toEqual(value);
    }
  });

  // Renders every recorded state in turn, the dialog's lazy part among them: room for a loaded machine.
  it('rendering any past state shows that state', async () => {
    const { states } = await recordSession();
    const seen = new Set<string>();
    for (const state of states) {
      // The wallet and what the user had open (the connect dialog) replay together.
      const store = setupStore({ wallet: state.wallet, ui: state.ui }, {});
      renderApp(store, chains);
      // A connected wallet's controls are a lazy part (the "connected" chunk): they arrive a moment later.
      const control = await waitFor(
        () => {
          const shown = document.querySelector<HTMLElement>('[data-wallet-control]');
          if (!shown) throw new Error('no wallet control yet');
          return shown;
        },
        { timeout: 10_000 },
      );
      const status = control.dataset['status'] ?? '';
      seen.add(status);
      const connection = state.wallet.connections.injected;
      const dialogOpen = state.ui.connectDialog.open && state.ui.connectDialog.kind === 'injected';
      // The kind's own panel in the connect dialog (a later part: it mounts as soon as the dialog is open).
      const card = async () => within(await screen.findByTestId('connect-dialog', {}, { timeout: 10_000 })).getByTestId('card-injected');
      if (connection.activating && state.wallet.activity.injected.phase === 'probing') expect(status).toBe('Disconnected');
      else if (connection.activating) {
        expect(status).toMatch(/Connecting|Reconnecting/);
        expect(control.textContent).toMatch(/Connecting…|Reconnecting…/);
      } else if (connection.error?.name === 'ChainIdNotAllowedError') {
        // A foreign chain is a calm state with a way out, the catalogue's error kept in the store (docs/behaviour.md §2.3; issue 11).
        expect(status).toBe('Unsupported network');
        // The banner's content is a later part too (loaded when this state comes).
        expect((await screen.findByTestId('unsupported', {}, { timeout: 10_000 })).textContent).toMatch(/Switch to /);
        expect(within(screen.getByTestId('network-button')).getByTestId('chain').textContent).toBe('Wrong network');
      } else if (connection.error && !connection.accounts && connection.error.code === 4001) {
        expect(status).toBe('Disconnected');
        if (dialogOpen) expect(within(await card()).getByTestId('declined').textContent).toContain('You declined in Browser wallet');
      } else if (connection.error) {
        expect(status).toBe('Error');
        if (dialogOpen) expect(within(await card()).getAllByRole('alert').map((e) => e.textContent).join(' ')).toContain(connection.error.message);
      } else if (connection.accounts) {
        expect(status).toBe('Connected');
        expect(within(control).getByTestId('account').getAttribute('data-address')).toBe(connection.accounts[0]);
        expect(within(screen.getByTestId('network-button')).getByTestId('chain').textContent).toContain(chains[connection.chainId!]!.name);
      } else expect(status).toBe('Disconnected');
      cleanup();
    }
    // The session went through every kind of state a user can see.
    expect(seen).toEqual(new Set(['Reconnecting', 'Connecting', 'Connected', 'Unsupported network', 'Disconnected']));
  }, 60_000);
});
