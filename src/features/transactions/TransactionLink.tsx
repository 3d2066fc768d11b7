// A transaction's hash, short on screen and whole for screen readers and copy, linked to the
// chain's explorer where the chain table has one.
import { useChains } from '../../ui/chainsContext';
import { transactionUrl } from '../../lib/transfer';
import { useLaterWords } from '../../i18n/later';
import { shortAddress } from '../chain/format';

export function TransactionLink({ chainId, hash }: { chainId: number; hash: string }) {
  const words = useLaterWords();
  const url = transactionUrl(useChains()[chainId]?.blockExplorerUrls, hash);
  const short = shortAddress(hash);
  return (
    <span className="tx-link">
      <span className="mono" data-testid="tx-hash" data-hash={hash} title={hash} dir="ltr">
        {short}
      </span>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" data-testid="tx-explorer">
          {words.t('tx.explorer')}
          <span className="visually-hidden">{words.t('tx.explorerHash', { hash: short })}</span>
        </a>
      ) : null}
    </span>
  );
}
