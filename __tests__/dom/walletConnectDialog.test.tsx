// WalletConnect in the connect dialog as the user meets it: a connect opens it at once, the pairing
// URI's code drawn at the defaults of docs/behaviour.md §6.3, the link to copy, and closing it (Escape or the close button)
// tearing the pending connection down. Real store, sagas and connector; the SDK is the faithful fake.
import { TextEncoder as NodeTextEncoder } from 'node:util';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ChainTable } from '../../src/lib/chains';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import ConnectDialog from '../../src/features/wallet/connect/ConnectDialog';
import { walletActions } from '../../store/walletSlice';
import { TEST_ACCOUNTS } from '../support/anvil';
import { fakeWcSdkLoader } from '../support/fakeWcSdk';
import { WAIT_MS } from '../support/lifecycle';
import { startWalletApp } from '../support/walletHarness';
import { memoryWebStorage } from '../support/webStorage';

// The fake SDK stands in for it; the real one is not even loaded into jsdom.
jest.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: {} }));
jest.mock('@walletconnect/utils', () => ({ formatMessage: () => '' }));


const CHAINS: ChainTable = { 1: { id: 1, name: 'Mainnet', rpcUrls: ['https://rpc.test/1'], icon: '' } };
const ID = 'walletconnect' as const;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: unknown;
}
const painted = new Map<HTMLCanvasElement, Rect[]>();

beforeAll(() => {
  // jsdom lacks TextEncoder, which `qrcode` uses for byte-mode data as browsers provide it.
  globalThis.TextEncoder ??= NodeTextEncoder as unknown as typeof TextEncoder;
  // jsdom has no canvas: a 2D context that records what it is asked to paint.
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
    const rects: Rect[] = [];
    painted.set(this, rects);
    const context = {
      fillStyle: '' as unknown,
      fillRect: (x: number, y: number, w: number, h: number) => rects.push({ x, y, w, h, fill: context.fillStyle }),
    };
    return context as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
});

const apps: { stop(): void }[] = [];
afterEach(() => {
  cleanup();
  for (const app of apps.splice(0)) app.stop();
  painted.clear();
});

