import { Suspense, useEffect, useState } from 'react';
import { CONNECTION_IDS } from '../lib/connectors/types';
import { BlockNumber } from '../features/chain/BlockNumber';
import { SignSection } from '../features/sign/SignSection';
import { ConnectionCard } from '../features/wallet/ConnectionCard';
import { useAppSelector } from '../../store/hooks';
import { selectFirstScreenWait } from '../../store/selectors';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyPart } from '../ui/lazyPart';
import { EnvironmentNotice } from '../features/environment/EnvironmentNotice';

// Not what a returning user came for (the cards, accounts, balances): loaded in their own chunks
// once those are on screen, so their code and first render never delay them.
const NetworkPanel = lazyPart('The network panel', () => import(/* webpackChunkName: "later" */ '../features/chain/NetworkPanel').then((m) => ({ default: m.NetworkPanel })));
const Overlays = lazyPart('The wallet dialogs', () => import(/* webpackChunkName: "later" */ './Overlays').then((m) => ({ default: m.Overlays })));

/** However long a wallet or an endpoint takes at start, the rest of the page waits no longer than this. */
export const LATER_PARTS_MAX_WAIT_MS = 2_000;

export function App({ laterPartsMaxWaitMs = LATER_PARTS_MAX_WAIT_MS }: { laterPartsMaxWaitMs?: number }) {
  const later = useLaterParts(laterPartsMaxWaitMs);
  return (
    <ErrorBoundary>
      <header className="top">
        <h1>Walletdeck</h1>
        <p className="tagline">Connect a wallet, pick a chain, see your accounts.</p>
        <BlockNumber />
      </header>
      <main>
        <EnvironmentNotice />
        <section aria-label="Wallet connections" className="cards">
          {CONNECTION_IDS.map((id) => (
            <ConnectionCard key={id} id={id} />
          ))}
        </section>
        <SignSection />
        {later ? (
          <Suspense fallback={null}>
            <NetworkPanel />
          </Suspense>
        ) : null}
      </main>
      {later ? (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      ) : null}
    </ErrorBoundary>
  );
}

/**
 * True once the first screen is complete (the silent reconnect answered, the reads in view
 * arrived) and the browser is idle; at once when the user starts a connect (its dialogs live in
 * the later parts); at the latest after `maxWaitMs`.
 */
function useLaterParts(maxWaitMs: number): boolean {
  const wait = useAppSelector(selectFirstScreenWait);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [maxWaitMs]);
  // A connect started by the user needs its dialogs now (state adjusted during render, React's way).
  if (!ready && wait === 'user') setReady(true);
  useEffect(() => {
    if (!ready && wait === 'nothing') return whenIdle(() => setReady(true));
  }, [wait, ready]);
  return ready;
}

/** Runs `work` when the browser has nothing more urgent to do; returns the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 50);
  return () => clearTimeout(id);
}
