// docs/behaviour.md §12 on screen: what a hostile browser takes away is said once, calmly; a part that
// fails to load or throws says why with a Reload button while the rest works; a start that fails
// before React shows the reason and Reload. Built through the composition root, as the page is.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { chainIds } from '../../src/lib/chains';
import { ETHEREUM_BLOCKED_REASON, InjectedConnector } from '../../src/lib/connectors/injected';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import { memoryStorage } from '../../src/lib/storage';
import { showStartupFailure } from '../../src/startupFailure';
import { part } from '../../src/chunks';
import { PartsProvider, WithPart, type UiParts } from '../../src/features/parts';
import { createWalletApp, type WalletApp } from '../../src/walletApp';
import { walletActions } from '../../store/walletSlice';
import { FakeEip1193Provider, fakeHost } from '../support/fakeProvider';
import { renderApp } from '../support/renderApp';
import { everyKind } from '../support/slice';
import { createMemoryStorage } from '../support/webStorage';

const chains = buildChainTable({}, 'http://127.0.0.1:8545');
const ids = chainIds(chains);
const config = { chains, allowedChainIds: everyKind(ids), qrCloseIsError: true };

let apps: WalletApp[] = [];
afterEach(() => {
  cleanup();
  for (const app of apps) app.stop();
  apps = [];
  jest.restoreAllMocks();
});

function build(options: Partial<Parameters<typeof createWalletApp>[0]>): WalletApp {
  const app = createWalletApp({ config, rpc: null, ...options });
  apps.push(app);
  return app;
}

const walletConnectOn = (storage: ReturnType<typeof memoryStorage>, remembered: boolean) =>
  new WalletConnectConnector({
    projectId: 'p',
    chains,
    storage,
    storageRemembered: remembered,
    metadata: { name: 'Walletdeck', description: '', url: 'http://127.0.0.1', icons: [] },
  });

describe('the environment notice', () => {
  it('says once that this browser will not remember the wallet, with each kind it limits, until the user has read it', () => {
    const storage = memoryStorage();
    const app = build({ storage: { storage, remembered: false }, connectors: { walletconnect: walletConnectOn(storage, false) } });
    renderApp(app.store, chains);
    const notice = screen.getByTestId('environment-notice');
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(notice).getByTestId('storage-refused').textContent).toMatch(/This browser will not remember your wallet/);
    expect(within(notice).getByTestId('limitation-walletconnect').textContent).toMatch(/^WalletConnect: .*until you reload this page/);
    expect(screen.getAllByTestId('environment-notice')).toHaveLength(1);
    fireEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('environment-notice')).toBeNull();
    // Plain data in the store: DevTools shows it, a replay restores it.
    expect(app.store.getState().environment).toEqual({ storageRemembered: false, noticeDismissed: true });
  });

  it("names the browser wallet's blocked window.ethereum, and says nothing once a wallet announced itself", () => {
    const host = fakeHost(undefined);
    Object.defineProperty(host, 'ethereum', {
      get() {
        throw new TypeError('Cannot redefine property: ethereum');
      },
    });
    const app = build({ connectors: { injected: new InjectedConnector(host) } });
    renderApp(app.store, chains);
    expect(screen.getByTestId('limitation-injected').textContent).toBe(`Browser wallet: ${ETHEREUM_BLOCKED_REASON}`);
    expect(screen.queryByTestId('storage-refused')).toBeNull();
    act(() => host.announce({ info: { uuid: 'r', name: 'Rabby', icon: '', rdns: 'io.rabby' }, provider: new FakeEip1193Provider() }));
    expect(screen.queryByTestId('environment-notice')).toBeNull();
    expect(app.store.getState().wallet.kinds.injected.available).toBe(true);
  });

  it('is absent in a browser that takes nothing away', () => {
    const app = build({ storage: { storage: createMemoryStorage(), remembered: true } });
    renderApp(app.store, chains);
    expect(screen.queryByTestId('environment-notice')).toBeNull();
  });
});

