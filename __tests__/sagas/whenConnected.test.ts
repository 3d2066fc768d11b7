// The watchers that matter only with a wallet (sagas/connected.ts) load once one is in use
// (sagas/whenConnected.ts). A request made before their code arrived waits for it and is answered;
// a page without a wallet never evaluates that code.
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { startWalletApp } from '../support/walletHarness';
import { selectConnectionStatus } from '../../store/selectors';
import { signingActions } from '../../store/signingSlice';
import { walletActions } from '../../store/walletSlice';
import { until } from '../support/wait';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

// Counts the evaluations of the connected watchers' module (the real one is used).
const evaluated: string[] = [];
jest.mock('../../sagas/connected', () => {
  evaluated.push('sagas/connected');
  return jest.requireActual('../../sagas/connected');
});

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((f) => f());
  stops = [];
});

it('a page without a wallet in use does not load the connected watchers', async () => {
  const app = startWalletApp({ connectors: { injected: injectedWith(new FakeEip1193Provider({ authorized: false, chainId: 1 })) } });
  stops.push(app.stop);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Disconnected');
  await app.settle(50);
  expect(evaluated).toEqual([]);
  // A connect brings them, once connected (never between the click and "Connected").
  app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connecting');
  expect(evaluated).toEqual([]);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  await until(() => evaluated.length > 0, { what: 'the connected watchers evaluated' });
  expect(evaluated).toEqual(['sagas/connected']);
});

it('a signing request made before their code arrived waits for it and is answered', async () => {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) } });
  stops.push(app.stop);
  // In the same task as the start: the watchers' code cannot have arrived yet.
  app.store.dispatch(signingActions.requested({ connectionId: 'injected', account: ACCOUNT, chainId: 1, input: { kind: 'message', message: 'hello' } }));
  // The wallet is asked (this fake refuses the method): the request was not lost while the code loaded.
  const state = await app.waitFor((s) => s.signing.requests.message?.status === 'failed');
  expect(state.signing.requests.message?.error).toMatchObject({ code: 4200 });
  expect(wallet.count('personal_sign')).toBe(1);
});
