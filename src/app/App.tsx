import { Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectFirstScreenWait } from '../../store/selectors';
import { NetworkStatus } from '../features/chain/NetworkStatus';
import { Overview } from '../features/chain/Overview';
import { SignSection } from '../features/sign/SignSection';
import { TransactionToasts } from '../features/transactions/TransactionToasts';
import { ConnectionBanner } from '../features/wallet/ConnectionBanner';
import { loadAccountMenu, loadConnectDialog, loadNetworkList } from '../features/wallet/lazy';
import { WalletControl } from '../features/wallet/WalletControl';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyPart } from '../ui/lazyPart';
import { whenIdle } from '../lib/idle';
import { EnvironmentNotice } from '../features/environment/EnvironmentNotice';

// What opens on a user's action and the corner notices: not what a returning user came for. The
// account menu, the network list and the notices load in their own chunk once the first screen is on screen; the
// connect dialog only when the user points at "Connect wallet" or opens it: a returning
// user, reconnected silently, never needs it.
const ConnectDialog = lazyPart('The connect dialog', loadConnectDialog);
const AccountMenu = lazyPart('The account menu', loadAccountMenu);
const NetworkList = lazyPart('The network list', loadNetworkList);
const Overlays = lazyPart('The wallet notices', () => import(/* webpackChunkName: "later" */ './Overlays').then((m) => ({ default: m.Overlays })));

/** However long a wallet or an endpoint takes at start, the rest of the page waits no longer than this. */
export const LATER_PARTS_MAX_WAIT_MS = 2_000;

// App itself reads nothing from the store: what it would read (the dialog open, the first screen's
// wait) changes in the very updates that show "Connected" and the balance, and a render of App is a
// render of the whole page. The two parts that follow them are components of their own.
export function App({ laterPartsMaxWaitMs = LATER_PARTS_MAX_WAIT_MS }: { laterPartsMaxWaitMs?: number }) {
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
      <ConnectDialogPart />
      <LaterParts maxWaitMs={laterPartsMaxWaitMs} />
    </ErrorBoundary>
  );
}

/** The connect dialog, mounted while it is open. */
function ConnectDialogPart() {
  const open = useAppSelector((s) => s.ui.connectDialog.open);
  return open ? (
    <Suspense fallback={null}>
      <ConnectDialog />
    </Suspense>
  ) : null;
}

/** The account menu, the network list and the notices, once the first screen is complete (useLaterParts). */
function LaterParts({ maxWaitMs }: { maxWaitMs: number }) {
  const later = useLaterParts(maxWaitMs);
  return later ? (
    <Suspense fallback={null}>
      <AccountMenu />
      <NetworkList />
      <Overlays />
    </Suspense>
  ) : null;
}

/**
 * True once the first screen is complete (the silent reconnect answered, the reads in view
 * arrived) and the browser is idle; at once when the user opens a dialog or starts a connect; at
 * the latest after `maxWaitMs`.
 */
function useLaterParts(maxWaitMs: number): boolean {
  const wait = useAppSelector(selectFirstScreenWait);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [maxWaitMs]);
  // The user needs them now (state adjusted during render, React's way).
  if (!ready && wait === 'user') setReady(true);
  useEffect(() => {
    if (!ready && wait === 'nothing') return whenIdle(() => setReady(true));
  }, [wait, ready]);
  return ready;
}
