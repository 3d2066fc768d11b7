// One picture per account (docs/behaviour.md §6.1, §6.8; issue 38): the overview shows the account as
// the header and the account menu do, its name's avatar once loaded and the identicon before, in a
// place of its own beside the name and address (spaced from them: the layout check of the browser
// suites measures the gap). Real store and sagas; the name is in the read cache as a lookup leaves it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Overview } from '../../src/features/chain/Overview';
import { WalletControl } from '../../src/features/wallet/WalletControl';
import { chainApi } from '../../store/chainApi';
import { selectKindView } from '../../store/selectors';
import { selectAccountReads } from '../../store/viewedChain';
import { walletActions } from '../../store/walletSlice';
import AccountMenu from '../../src/features/wallet/menu/AccountMenu';
import { WalletConnectConnector } from '../../src/lib/connectors/walletconnect';
import { uiActions } from '../../store/uiSlice';
import { TEST_ACCOUNTS } from '../support/anvil';
import { FakeEip1193Provider, injectedWith } from '../support/fakeProvider';
import { fakeWcSdkLoader } from '../support/fakeWcSdk';
import { startWalletApp } from '../support/walletHarness';
import { renderInPage } from '../support/renderApp';
import { memoryWebStorage } from '../support/webStorage';

jest.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: {} }));
jest.mock('@walletconnect/utils', () => ({ formatMessage: () => '' }));

const AVATAR = 'data:image/png;base64,iVBORw0KGgo=';
let app: ReturnType<typeof startWalletApp> | undefined;

afterEach(() => {
  cleanup();
  app?.stop();
  app = undefined;
});

const phone = fakeWcSdkLoader();

async function connectedWithName(avatar: string | undefined) {
  const walletconnect = new WalletConnectConnector({
    projectId: 'p',
    chains: { 31337: { id: 31337, name: 'Local development chain', rpcUrls: ['http://127.0.0.1:8545'], icon: '' } },
    metadata: { name: 'Walletdeck', description: 'd', url: 'https://walletdeck.test', icons: [] },
    storage: memoryWebStorage(),
    loadSdk: phone.load,
  });
  app = startWalletApp({ connectors: { injected: injectedWith(new FakeEip1193Provider({ chainId: 31337, authorized: true })), walletconnect } });
  const started = app;
  started.store.dispatch(walletActions.connectRequested({ id: 'injected' }));
  await started.waitFor((s) => selectKindView(s, 'injected') === 'Connected');
  const { name } = selectAccountReads(started.store.getState(), started.chains);
  await started.store.dispatch(chainApi.util.upsertQueryData('getName', name!, { name: 'alice.test', ...(avatar ? { avatar } : {}) }));
  renderInPage(
    started.store,
    started.chains,
    <>
      <WalletControl />
      <Overview />
      <AccountMenu />
    </>,
  );
  await screen.findByTestId('name');
}

/** What picture a place shows: the avatar's address once it is shown, else "identicon"; and how many. */
function picture(place: HTMLElement) {
  const image = place.querySelector<HTMLImageElement>('img[data-testid=avatar]:not([hidden])');
  const identicons = place.querySelectorAll('[data-testid=identicon]').length;
  return { shown: image ? image.getAttribute('src') : identicons === 1 ? 'identicon' : `${identicons} identicons`, count: (image ? 1 : 0) + identicons };
}

const overviewWho = () => screen.getByTestId('overview').querySelector<HTMLElement>('.overview-who')!;
const header = () => screen.getByTestId('account-button');

describe('one picture per account', () => {
  it('the overview shows the avatar the header shows, the identicon until it loads', async () => {
    await connectedWithName(AVATAR);
    expect(picture(overviewWho())).toEqual({ shown: 'identicon', count: 1 });
    expect(picture(header())).toEqual({ shown: 'identicon', count: 1 });
    // The image loads (each <img> says so on its own; the browser loads the same URL once).
    act(() => {
      for (const image of document.querySelectorAll('img[data-testid=avatar]')) fireEvent.load(image);
    });
    expect(picture(overviewWho())).toEqual({ shown: AVATAR, count: 1 });
    expect(picture(header())).toEqual({ shown: AVATAR, count: 1 });
  });

  it('without an avatar, the same identicon everywhere', async () => {
    await connectedWithName(undefined);
    expect(picture(overviewWho())).toEqual({ shown: 'identicon', count: 1 });
    const inOverview = overviewWho().querySelector('[data-testid=identicon]')!.innerHTML;
    expect(header().querySelector('[data-testid=identicon]')!.innerHTML).toBe(inOverview);
  });

  it('keeps the picture in a place of its own, apart from the name and the address', async () => {
    await connectedWithName(AVATAR);
    const who = overviewWho();
    const place = who.querySelector<HTMLElement>('.overview-picture');
    expect(place).not.toBeNull();
    // The picture alone in its place; the name and the address beside it, never in it.
    expect(within(place!).queryByTestId('name')).toBeNull();
    expect(place!.textContent).toBe('');
    expect(within(who).getByTestId('name').textContent).toBe('alice.test');
  });

  it('the account menu lists another wallet with the picture it had in view', async () => {
    await connectedWithName(AVATAR);
    act(() => {
      for (const image of document.querySelectorAll('img[data-testid=avatar]')) fireEvent.load(image);
    });
    // A second wallet (a phone) becomes the one in view; the browser wallet is now one of the others.
    act(() => void app!.store.dispatch(walletActions.connectRequested({ id: 'walletconnect' })));
    await waitFor(() => expect(phone.instances.at(-1)?.uri).toBeDefined());
    act(() => phone.sdk.approve([TEST_ACCOUNTS[1].address], 31337));
    await app!.waitFor((s) => selectKindView(s, 'walletconnect') === 'Connected' && s.wallet.current === 'walletconnect');
    act(() => void app!.store.dispatch(uiActions.accountMenuOpened()));
    const other = await screen.findByTestId('card-injected');
    act(() => {
      for (const image of other.querySelectorAll('img[data-testid=avatar]')) fireEvent.load(image);
    });
    expect(picture(other)).toEqual({ shown: AVATAR, count: 1 });
  });
});
