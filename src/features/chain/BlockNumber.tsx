import { chainName } from '../../lib/chains';
import { useAppSelector } from '../../../store/hooks';
import { selectPageView } from '../../../store/viewedChain';
import { ChainIcon } from '../../ui/ChainIcon';
import { useChains } from '../../ui/chainsContext';
import { AsOf, Unavailable } from '../../ui/Unavailable';
import { useWords } from '../../i18n/react';
import { useLatestBlock } from './useLatestBlock';

/** The latest block of the chain in view (the wallet's, or the default chain before one connects). */
export function BlockNumber() {
  const words = useWords();
  const chains = useChains();
  const page = useAppSelector((state) => selectPageView(state, chains));
  const chainId = page.dataChainId;
  const latest = useLatestBlock(chainId);
  const block = latest.currentData;
  // The wallet of the last visit is reconnecting: its chain is about to be known; the line keeps its place.
  if (chainId === undefined && page.view === 'Reconnecting') {
    return (
      <p className="block-number muted" aria-busy="true" data-testid="block-pending">
        {words.t('block.pending')}
      </p>
    );
  }
  // On a network the app does not support, no other chain's block is shown as if it were the wallet's.
  if (chainId === undefined) return null;
  return (
    <p className="block-number" data-chain-id={chainId}>
      <ChainIcon chain={chains[chainId]} size={16} /> {words.parts('block.chain', { chain: <bdi key="chain">{chainName(chains, chainId)}</bdi> })}{' '}
      {/* "latest block <n>" stays together: on a narrow screen the line breaks after the chain's name, once. */}
      <span className="block-latest">
        {words.t('block.latest')}{' '}
        {block !== undefined ? (
          <strong data-testid="block-number" dir="ltr">{block}</strong>
        ) : latest.shown === 'unavailable' ? (
          <Unavailable what="" error={latest.error} retrying={latest.isFetching} onRetry={latest.refetch} testId="block-number-unavailable" />
        ) : (
          <span className="muted" aria-busy="true">
            …
          </span>
        )}
      </span>
      {/* An old block says so after "latest block <n>", free to go to the next line on a narrow screen. */}
      {block !== undefined && latest.shown === 'stale' ? (
        <>
          {' '}
          <AsOf at={latest.answeredAt} error={latest.error} retrying={latest.isFetching} onRetry={latest.refetch} testId="block-number-as-of" />
        </>
      ) : null}
    </p>
  );
}
