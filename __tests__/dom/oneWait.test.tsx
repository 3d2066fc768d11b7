// One wait, one notice, one name (docs/behaviour.md §6.1, §6.3, §6.4, §6.7; issue 38): a request
// waiting on a phone wallet is said once, where the user is (the form that asked, the dialog, the menu,
// the banner) or else in the corner, never both, and always under the wallet's own name (the phone's,
// for WalletConnect); the header shows no spinner behind a QR code that waits for a scan. Real store,
// sagas and connector; the SDK is the faithful fake, the phone named "Development phone".
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { SignSection } from '../../src/features/sign/SignSection';
import { CornerNotices } from '../../src/features/wallet/CornerNotice';
import ConnectDialog from '../../src/features/wallet/connect/ConnectDialog';
import AccountMenu from '../../src/features/wallet/menu/AccountMenu';
import { WalletControl } from '../../src/features/wallet/WalletControl';
import type { ChainTable } from '../../src/lib/chains';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import { selectKindView } from '../../store/selectors';
import { signingActions } from '../../store/signingSlice';
import { uiActions } from '../../store/uiSlice';
import { walletActions } from '../../store/walletSlice';
import { TEST_ACCOUNTS } from '../support/anvil';
import { fakeWcSdkLoader, type FakeWcSdk } from '../support/fakeWcSdk';
import { WAIT_MS } from '../support/lifecycle';
import { startWalletApp } from '../support/walletHarness';
import { renderInPage } from '../support/renderApp';
import { memoryWebStorage } from '../support/webStorage';

jest.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: {} }));
jest.mock('@walletconnect/utils', () => ({ formatMessage: () => '' }));

const CHAINS: ChainTable = {
  1: { id: 1, name: 'Mainnet', rpcUrls: ['https://rpc.test/1'], icon: '' },
  10: { id: 10, name: 'OP Mainnet', rpcUrls: ['https://rpc.test/10'], icon: '' },
};
const ACCOUNT = TEST_ACCOUNTS[0].address;
const PHONE = 'Development phone';

beforeAll(() => {
  globalThis.TextEncoder ??= NodeTextEncoder as unknown as typeof TextEncoder;
  // jsdom has no canvas: the QR code is painted nowhere.
  HTMLCanvasElement.prototype.getContext = (() => ({ fillRect: () => undefined })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

const apps: { stop(): void }[] = [];
afterEach(() => {
  cleanup();
  for (const app of apps.splice(0)) app.stop();
});

/** Requests the phone leaves waiting (never answered). */
function hang(sdk: FakeWcSdk, methods: string[]) {
  const request = sdk.request.bind(sdk);
  sdk.request = (args) => {
    if (methods.includes(args.method)) {
      sdk.requests.push(args);
      return new Promise(() => undefined);
    }
    return request(args);
  };
}

function showApp() {
  const fake = fakeWcSdkLoader(undefined, (sdk) => hang(sdk, ['personal_sign', 'wallet_switchEthereumChain']));
  const connector = new WalletConnectConnector({
    projectId: 'p',
    chains: CHAINS,
    metadata: { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] },
    storage: memoryWebStorage(),
    loadSdk: fake.load,
  });
  const app = startWalletApp({
    connectors: { walletconnect: connector },
    chains: CHAINS,
    timeouts: { activateMs: WAIT_MS },
    signingTimeouts: { noticeMs: 10 },
  });
  apps.push(app);
  renderInPage(
    app.store,
    app.chains,
    <>
      <WalletControl />
      <SignSection />
      <ConnectDialog />
      <AccountMenu />
      <CornerNotices ids={['walletconnect']} />
    </>,
  );
  return { app, fake };
}

async function connectPhone() {
  const { app, fake } = showApp();
  act(() => void app.store.dispatch(walletActions.connectRequested({ id: 'walletconnect' })));
  await waitFor(() => expect(fake.sdk.uri).toBeDefined(), { timeout: WAIT_MS });
  act(() => fake.sdk.approve([ACCOUNT], 1, { metadata: { name: PHONE, icons: [] } }));
  await app.waitFor((s) => selectKindView(s, 'walletconnect') === 'Connected');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return { app, fake };
}

/** Every element on the page that tells the user to answer in a wallet, with its words. */
const waitNotices = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^=notice-], .notice, .banner-waiting')].map((element) => element.textContent ?? '');

describe('a request waiting on the phone', () => {
  it('a signature: said once, in the form that asked, named after the phone', async () => {
    const { app } = await connectPhone();
    act(() => void app.store.dispatch(signingActions.requested({ connectionId: 'walletconnect', account: ACCOUNT, chainId: 1, input: { kind: 'message', message: 'hi' } })));
    await app.waitFor((s) => s.signing.requests.message?.noAnswerYet === true);
    const outcome = await screen.findByTestId('outcome', {}, { timeout: WAIT_MS });
    await waitFor(() => expect(outcome.textContent).toContain(`Confirm in ${PHONE} on your phone.`));
    expect(screen.queryByTestId('notice-walletconnect')).toBeNull();
    expect(outcome.textContent).not.toMatch(/in its window/);
    expect(waitNotices()).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/in WalletConnect/);
  });

  it('a network switch asked from the account menu: said there, under the phone\'s name, not in the corner', async () => {
    const { app } = await connectPhone();
    act(() => void app.store.dispatch(uiActions.accountMenuOpened()));
    act(() => void app.store.dispatch(walletActions.chainSwitchRequested({ id: 'walletconnect', chainId: 10 })));
    const menu = await screen.findByRole('dialog');
    // The wallet's name is isolated (<bdi>) inside the sentence: its whole text is read.
    await waitFor(() => expect(menu.querySelector('.notice')?.textContent).toMatch(new RegExp(`confirm in ${PHONE}`)), { timeout: WAIT_MS });
    // However long the phone takes, the corner stays empty while the menu says it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('notice-walletconnect')).toBeNull();
    expect(waitNotices()).toHaveLength(1);
  });
});

describe('the header behind a QR code', () => {
  it('shows no spinner and no "Connecting…" while the dialog waits for a scan', async () => {
    const { app, fake } = showApp();
    act(() => void app.store.dispatch(walletActions.connectRequested({ id: 'walletconnect' })));
    await waitFor(() => expect(fake.sdk.uri).toBeDefined(), { timeout: WAIT_MS });
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' });
    await waitFor(() => expect(within(dialog).getByText('Waiting for a scan')).toBeTruthy());
    const control = screen.getByTestId('connect-button');
    expect(control.querySelector('.spinner')).toBeNull();
    expect(control.getAttribute('aria-busy')).toBeNull();
    expect(control.textContent).not.toContain('Connecting');
  });
});
