import { lazy, Suspense } from 'react';
import { CONNECTION_IDS } from '../lib/connectors/types';
import { BlockNumber } from '../features/chain/BlockNumber';
import { SignSection } from '../features/sign/SignSection';
import { ConnectionCard } from '../features/wallet/ConnectionCard';
import { ErrorBoundary } from './ErrorBoundary';

// Not needed for the first paint (what a returning user came for: the cards, accounts, balances):
// loaded right after it, in their own chunks.
const NetworkPanel = lazy(() => import(/* webpackChunkName: "later" */ '../features/chain/NetworkPanel').then((m) => ({ default: m.NetworkPanel })));
const Overlays = lazy(() => import(/* webpackChunkName: "later" */ './Overlays').then((m) => ({ default: m.Overlays })));

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
        <SignSection />
        <Suspense fallback={null}>
          <NetworkPanel />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Overlays />
      </Suspense>
    </ErrorBoundary>
  );
}
