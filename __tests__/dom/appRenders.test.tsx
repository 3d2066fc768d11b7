// The updates that show "Connected" and the balance change what decides the connect dialog and the
// later parts (src/app/App.tsx); they re-render those parts only, never the whole page. A part of the
// page that reads none of it (the browser notice) renders once.
import { act, cleanup } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { selectFirstScreenWait } from '../../store/selectors';
import { attachReadLayer } from '../../store/readLayer';
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
  const store = setupStore(undefined, { allowedChainIds: everyKind(chainIds(chains)) });
  // With the read layer here (no runtime: each read is on its way, then fails), as the page has it once its chunk arrived.
  attachReadLayer(store, undefined);
  renderApp(store, chains, { laterPartsMaxWaitMs: 3_600_000 });
  expect(mockRenders.notice).toBe(1);
  const waits = [selectFirstScreenWait(store.getState())];
  act(() => void store.dispatch(a.activationStarted({ id: 'injected', eager: true })));
  waits.push(selectFirstScreenWait(store.getState()));
  const attempt = store.getState().wallet.activity.injected.attempt;
  act(() => void store.dispatch(a.activationSucceeded({ id: 'injected', attempt, chainId: '0x1', accounts: [LOWER_ACCOUNT] })));
  waits.push(selectFirstScreenWait(store.getState()));
  act(() => void store.dispatch(uiActions.connectDialogOpened()));
  waits.push(selectFirstScreenWait(store.getState()));
  act(() => void store.dispatch(uiActions.connectDialogClosed()));
  waits.push(selectFirstScreenWait(store.getState()));
  // What App would have read did change at each step.
  expect(waits).toEqual(['reads', 'wallet', 'reads', 'user', 'reads']);
  expect(mockRenders.notice).toBe(1);
});
