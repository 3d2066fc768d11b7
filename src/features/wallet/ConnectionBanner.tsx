// One banner under the header about the wallet in view when the page cannot simply show it: on a
// network the app does not support (which network the wallet is on, and the networks it can switch
// to: WrongNetwork.tsx, loaded when that state comes), or with a link that only a reload brings back.
import { Suspense } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { selectWalletName } from '../../../store/selectors';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { lazyPart } from '../../ui/lazyPart';

export const loadWrongNetwork = () => import(/* webpackChunkName: "wrong-network" */ './WrongNetwork');
const WrongNetworkBanner = lazyPart('The wrong-network notice', () => loadWrongNetwork().then((m) => ({ default: m.WrongNetworkBanner })));

export function ConnectionBanner() {
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  if (page.view === 'Reload required') {
    return (
      <div className="banner" role="alert" data-testid="banner">
        <p>The link to {wallet} is broken. Reload the page to connect again.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    );
  }
  if (page.view !== 'Unsupported network') return null;
  return (
    <Suspense fallback={null}>
      <WrongNetworkBanner />
    </Suspense>
  );
}
