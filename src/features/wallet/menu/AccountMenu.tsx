// The account menu, opened from the header's account button: the wallet in view (address with Copy,
// the explorer, Disconnect), its sign-in when the build has one, its network with the networks it can switch to, recent transactions, and
// the other connected wallets to switch to or disconnect.
import { CONNECTION_IDS, type ConnectionId } from '../../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectKindView } from '../../../../store/selectors';
import { uiActions } from '../../../../store/uiSlice';
import { selectPageView } from '../../../../store/viewedChain';
import { useChains } from '../../../ui/chainsContext';
import { Dialog } from '../../../ui/Dialog';
import { RecentTransactions } from '../../transactions/RecentTransactions';
import { SignInSection } from '../../signIn/SignInStatus';
import { CurrentWallet } from './CurrentWallet';
import { NetworkSection } from './NetworkSection';
import { OtherWallet } from './OtherWallet';
import { useLaterWords } from '../../../i18n/later';
import { LanguageControl } from '../../language/LanguageControl';
import './menu.css';

const walletControl = () => document.querySelector<HTMLElement>('[data-wallet-control]');

export default function AccountMenu() {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const chains = useChains();
  const open = useAppSelector((s) => s.ui.accountMenuOpen);
  const page = useAppSelector((s) => selectPageView(s, chains));
  const others = useAppSelector((s) => CONNECTION_IDS.filter((id) => id !== page.kind && selectKindView(s, id) !== 'Disconnected').join(','));
  const inView = page.view === 'Connected' || page.view === 'Unsupported network';
  if (!open || !inView || page.account === undefined) return null;
  const close = () => dispatch(uiActions.accountMenuClosed());
  const otherKinds = others === '' ? [] : (others.split(',') as ConnectionId[]);
  return (
    <Dialog title={words.t('menu.title')} onClose={close} className="account-menu" testId="account-menu" fallbackFocus={walletControl}>
      <CurrentWallet kind={page.kind} account={page.account} chainId={page.chainId} />
      <SignInSection account={page.account} />
      <NetworkSection kind={page.kind} chainId={page.chainId} />
      {page.view === 'Connected' && page.chainId !== undefined ? (
        <div className="menu-section">
          <RecentTransactions account={page.account} chainId={page.chainId} />
        </div>
      ) : null}
      <section className="menu-section" aria-labelledby="other-wallets-title">
        <h3 id="other-wallets-title">{words.t('menu.otherWallets')}</h3>
        {otherKinds.length > 0 ? (
          <ul className="other-wallets">
            {otherKinds.map((id) => (
              <OtherWallet key={id} id={id} />
            ))}
          </ul>
        ) : null}
        <button type="button" className="secondary connect-another" onClick={() => dispatch(uiActions.connectDialogOpened())}>
          {words.t('menu.connectAnother')}
        </button>
      </section>
      <LanguageControl place="menu" />
    </Dialog>
  );
}
