// The connect dialog in the pseudo-locale (docs/behaviour.md §14.5): the wallet list, "New to wallets?",
// every kind's progress (waiting, where the prompt is, a request already open, a refusal, an error, the
// extension suggestion, the QR code and the phone's links), and the start-up failure page: every word on
// screen comes from the catalogue, so no text is left in plain English. A sentence of the catalogue is
// marked ⟦…⟧ and its letters accented; what is not a word (a wallet's or an app's name, a link, the
// library's own message) is in <bdi>, dir="ltr" or a field, and is left out of the check.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import ConnectDialog from '../../src/features/wallet/connect/ConnectDialog';
import { LONG_WAIT_MS } from '../../src/features/wallet/connect/KindProgress';
import { en } from '../../src/i18n/catalogues/en';
import { enLater } from '../../src/i18n/catalogues/en.later';
import { pseudoCatalogue } from '../../src/i18n/pseudo';
import { WordsProvider } from '../../src/i18n/react';
import { createWords } from '../../src/i18n/words';
import { kindDefinition } from '../../src/lib/connectors/registry';
import type { ConnectionId } from '../../src/lib/connectors/types';
import { ERROR_NAMES, type WalletError } from '../../src/lib/errors';
import { showStartupFailure } from '../../src/startupFailure';
import { setupStore } from '../../store/setupStore';
import { uiActions } from '../../store/uiSlice';
import { walletActions as a } from '../../store/walletSlice';
import { definedKinds } from '../support/kinds';
import { ALLOWED } from '../support/slice';
import { plainEnglish as shownInEnglish } from '../support/pseudoLocale';

const pseudo = createWords('en-XA', pseudoCatalogue({ ...en, ...enLater }), 'en');
const URI = 'wc:0123abcd@2?relay-protocol=irn&symKey=00ff';

type Store = ReturnType<typeof setupStore>;

