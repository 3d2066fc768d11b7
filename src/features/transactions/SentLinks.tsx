// What a record links to: a batch's transfers one by one, and every chain transaction known for it
// (a transaction's hash, a batch's receipts), each linked to the explorer.
import { useChains } from '../../ui/chainsContext';
import type { SentTransaction } from '../../lib/sentTransactions';
import { useLaterWords } from '../../i18n/later';
import { TransactionLink } from './TransactionLink';
import { OneTransfer } from './TransferSentence';

export function SentLinks({ tx }: { tx: SentTransaction }) {
  const chains = useChains();
  const words = useLaterWords();
  const hashes = [...new Set([...(tx.hash !== undefined ? [tx.hash] : []), ...(tx.receipts ?? []).map((r) => r.hash)])];
  return (
    <>
      {tx.transfers.length > 1 ? (
        <ul className="tx-transfers tx-small" data-testid="tx-transfers">
          {tx.transfers.map((transfer, i) => (
            <li key={i}>
              <OneTransfer transfer={transfer} chains={chains} chainId={tx.chainId} words={words} />
            </li>
          ))}
        </ul>
      ) : null}
      {hashes.map((hash) => (
        <TransactionLink key={hash} chainId={tx.chainId} hash={hash} />
      ))}
    </>
  );
}