function showApp(qrCloseIsError = true, relayDown = false, relayTimeoutMs?: number, developmentPhone?: { url: string; name: string }) {
  const fake = fakeWcSdkLoader(undefined, (sdk) => {
    sdk.relayDown = relayDown;
  });
  const connector = new WalletConnectConnector({
    projectId: 'p',
    chains: CHAINS,
    metadata: { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] },
    storage: memoryWebStorage(),
    loadSdk: fake.load,
    ...(relayTimeoutMs === undefined ? {} : { relayTimeoutMs }),
    ...(developmentPhone === undefined ? {} : { developmentPhone }),
  });
  // The connect limit is no test's subject here: a hang guard, so the dialog stays as long as a test needs it.
  const app = startWalletApp({ connectors: { walletconnect: connector }, chains: CHAINS, qrCloseIsError, timeouts: { activateMs: WAIT_MS } });
  apps.push(app);
  render(
    <Provider store={app.store}>
      <ConnectDialog />
    </Provider>,
  );
  const connect = async () => {
    act(() => {
      app.store.dispatch(walletActions.connectRequested({ id: ID }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' });
    const canvas = await screen.findByRole('img', { name: 'QR code of the WalletConnect link' });
    await waitFor(() => expect(canvas.getAttribute('data-state')).toBe('drawn'));
    return { dialog, canvas: canvas as HTMLCanvasElement, uri: fake.sdk.uri as string };
  };
  return { app, fake, connect };
}

/** A touch screen: every media query of the phone layout matches. */
function emulatePhone(matches = true) {
  const listeners = new Set<() => void>();
  window.matchMedia = ((media: string) => ({
    media,
    matches,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
  localStorage.clear();
});

describe('opening', () => {
  it('is closed while there is no pairing URI', () => {
    showApp();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens labelled and described, with the QR code of the URI drawn 256x256, black on white', async () => {
    const { connect } = showApp();
    const { dialog, canvas, uri } = await connect();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByTestId('qr-waiting').textContent).toBe("Scan with your phone's wallet.");
    expect(canvas.getAttribute('data-content')).toBe(uri);
    expect(Number(canvas.getAttribute('data-version'))).toBeGreaterThan(0);
    expect([canvas.width, canvas.height]).toEqual([256, 256]);
    const rects = painted.get(canvas) ?? [];
    expect(rects[0]).toEqual({ x: 0, y: 0, w: 256, h: 256, fill: '#ffffff' });
    expect(rects.length).toBeGreaterThan(100);
    expect(rects.slice(1).every((r) => r.fill === '#000000')).toBe(true);
  });

  it('says it waits to be scanned, with no "Connecting" spinner, until the phone answers', async () => {
    const { fake, connect } = showApp();
    const { dialog } = await connect();
    const badge = screen.getByTestId('status');
    expect(badge.textContent).toBe('Waiting for a scan');
    expect(badge.querySelector('.spinner')).toBeNull();
    expect(dialog.textContent).not.toMatch(/Connecting/);
    // Until the phone answers: then it is connected, and the dialog closes.
    act(() => fake.sdk.approve([TEST_ACCOUNTS[0].address], 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the link itself for desktop wallets', async () => {
    const { connect } = showApp();
    const { uri } = await connect();
    expect((screen.getByLabelText(/paste this link/) as HTMLInputElement).value).toBe(uri);
  });
});

describe('the development phone (docs/behaviour.md §11)', () => {
  it("with npm start's phone, the QR step links to it with the pairing link, in a new tab", async () => {
    const { connect } = showApp(true, false, undefined, { url: 'http://127.0.0.1:3001/', name: 'development phone' });
    const { uri } = await connect();
    const link = screen.getByRole('link', { name: /^Open in the development phone/ });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('http://127.0.0.1:3001/');
    expect(href.searchParams.get('uri')).toBe(uri);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('without it (every other build), there is no such link', async () => {
    const { connect } = showApp();
    await connect();
    expect(screen.queryByRole('link', { name: /development phone/ })).toBeNull();
  });
});

describe('before the pairing URI', () => {
  it('opens at once, saying a QR code is on its way, replaced by the QR code when the URI arrives', async () => {
    const { app, fake } = showApp(true, true);
    act(() => {
      app.store.dispatch(walletActions.connectRequested({ id: ID }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByText(/Getting a QR code/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await waitFor(() => expect(fake.sdk.uri).toBeDefined());
    act(() => fake.sdk.emit('display_uri', fake.sdk.uri));
    const canvas = await screen.findByRole('img', { name: 'QR code of the WalletConnect link' });
    expect(canvas.getAttribute('data-content')).toBe(fake.sdk.uri);
    expect(screen.queryByText(/Getting a QR code/)).toBeNull();
  });

  it('Cancel while the QR code is on its way ends the attempt and offers Connect and Back', async () => {
    const { app } = showApp(true, true);
    act(() => {
      app.store.dispatch(walletActions.connectRequested({ id: ID }));
    });
    await screen.findByRole('dialog', { name: 'WalletConnect' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.store.getState().wallet.connections[ID]).toEqual({ activating: false }));
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('an unreachable relay ends it with the connection error, in plain words with the catalogue message under Details', async () => {
    // The relay never answers, so a short relay limit races with nothing.
    const { app } = showApp(true, true, 50);
    act(() => {
      app.store.dispatch(walletActions.connectRequested({ id: ID }));
    });
    await screen.findByRole('dialog', { name: 'WalletConnect' });
    await waitFor(() => expect(app.store.getState().wallet.connections[ID].error).toBeDefined(), { timeout: WAIT_MS });
    expect(app.store.getState().wallet.connections[ID].error).toMatchObject({ name: 'TimeoutError', message: 'Reaching the WalletConnect relay timed out after 0 s' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('WalletConnect could not be reached');
    expect(alert.querySelector('details')?.textContent).toContain('Reaching the WalletConnect relay timed out after 0 s');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('on a phone', () => {
  async function phoneConnect() {
    emulatePhone();
    const shown = showApp(true, true);
    act(() => {
      shown.app.store.dispatch(walletActions.connectRequested({ id: ID }));
    });
    await screen.findByRole('dialog', { name: 'WalletConnect' });
    await waitFor(() => expect(shown.fake.sdk.uri).toBeDefined());
    const uri = shown.fake.sdk.uri as string;
    act(() => shown.fake.sdk.emit('display_uri', uri));
    const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' });
    // The links arrive with the QR code's chunk on the first pairing.
    await screen.findByRole('link', { name: 'Open in wallet app' });
    return { ...shown, uri, dialog };
  }
  const walletNames = () => screen.getAllByRole('listitem').map((item) => item.textContent);

  it('says it waits for the wallet app, with no "Connecting" spinner', async () => {
    await phoneConnect();
    const badge = screen.getByTestId('status');
    expect(badge.textContent).toBe('Waiting for your wallet app');
    expect(badge.querySelector('.spinner')).toBeNull();
  });

  it('leads with "Open in wallet app" (the pairing link) and wallets\' own links carrying it', async () => {
    const { uri } = await phoneConnect();
    expect(screen.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')).toBe(uri);
    const metamask = screen.getByRole('link', { name: 'MetaMask' }).getAttribute('href') ?? '';
    expect(metamask).toBe(`https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`);
    expect(new URL(metamask).searchParams.get('uri')).toBe(uri);
    for (const name of ['Trust Wallet', 'Rainbow', 'Uniswap Wallet']) {
      expect(new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '').searchParams.get('uri')).toBe(uri);
    }
    expect(screen.queryByRole('link', { name: /Coinbase/ })).toBeNull();
    // The QR code is folded away, one click from view.
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    const canvas = await screen.findByRole('img', { name: 'QR code of the WalletConnect link' });
    expect(canvas.getAttribute('data-content')).toBe(uri);
    expect(screen.getByRole('button', { name: 'Hide QR code' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('remembers the wallet picked and lists it first next time', async () => {
    const first = await phoneConnect();
    expect(walletNames()[0]).toBe('MetaMask');
    const rainbow = screen.getByRole('link', { name: 'Rainbow' });
    // jsdom cannot follow the link; the page would leave here in a browser.
    rainbow.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(rainbow);
    expect(localStorage.getItem('walletdeck.walletApp')).toBe('rainbow');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(first.app.store.getState().wallet.connections[ID].activating).toBe(false));
    cleanup();
    await phoneConnect();
    expect(walletNames()[0]).toMatch(/^Rainbow \(last used\)$/);
    expect(walletNames().slice(1)).toEqual(['MetaMask', 'Trust Wallet', 'Uniswap Wallet']);
  });

  it('ignores a stored choice that names no wallet of the list', async () => {
    localStorage.setItem('walletdeck.walletApp', '<img src=x>');
    await phoneConnect();
    expect(walletNames()).toEqual(['MetaMask', 'Trust Wallet', 'Rainbow', 'Uniswap Wallet']);
  });

  it('a desktop (no touch, wide) leads with the QR code and no wallet links', async () => {
    emulatePhone(false);
    const { connect } = showApp();
    await connect();
    expect(screen.queryByRole('link', { name: 'Open in wallet app' })).toBeNull();
  });
});

describe('copy link', () => {
  it('copies the pairing URI and says so', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { connect } = showApp();
    const { uri } = await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(uri);
  });

  it('when the clipboard is blocked, selects the link for copying by hand', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const { connect } = showApp();
    const { uri } = await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/Copying was blocked/)).toBeTruthy();
    const field = screen.getByLabelText(/paste this link/) as HTMLInputElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, uri.length]);
  });
});

describe('closing', () => {
  it('Escape closes it, tears the pairing down and records `User closed modal`', async () => {
    const { app, fake, connect } = showApp();
    const { dialog, uri } = await connect();
    // The browser turns Escape on a modal <dialog> into a cancel event.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.store.getState().wallet.connections[ID]).toEqual({
      activating: false,
      error: { name: 'UserClosedModalError', message: 'User closed modal' },
    });
    await waitFor(() => expect(fake.sdk.pairingsDisconnected).toEqual([/^wc:([0-9a-f]+)@/.exec(uri)?.[1]]));
  });

  it('the close button is a plain return to idle when the option says so', async () => {
    const { app, connect } = showApp(false);
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.store.getState().wallet.connections[ID]).toEqual({ activating: false });
  });

  it('closes by itself when the phone approves', async () => {
    const { app, fake, connect } = showApp();
    await connect();
    act(() => fake.sdk.approve([TEST_ACCOUNTS[0].address], 1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.store.getState().wallet.connections[ID].accounts).toEqual([TEST_ACCOUNTS[0].address]);
  });

  it('connecting again draws the fresh URI', async () => {
    const { app, connect } = showApp();
    const first = await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.store.getState().wallet.connections[ID].activating).toBe(false));
    const second = await connect();
    expect(second.uri).not.toBe(first.uri);
    expect(second.canvas.getAttribute('data-content')).toBe(second.uri);
  });
});