let phone = false;
beforeAll(() => {
  // jsdom draws nothing: the QR code stays "drawing", which is all this test needs of it.
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as typeof HTMLCanvasElement.prototype.getContext;
  window.matchMedia = ((query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
});

beforeEach(() => {
  phone = false;
  jest.useFakeTimers();
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

/** Values, not words: names in <bdi>, links and messages left to right, fields, an error's exact message (the store's, under Details). */
const VALUES = 'bdi, [dir=ltr], input, canvas, .error-message';

const plainEnglish = (root?: ParentNode) => shownInEnglish(VALUES, ['aria-label'], root);

/** A store with every kind as its definition states it, with what a browser may add (a limitation, an extension to suggest). */
function kindsStore(): Store {
  const store = setupStore(undefined, { allowedChainIds: ALLOWED, kinds: definedKinds() });
  const coinbase = kindDefinition('coinbase');
  const walletconnect = kindDefinition('walletconnect');
  store.dispatch(
    a.connectorsDescribed({
      kinds: {
        coinbase: { name: coinbase.name, face: coinbase.face, available: true, extensionSuggestion: { name: 'Coinbase Wallet extension', installUrl: 'https://www.coinbase.com/wallet/downloads' } },
        walletconnect: {
          name: walletconnect.name,
          face: walletconnect.face,
          available: true,
          pairsByQrCode: true,
          limitation: 'Your WalletConnect connection will last until you reload this page: this browser does not let the site keep it.',
          developmentPhone: { url: 'http://127.0.0.1:8081/', name: 'development phone' },
        },
      },
    }),
  );
  return store;
}

/** The dialog open (on the list, unless a kind's progress is already asked for). */
function show(store: Store) {
  if (!store.getState().ui.connectDialog.open) store.dispatch(uiActions.connectDialogOpened());
  render(
    <Provider store={store}>
      <WordsProvider value={pseudo}>
        <ConnectDialog />
      </WordsProvider>
    </Provider>,
  );
  act(() => {
    jest.advanceTimersByTime(200);
  });
  return screen.getByTestId('connect-dialog');
}

const attempt = (store: Store, id: ConnectionId) => store.getState().wallet.activity[id].attempt;

/** A user's connect with `id`, under way. */
function connecting(store: Store, id: ConnectionId) {
  act(() => {
    store.dispatch(a.connectRequested({ id }));
    store.dispatch(uiActions.connectDialogShowed({ id }));
    store.dispatch(a.activationStarted({ id, eager: false }));
  });
  // The progress shows at the next frame (ConnectDialog.tsx).
  act(() => {
    jest.advanceTimersByTime(200);
  });
}

function step(store: Store, action: Parameters<Store['dispatch']>[0]) {
  act(() => {
    store.dispatch(action);
  });
}

/** Checks the screen, naming where it was. */
const expectNoEnglish = (where: string) => expect([where, plainEnglish()]).toEqual([where, []]);

it('the wallet list, with and without a browser wallet, and "New to wallets?"', () => {
  const store = kindsStore();
  const dialog = show(store);
  expect(within(dialog).getByTestId('get-a-wallet')).toBeTruthy();
  expectNoEnglish('no browser wallet');
  step(store, a.connectorsDescribed({ kinds: { injected: { ...definedKinds()['injected'] as object, installed: true } } }));
  expect(within(dialog).getByRole('region', { name: pseudo.t('connect.installed') })).toBeTruthy();
  expectNoEnglish('a browser wallet installed');
  // The names the list shows are values: a kind's own name comes from the catalogue too.
  expect(within(dialog).getByTestId('card-injected').textContent).toContain(pseudo.t('kind.injected.name'));
});

it("each kind's progress, from waiting to every ending", () => {
  const store = kindsStore();
  const dialog = show(store);
  for (const id of ['injected', 'coinbase', 'safe'] as const) {
    connecting(store, id);
    expectNoEnglish(`${id} connecting`);
    act(() => {
      jest.advanceTimersByTime(LONG_WAIT_MS + 100);
    });
    expect(within(dialog).getByTestId('where-is-the-prompt')).toBeTruthy();
    expectNoEnglish(`${id} waiting long`);
    step(store, a.awaitingWalletChanged({ id, attempt: attempt(store, id), waiting: true }));
    expectNoEnglish(`${id} waiting on the wallet`);
    step(store, a.activationFailed({ id, attempt: attempt(store, id), error: { name: 'Error', code: 4001, message: 'User rejected the request.' } }));
    expect(within(dialog).getByTestId('declined')).toBeTruthy();
    expectNoEnglish(`${id} declined`);
  }
  // Coinbase's own window: opening, answered, and the extension it handed back.
  connecting(store, 'coinbase');
  step(store, a.walletWindowChanged({ id: 'coinbase', attempt: attempt(store, 'coinbase'), state: 'opened' }));
  expectNoEnglish('coinbase window opening');
  step(store, a.walletWindowChanged({ id: 'coinbase', attempt: attempt(store, 'coinbase'), state: 'answered' }));
  act(() => {
    jest.advanceTimersByTime(LONG_WAIT_MS + 100);
  });
  expectNoEnglish('coinbase window behind');
  const errors: WalletError[] = [
    { name: ERROR_NAMES.noMetaMask, message: 'No Ethereum provider found' },
    { name: ERROR_NAMES.timeout, message: 'Timed out' },
    { name: 'Error', code: -32002, message: 'Request already pending' },
  ];
  for (const error of errors) {
    for (const id of ['injected', 'walletconnect'] as const) {
      connecting(store, id);
      step(store, a.activationFailed({ id, attempt: attempt(store, id), error }));
      expectNoEnglish(`${id} failed with ${error.name} ${error.code ?? ''}`);
    }
  }
  connecting(store, 'injected');
  step(store, a.linkDied({ id: 'injected', error: { name: ERROR_NAMES.linkDead, code: 1011, message: 'Page reload required' } }));
  expectNoEnglish('link dead');
});

it('the extension suggestion, and a connect cancelled', () => {
  const store = kindsStore();
  const dialog = show(store);
  step(store, uiActions.connectDialogShowed({ id: 'coinbase' }));
  step(store, a.extensionSuggestionShown({ id: 'coinbase' }));
  expect(within(dialog).getByRole('link', { name: /⟦/ })).toBeTruthy();
  expectNoEnglish('extension suggested');
  connecting(store, 'coinbase');
  step(store, a.connectCancelled({ id: 'coinbase' }));
  expectNoEnglish('cancelled');
});

it('WalletConnect: the QR code and its link on a computer, the wallet apps on a phone, the QR code closed', () => {
  const store = kindsStore();
  const dialog = show(store);
  connecting(store, 'walletconnect');
  expectNoEnglish('getting a QR code');
  step(store, a.pairingUriReceived({ id: 'walletconnect', attempt: attempt(store, 'walletconnect'), uri: URI }));
  expect(within(dialog).getByTestId('qr-code')).toBeTruthy();
  expectNoEnglish('QR code');
  fireEvent.click(within(dialog).getByRole('button', { name: pseudo.t('pairing.copyLink') }));
  expectNoEnglish('link copied or selected');
  step(store, a.awaitingWalletChanged({ id: 'walletconnect', attempt: attempt(store, 'walletconnect'), waiting: true }));
  expectNoEnglish('approve on the phone');
  step(store, a.qrDialogClosed({ id: 'walletconnect' }));
  expectNoEnglish('QR code closed');
  cleanup();

  phone = true;
  const onPhone = show(store);
  connecting(store, 'walletconnect');
  step(store, a.pairingUriReceived({ id: 'walletconnect', attempt: attempt(store, 'walletconnect'), uri: URI }));
  expect(within(onPhone).getByTestId('open-in-wallet-app')).toBeTruthy();
  expectNoEnglish('wallet apps');
  fireEvent.click(within(onPhone).getByRole('button', { name: pseudo.t('pairing.showQr') }));
  expectNoEnglish('QR code shown on a phone');
});

it('the start-up failure page', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  showStartupFailure(new Error('chain table refused'), pseudo);
  expect(screen.getByTestId('startup-failure')).toBeTruthy();
  expectNoEnglish('start-up failure');
});
