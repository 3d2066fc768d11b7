// Every saga is registered at start; a request whose code is in a later chunk (docs/architecture.md,
// "How the code loads") waits for that code in its own saga: nothing is buffered elsewhere, nothing
// is lost, and a chunk that cannot load ends the request with the reason, the next one asking again.
import { createChunks, part, type Chunks } from '../../src/chunks';
import { selectConnectionStatus } from '../../store/selectors';
import { signingActions } from '../../store/signingSlice';
import { walletActions } from '../../store/walletSlice';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { startWalletApp } from '../support/walletHarness';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const sign = (message: string) => signingActions.requested({ connectionId: 'injected', account: ACCOUNT, chainId: 1, input: { kind: 'message', message } });

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((f) => f());
  stops = [];
});

/** The app's own chunks, with the signing workflow's arrival in the test's hands. */
function withHeldSigning() {
  const real = createChunks();
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const load = jest.fn(() => arrived.then(() => real.signingWorkflow.load()));
  const chunks: Chunks = { ...real, signingWorkflow: part(load) };
  return { chunks, load, release };
}

it('a signing request made before its code arrived waits for it and is answered', async () => {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
  const { chunks, load, release } = withHeldSigning();
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, chunks });
  stops.push(app.stop);
  // In the same task as the start.
  app.store.dispatch(sign('hello'));
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  await app.settle(20);
  expect(load).toHaveBeenCalledTimes(1);
  expect(app.store.getState().signing.requests.message?.status).not.toBe('failed');
  expect(wallet.count('personal_sign')).toBe(0);
  release();
  // The wallet is asked (this fake refuses the method): the request was not lost while the code loaded.
  const state = await app.waitFor((s) => s.signing.requests.message?.status === 'failed');
  expect(state.signing.requests.message?.error).toMatchObject({ code: 4200 });
  expect(wallet.count('personal_sign')).toBe(1);
});

it('a chunk that cannot load fails the request with the reason, the wallet stays connected, and the next request asks again', async () => {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1 });
  const real = createChunks();
  let attempts = 0;
  const load = jest.fn(() => (++attempts === 1 ? Promise.reject(new Error('Loading chunk signing failed.')) : real.signingWorkflow.load()));
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) }, chunks: { ...real, signingWorkflow: part(load) } });
  stops.push(app.stop);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  app.store.dispatch(sign('first'));
  const failed = await app.waitFor((s) => s.signing.requests.message?.status === 'failed');
  expect(failed.signing.requests.message?.error?.message).toContain('Loading chunk signing failed');
  expect(selectConnectionStatus(failed, 'injected')).toBe('Connected');
  app.store.dispatch(sign('second'));
  await app.waitFor((s) => s.signing.requests.message?.error?.code === 4200);
  expect(load).toHaveBeenCalledTimes(2);
  expect(wallet.count('personal_sign')).toBe(1);
});

it('a chain switch needs no later chunk: asked at start, it reaches the wallet once connected', async () => {
  const wallet = new FakeEip1193Provider({ authorized: true, chainId: 1, knownChains: [1, 137] });
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) } });
  stops.push(app.stop);
  await app.waitFor((s) => selectConnectionStatus(s, 'injected') === 'Connected');
  app.store.dispatch(walletActions.chainSwitchRequested({ id: 'injected', chainId: 137 }));
  await app.waitFor((s) => s.wallet.connections.injected.chainId === 137);
  expect(wallet.count('wallet_switchEthereumChain')).toBe(1);
});
