import { useAppSelector } from '../../store/hooks';
import { selectConnectDialog } from '../../store/selectors';
import { selectCornerNoticeDue } from '../../store/signingSelectors';
import type { UiState } from '../../store/uiSlice';
import { NetworkStatus } from '../features/chain/NetworkStatus';
import { Overview } from '../features/chain/Overview';
import { WithPart } from '../features/parts';
import { SignSection } from '../features/sign/SignSection';
import { TransactionToasts } from '../features/transactions/TransactionToasts';
import { ConnectionBanner } from '../features/wallet/ConnectionBanner';
import { WalletControl } from '../features/wallet/WalletControl';
import { CONNECTION_IDS } from '../lib/connectors/types';
import { ErrorBoundary } from './ErrorBoundary';
import { EnvironmentNotice } from '../features/environment/EnvironmentNotice';
import { LanguageControl } from '../features/language/LanguageControl';
import { useWords } from '../i18n/react';

// App itself reads nothing from the store: what it would read (the dialog open, a notice due) changes
// in the very updates that show "Connected" and the balance, and a render of App is a render of the
// whole page. The parts that follow them are components of their own.
export function App() {
  const words = useWords();
  return (
    <ErrorBoundary>
      <header className="top">
        <h1 className="brand">{words.t('app.name')}</h1>
        <WalletControl />
      </header>
      <ConnectionBanner />
      <main>
        <EnvironmentNotice />
        <Overview />
        <SignSection />
      </main>
      <footer className="bottom">
        <NetworkStatus />
        <LanguageControl place="footer" />
      </footer>
      <TransactionToasts />
      <WalletDialogs />
    </ErrorBoundary>
  );
}

const selectOpen = (state: { ui: UiState }) => (state.ui.accountMenuOpen ? 'menu' : state.ui.networkListOpen ? 'list' : undefined);

/**
 * The connect dialog, the account menu, the network list and the corner notices: in the "dialogs"
 * chunk, each mounted while it is open or due, its code asked for then if it is not here yet (the
 * pointer or focus on the control that opens it warms it up: docs/architecture.md).
 */
function WalletDialogs() {
  const words = useWords();
  const dialogOpen = useAppSelector(selectConnectDialog).open;
  const open = useAppSelector(selectOpen);
  const notices = useAppSelector(selectCornerNoticeDue);
  if (!dialogOpen && open === undefined && !notices) return null;
  return (
    <WithPart name="dialogs" what={words.t('part.dialogs')}>
      {({ ConnectDialog, AccountMenu, NetworkList, CornerNotices }) => (
        <>
          {dialogOpen ? <ConnectDialog /> : null}
          {open === 'menu' ? <AccountMenu /> : null}
          {open === 'list' ? <NetworkList /> : null}
          {notices ? <CornerNotices ids={CONNECTION_IDS} /> : null}
        </>
      )}
    </WithPart>
  );
}
