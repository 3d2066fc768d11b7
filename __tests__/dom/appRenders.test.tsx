// The updates that show "Connected" and the balance change what decides the connect dialog and the
// connected chunk's parts (src/app/App.tsx); they re-render those parts only, never the whole page. A
// part of the page that reads none of it (the browser notice) renders once.
import { act, cleanup } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { selectConnectDialog, selectKindView } from '../../store/selectors';
import type { RootState } from '../../store/types';
import { setupStore } from '../../store/setupStore';
import { uiActions } from '../../store/uiSlice';
import { walletActions as a } from '../../store/walletSlice';
import { renderApp } from '../support/renderApp';
import { everyKind, LOWER_ACCOUNT } from '../support/slice';

const mockRenders = { notice: 0 };
jest.mock('../../src/features/environment/EnvironmentNotice', () => {
  const actual: typeof import('../../src/features/environment/EnvironmentNotice') = jest.requireActual('../../src/features/environment/EnvironmentNotice');
  return {
    EnvironmentNotice: () => {
      mockRenders.notice += 1;
      return actual.EnvironmentNotice();
    },
  };
});

const chains = buildChainTable({}, 'http://127.0.0.1:8545');

afterEach(cleanup);

it('a reconnect, its answer, the reads and the connect dialog opening and closing never render the whole page again', () => {
  // No runtime: each read is on its way, then fails.
  const store = setupStore(undefined, { allowedChainIds: everyKind(chainIds(chains)) });
  renderApp(store, chains);
  expect(mockRenders.notice).toBe(1);
  const read = (state: RootState) => `${selectKindView(state, 'injected')}, dialog ${selectConnectDialog(state).open ? 'open' : 'closed'}`;
  const waits = [read(store.getState())];
  act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
  waits.push(read(store.getState()));
  const attempt = store.getState().wallet.activity.injected.attempt;
  act(() => void store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] })));
  waits.push(read(store.getState()));
  act(() => void store.dispatch(uiActions.connectDialogOpened()));
  waits.push(read(store.getState()));
  act(() => void store.dispatch(uiActions.connectDialogClosed()));
  waits.push(read(store.getState()));
  // What App would have read did change at each step.
  expect(waits).toEqual(['Disconnected, dialog closed', 'Reconnecting, dialog closed', 'Connected, dialog closed', 'Connected, dialog open', 'Connected, dialog closed']);
  expect(mockRenders.notice).toBe(1);
});
