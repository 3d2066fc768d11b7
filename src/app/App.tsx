import { CONNECTION_IDS } from '../lib/connectors/types';
import { BlockNumber } from '../features/chain/BlockNumber';
import { NetworkPanel } from '../features/chain/NetworkPanel';
import { ConnectionCard } from '../features/wallet/ConnectionCard';
import { CornerNotices } from '../features/wallet/CornerNotice';
import { ExtensionSuggestionDialog } from '../features/wallet/ExtensionSuggestionDialog';
import { QrDialog } from '../features/wallet/QrDialog';
import { ErrorBoundary } from './ErrorBoundary';

// Every kind gets every per-kind dialog and notice; each decides from state whether it shows.
export function App() {
  return (
    <ErrorBoundary>
      <header className="top">
        <h1>Walletdeck</h1>
        <p className="tagline">Connect a wallet, pick a chain, see your accounts.</p>
        <BlockNumber />
      </header>
      <main>
        <section aria-label="Wallet connections" className="cards">
          {CONNECTION_IDS.map((id) => (
            <ConnectionCard key={id} id={id} />
          ))}
        </section>
        <NetworkPanel />
      </main>
      {CONNECTION_IDS.map((id) => (
        <ExtensionSuggestionDialog key={id} id={id} />
      ))}
      {CONNECTION_IDS.map((id) => (
        <QrDialog key={id} id={id} />
      ))}
      <CornerNotices ids={CONNECTION_IDS} />
    </ErrorBoundary>
  );
}
