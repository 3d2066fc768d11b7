// The rules of issue 38 that the DOM can check (docs/behaviour.md §6.1, §6.2, §6.3, §6.5, §6.9): the
// header's "Wrong network" as a warning mark that keeps its name, the network list naming the wallet's
// network, dialogs as bottom sheets that a drag down closes, the wallet kinds' and the phone wallets'
// marks instead of letters, and "New to wallets?". Real store and sagas; the wallet is the faithful fake.
// What needs a real layout (one row, a sheet's place on screen) is in __tests__/e2e/header.test.ts.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { selectKindView } from '../../store/selectors';
import { uiActions } from '../../store/uiSlice';
import { walletActions } from '../../store/walletSlice';
import { WalletList } from '../../src/features/wallet/connect/WalletList';
import OpenInWalletApp from '../../src/features/wallet/connect/OpenInWalletApp';
import { WALLET_APPS } from '../../src/features/wallet/connect/walletApps';
import NetworkList from '../../src/features/wallet/menu/NetworkList';
import { NetworkButton } from '../../src/features/wallet/NetworkButton';
import { WalletIcon } from '../../src/features/wallet/WalletIcon';
import { selectPageView } from '../../store/viewedChain';
import { Dialog } from '../../src/ui/Dialog';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { renderInPage } from '../support/renderApp';
import { startWalletApp } from '../support/walletHarness';

type App = ReturnType<typeof startWalletApp>;
const apps: App[] = [];