describe('what survives a reload is written by a saga, not by the store', () => {
  it('the chosen kind and extension are written when they change, and read back by the next page', () => {
    const storage = createMemoryStorage();
    const first = build({ storage: { storage, remembered: true } });
    first.store.dispatch(walletActions.extensionChosen({ rdns: 'io.rabby' }));
    first.store.dispatch(walletActions.connectRequested({ id: 'coinbase' }));
    first.stop();
    expect(storage.dump()).toMatchObject({ 'walletdeck.extension': 'io.rabby', 'walletdeck.current': 'coinbase' });
    const next = build({ storage: { storage, remembered: true } });
    expect(next.store.getState().wallet).toMatchObject({ chosenExtension: 'io.rabby', current: 'coinbase', chosen: true });
  });
});

describe('a lazy part that fails', () => {
  /** The page with one part whose chunk is `load` (the signing panel's place, named `what`). */
  function Page({ load, what }: { load: () => Promise<unknown>; what: string }) {
    const parts = { signingPanel: part(load) } as unknown as UiParts; // only the part this page shows
    return (
      <PartsProvider value={parts}>
        <main>
          <p>The rest of the page</p>
          <WithPart name="signingPanel" what={what} fallback={<p>Loading…</p>}>
            {({ default: Part }) => <Part />}
          </WithPart>
        </main>
      </PartsProvider>
    );
  }

  it('whose chunk does not load says so with Reload; the rest of the page stays', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunkError = Object.assign(new Error('Loading chunk later failed.\n(error: http://127.0.0.1/js/later.abc.js)'), { name: 'ChunkLoadError' });
    render(<Page load={() => Promise.reject(chunkError)} what="The network panel" />);
    const failed = await screen.findByTestId('part-failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toMatch(/^The network panel could not be downloaded: the network may have dropped, or the site was updated meanwhile/);
    expect(failed.textContent).toContain('Reason: Loading chunk later failed. (error: http://127.0.0.1/js/later.abc.js)');
    expect(within(failed).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('The rest of the page')).toBeTruthy();
  });

  it('that throws while rendering says so the same way', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('a bug');
    }
    render(<Page load={() => Promise.resolve({ default: Broken })} what="The signing panel" />);
    expect((await screen.findByTestId('part-failed')).textContent).toMatch(/^The signing panel stopped with an error.*Reason: a bug/);
    expect(screen.getByText('The rest of the page')).toBeTruthy();
  });
});

describe('a start that fails before React', () => {
  it('shows the reason and a Reload button in #root, built without inline script', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="root"></div>';
    showStartupFailure(new Error('allowedChainIds is length 0'));
    const page = screen.getByTestId('startup-failure');
    expect(page.getAttribute('role')).toBe('alert');
    expect(within(page).getByRole('heading').textContent).toBe('Walletdeck could not start');
    expect(page.textContent).toContain('Reason: allowedChainIds is length 0');
    expect(within(page).getByRole('button', { name: 'Reload' }).getAttribute('onclick')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('a page whose origin is opaque (framed with sandbox, without allow-same-origin)', () => {
  it('builds: WalletConnect names the page by its URL, since location.origin is "null" there', () => {
    const target = new EventTarget();
    const sandboxed = {
      location: { href: 'http://127.0.0.1:4000/', origin: 'null' },
      addEventListener: target.addEventListener.bind(target),
      dispatchEvent: target.dispatchEvent.bind(target),
      get localStorage(): Storage {
        throw Object.assign(new Error("The document is sandboxed and lacks the 'allow-same-origin' flag."), { name: 'SecurityError' });
      },
    } as unknown as Window;
    const app = build({ host: sandboxed, config: { ...config, kindSettings: { WALLETCONNECT_PROJECT_ID: 'p' } } });
    expect(app.store.getState().wallet.kinds.walletconnect.available).toBe(true);
    expect(app.store.getState().environment.storageRemembered).toBe(false);
  });
});
