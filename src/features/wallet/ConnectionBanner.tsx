// One banner under the header about the wallet in view when the page cannot simply show it: on a
// network the app does not support (which network the wallet is on, and the networks it can switch
// to: WrongNetwork.tsx, in the "dialogs" chunk), or with a link that only a reload brings back.
import { useAppSelector } from '../../../store/hooks';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { Sentence, useWords } from '../../i18n/react';
import { WithPart } from '../parts';
import { useShownWalletName } from './kindWords';

export function ConnectionBanner() {
  const words = useWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useShownWalletName(page.kind, words);
  if (page.view === 'Reload required') {
    return (
      <div className="banner" role="alert" data-testid="banner">
        <p>
          <Sentence words={words} id="banner.linkBroken" values={{ wallet: <bdi>{wallet}</bdi> }} />
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          {words.t('banner.reload')}
        </button>
      </div>
    );
  }
  if (page.view !== 'Unsupported network') return null;
  return (
    <WithPart name="dialogs" what={words.t('part.wrongNetwork')}>
      {({ WrongNetworkBanner }) => <WrongNetworkBanner />}
    </WithPart>
  );
}
