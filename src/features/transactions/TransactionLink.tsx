// A transaction's hash, short on screen and whole for screen readers and copy, linked to the
// chain's explorer where the chain table has one.
import { useChains } from '../../ui/chainsContext';
import { transactionUrl } from '../../lib/transfer';
import { shortAddress } from '../chain/format';

export function TransactionLink({ chainId, hash }: { chainId: number; hash: string }) {
  const url = transactionUrl(useChains()[chainId]?.blockExplorerUrls, hash);
  const short = shortAddress(hash);
  return (
    <span className="tx-link">
      <span className="mono" data-testid="tx-hash" data-hash={hash} title={hash}>
        {short}
      </span>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" data-testid="tx-explorer">
          View in explorer<span className="visually-hidden"> (transaction {short})</span>
        </a>
      ) : null}
    </span>
  );
}
