import { useAppSelector } from '../../store/hooks';
import { selectConnectDialog, selectConnectedPartNeeded } from '../../store/selectors';
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

// App itself reads nothing from the store: what it would read (the dialog open, a connection under
// way) changes in the very updates that show "Connected" and the balance, and a render of App is a
// render of the whole page. The parts that follow them are components of their own.
export function App() {
  return (
    <ErrorBoundary>
      <header className="top">
        <h1 className="brand">Walletdeck</h1>
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
      </footer>
      <TransactionToasts />
      <WalletOverlays />
    </ErrorBoundary>
  );
}

/**
 * The connect dialog (mounted while it is open), the account menu, the network list and the wallet
 * notices: in the "connected" chunk, shown once the page needs it (docs/architecture.md).
 */
function WalletOverlays() {
  const needed = useAppSelector(selectConnectedPartNeeded);
  const dialogOpen = useAppSelector(selectConnectDialog).open;
  if (!needed) return null;
  return (
    <WithPart name="connected" what="The wallet dialogs">
      {({ ConnectDialog, AccountMenu, NetworkList, CornerNotices }) => (
        <>
          {dialogOpen ? <ConnectDialog /> : null}
          <AccountMenu />
          <NetworkList />
          <CornerNotices ids={CONNECTION_IDS} />
        </>
      )}
    </WithPart>
  );
}
