import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import { useAppSelector } from '../../../store/hooks';
import { useLatestBlock } from './useLatestBlock';
import { chainsInView, sameIds } from '../../../store/viewedChain';

/** The latest block of the chain in view (the current wallet's chain, or the default chain). */
export function BlockNumber() {
  const chains = useChains();
  const chainId = useAppSelector((state) => chainsInView(state, chains), sameIds)[0];
  const { currentData: block, error } = useLatestBlock(chainId);
  // No chain in view yet (the wallet connected last time is reconnecting): the line keeps its place.
  if (chainId === undefined) {
    return (
      <p className="block-number muted" aria-busy="true" data-testid="block-pending">
        Latest block …
      </p>
    );
  }
  return (
    <p className="block-number" data-chain-id={chainId}>
      {chainName(chains, chainId)}: latest block{' '}
      {block !== undefined ? (
        <strong data-testid="block-number">{block}</strong>
      ) : error ? (
        <span className="muted" data-testid="block-number-unavailable" title={displayText(error.message ?? '')}>
          unavailable
        </span>
      ) : (
        <span className="muted" aria-busy="true">
          …
        </span>
      )}
    </p>
  );
}
