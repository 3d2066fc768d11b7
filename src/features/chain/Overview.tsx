// The top of the page: the wallet in view (name or address, balance, network, latest block), or,
// before a wallet is connected, what connecting brings and the default chain's latest block. The
// connected part is AccountOverview.tsx.
import { useAppSelector } from '../../../store/hooks';
import { selectWalletName } from '../../../store/selectors';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import AccountOverview from './AccountOverview';
import { BlockNumber } from './BlockNumber';
import './chain.css';

export function Overview() {
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  const chain = page.view === 'Connected' && page.dataChainId !== undefined ? chains[page.dataChainId] : undefined;
  if (page.view === 'Connected' && page.account && chain) {
    return <AccountOverview account={page.account} chain={chain} wallet={wallet} />;
  }
  return (
    <section className="overview intro" aria-labelledby="overview-title" data-testid="overview">
      <h2 id="overview-title">
        {page.view === 'Unsupported network'
          ? 'Switch network to continue'
          : page.view === 'Reconnecting'
            ? `Reconnecting to ${wallet}…`
            : 'Connect a wallet to get started'}
      </h2>
      <p className="muted">
        {page.view === 'Unsupported network'
          ? 'Your balance and the latest block show once your wallet is on a network this app supports.'
          : 'Connect a wallet to see your balance, sign messages and send transactions. Nothing leaves your wallet without your approval.'}
      </p>
      <BlockNumber />
    </section>
  );
}