/** A width or a touch screen where every media query asked matches (or none does). */
function emulateMedia(matches: boolean) {
  window.matchMedia = ((media: string) => ({ media, matches, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
}

// jsdom has no PointerEvent: a MouseEvent that carries the pointer's id and whether it is the primary one.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.isPrimary = init.isPrimary ?? true;
  }
}

beforeAll(() => {
  (window as unknown as { PointerEvent: typeof TestPointerEvent }).PointerEvent = TestPointerEvent;
});

afterEach(() => {
  cleanup();
  for (const app of apps.splice(0)) app.stop();
  delete (window as { matchMedia?: unknown }).matchMedia;
  jest.restoreAllMocks();
});

function withStore(app: App, children: ReactNode) {
  return renderInPage(app.store, app.chains, children);
}

/** The browser wallet connected on Gnosis (100), a chain the app does not support. */
async function onGnosis(): Promise<App> {
  const wallet = new FakeEip1193Provider({ chainId: 100, knownChains: [1, 100] });
  const app = startWalletApp({ connectors: { injected: injectedWith(wallet) } });
  apps.push(app);
  app.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  await app.waitFor((s) => selectKindView(s, 'injected') === 'Unsupported network');
  return app;
}

describe('the header on a network the app does not support (§6.1)', () => {
  it('shows a warning mark that keeps "Wrong network" as the button\'s name, its title and its words', async () => {
    const app = await onGnosis();
    withStore(app, <NetworkButton page={selectPageView(app.store.getState(), app.chains)} />);
    const button = screen.getByRole('button', { name: 'Wrong network' });
    expect(button.getAttribute('title')).toBe('Wrong network');
    // The mark is a drawn warning triangle, hidden from assistive technology; no stray "!" in the words.
    const mark = button.querySelector('svg.warning-mark');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    expect(within(button).getByTestId('chain').textContent).toBe('Wrong network');
  });

  it('opens a network list that names the wallet\'s network, as the banner does (§6.6)', async () => {
    const app = await onGnosis();
    act(() => {
      app.store.dispatch(uiActions.networkListOpened());
    });
    withStore(app, <NetworkList />);
    const list = await screen.findByRole('dialog', { name: 'Switch network' });
    expect(list.textContent).toContain("Your wallet is on Gnosis (100), a network this app doesn't support.");
    expect(list.textContent).not.toContain('Your wallet is on a network');
  });
});

describe('dialogs on a phone are bottom sheets (§6.9)', () => {
  function showDialog() {
    const onClose = jest.fn();
    render(
      <Dialog title="Your wallet" onClose={onClose} testId="sheet">
        <p>Inside</p>
      </Dialog>,
    );
    const dialog = screen.getByTestId('sheet');
    const handle = within(dialog).getByTestId('sheet-handle');
    return { onClose, dialog, handle };
  }
  const drag = (from: HTMLElement, dy: number) => {
    fireEvent.pointerDown(from, { clientY: 100, button: 0, pointerId: 7 });
    fireEvent.pointerMove(from, { clientY: 100 + dy / 2, pointerId: 7 });
    fireEvent.pointerMove(from, { clientY: 100 + dy, pointerId: 7 });
    fireEvent.pointerUp(from, { clientY: 100 + dy, pointerId: 7 });
  };

  it('have a drag handle, decorative: Escape and Close do the same', () => {
    emulateMedia(true);
    const { handle } = showDialog();
    expect(handle.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('close when the handle or the title is dragged down, and follow the pointer while it moves', () => {
    emulateMedia(true);
    const { onClose, dialog, handle } = showDialog();
    fireEvent.pointerDown(handle, { clientY: 100, button: 0, pointerId: 7 });
    fireEvent.pointerMove(handle, { clientY: 160, pointerId: 7 });
    expect(dialog.style.transform).toBe('translateY(60px)');
    fireEvent.pointerUp(handle, { clientY: 230, pointerId: 7 });
    expect(onClose).toHaveBeenCalledTimes(1);

    drag(within(dialog).getByRole('heading', { name: 'Your wallet' }), 150);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('go back in place after a short drag, and never start one from a control', () => {
    emulateMedia(true);
    const { onClose, dialog, handle } = showDialog();
    drag(handle, 10);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.style.transform).toBe('');
    drag(screen.getByRole('button', { name: 'Close' }), 150);
    expect(dialog.style.transform).toBe('');
    // The button's own click is what closes, not the drag.
    expect(onClose).not.toHaveBeenCalled();
  });

  it('are not dragged where dialogs are not sheets (640 px and wider)', () => {
    emulateMedia(false);
    const { onClose, dialog, handle } = showDialog();
    drag(handle, 200);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.style.transform).toBe('');
  });
});

describe('every wallet has a mark (§6.2, §6.3)', () => {
  it('Coinbase Wallet, WalletConnect and a browser wallet without an icon are drawn, not lettered', () => {
    const app = startWalletApp();
    apps.push(app);
    const kinds = app.store.getState().wallet.kinds;
    withStore(
      app,
      <>
        <WalletIcon icon="" name={kinds.coinbase.name} kind="coinbase" />
        <WalletIcon icon="" name={kinds.walletconnect.name} kind="walletconnect" />
        <WalletIcon icon="" name={kinds.injected.name} kind="injected" />
        <WalletIcon icon="" name="Rainbow" kind="walletconnect" />
      </>,
    );
    const marks = screen.getAllByTestId('wallet-mark');
    expect(marks.map((m) => m.querySelector('svg')?.getAttribute('data-mark'))).toEqual(['coinbase', 'walletconnect', 'injected']);
    for (const mark of marks) {
      expect(mark.getAttribute('aria-hidden')).toBe('true');
      expect(mark.textContent).toBe('');
    }
    // A wallet that named itself through WalletConnect, without an icon, keeps its initial: its mark is not ours to draw.
    expect(document.body.textContent).toBe('R');
  });

  it('each phone wallet offered for the WalletConnect link shows its mark beside its name', () => {
    render(<OpenInWalletApp uri="wc:abc@2?relay-protocol=irn&symKey=00" />);
    const links = screen.getAllByRole('listitem').map((item) => within(item).getByRole('link'));
    expect(links.map((link) => link.textContent)).toEqual(WALLET_APPS.map((app) => app.name));
    for (const [i, link] of links.entries()) {
      const mark = link.querySelector('svg');
      expect([mark?.getAttribute('data-mark'), mark?.getAttribute('aria-hidden')]).toEqual([WALLET_APPS[i]!.id, 'true']);
    }
  });
});

describe('"New to wallets?" in the connect dialog (§6.2)', () => {
  async function showList(phone: boolean) {
    emulateMedia(phone);
    // jsdom offers no kind (each says so to the console, for the developer): the list's end is what is checked.
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const app = startWalletApp();
    apps.push(app);
    withStore(app, <WalletList />);
    const help = await screen.findByTestId('wallet-help');
    return help;
  }

  it('is a disclosure folded under the list (a native one: the keyboard opens it), and says what a wallet is and which to get on which device', async () => {
    const help = await showList(false);
    expect(help.tagName).toBe('DETAILS');
    const summary = help.querySelector('summary');
    expect(summary?.textContent).toBe('New to wallets?');
    expect(help.hasAttribute('open')).toBe(false);
    expect(help.textContent).toContain('A wallet is an app that keeps your accounts.');
    const devices = [...help.querySelectorAll('li')].map((li) => li.querySelector('strong')?.textContent);
    expect(devices).toEqual(['On a computer:', 'On a phone:']);
    expect(within(help).getByRole('link', { name: /Compare wallets/ }).getAttribute('target')).toBe('_blank');
  });

  it('puts the phone first on a phone', async () => {
    const help = await showList(true);
    await waitFor(() => expect([...help.querySelectorAll('li')].map((li) => li.querySelector('strong')?.textContent)).toEqual(['On a phone:', 'On a computer:']));
  });
});
