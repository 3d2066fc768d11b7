// The top of the page: the wallet in view (name or address, balance, network, latest block), or,
// before a wallet is connected, what connecting brings and the default chain's latest block. The
// connected part is AccountOverview.tsx.
import { useAppSelector } from '../../../store/hooks';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import AccountOverview from './AccountOverview';
import { BlockNumber } from './BlockNumber';
import { useShownWalletName } from '../wallet/kindWords';
import { Sentence, useWords } from '../../i18n/react';
import './chain.css';

export function Overview() {
  const words = useWords();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useShownWalletName(page.kind, words);
  const chain = page.view === 'Connected' && page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  if (page.view === 'Connected' && page.account && chain) {
    return <AccountOverview account={page.account} chain={chain} wallet={wallet} />;
  }
  return (
    <section className="overview intro" aria-labelledby="overview-title" data-testid="overview">
      <h2 id="overview-title">
        {page.view === 'Unsupported network' ? (
          words.t('overview.switchToContinue')
        ) : page.view === 'Reconnecting' ? (
          <Sentence words={words} id="overview.reconnectingTo" values={{ wallet: <bdi>{wallet}</bdi> }} />
        ) : (
          words.t('overview.getStarted')
        )}
      </h2>
      <p className="muted">
        {page.view === 'Unsupported network' ? words.t('overview.unsupportedHint') : words.t('overview.intro')}
      </p>
      <BlockNumber />
    </section>
  );
}
