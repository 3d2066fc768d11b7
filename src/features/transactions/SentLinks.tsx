// What a record links to: a batch's transfers one by one, and every chain transaction known for it
// (a transaction's hash, a batch's receipts), each linked to the explorer.
import { useChains } from '../../ui/chainsContext';
import type { SentTransaction } from '../../lib/sentTransactions';
import { TransactionLink } from './TransactionLink';
import { oneTransferWords } from './words';

export function SentLinks({ tx }: { tx: SentTransaction }) {
  const chains = useChains();
  const hashes = [...new Set([...(tx.hash !== undefined ? [tx.hash] : []), ...(tx.receipts ?? []).map((r) => r.hash)])];
  return (
    <>
      {tx.transfers.length > 1 ? (
        <ul className="tx-transfers tx-small" data-testid="tx-transfers">
          {tx.transfers.map((transfer, i) => (
            <li key={i}>{oneTransferWords(transfer, chains, tx.chainId)}</li>
          ))}
        </ul>
      ) : null}
      {hashes.map((hash) => (
        <TransactionLink key={hash} chainId={tx.chainId} hash={hash} />
      ))}
    </>
  );
}
