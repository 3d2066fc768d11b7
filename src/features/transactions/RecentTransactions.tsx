// The recent transactions of one account on one chain (kept across reloads, newest first), each with
// where it stands and its explorer link. For the account menu; `selectPendingTransactions` gives
// the account button its indicator.
import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';
import { useAppSelector } from '../../../store/hooks';
import { keyOf } from '../../../store/transactionsSlice';
import { selectRecentTransactions } from '../../../store/transactionsSelectors';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { SentLinks } from './SentLinks';
import { failureDetail, isProposal, statusWords, transferWords } from './words';
import './transactions.css';

const STATUS_LABELS = { pending: 'Pending', unconfirmed: 'Not confirmed yet', confirmed: 'Confirmed', failed: 'Failed', partial: 'Partly sent' } as const;

export function RecentTransactions({ account, chainId }: { account: string; chainId: number }) {
  const chains = useChains();
  const list = useAppSelector((s) => selectRecentTransactions(s, account, chainId));
  return (
    <section className="recent-txs" aria-label="Recent transactions" data-testid="recent-transactions">
      <h3>Recent transactions</h3>
      {list.length === 0 ? (
        <p className="muted">No transactions sent from this account on {chainName(chains, chainId)} yet.</p>
      ) : (
        <ol>
          {list.map((tx) => {
            const detail = failureDetail(tx);
            return (
              <li
                key={keyOf(tx)}
                className={`recent-tx tx-${tx.status}`}
                data-testid="recent-transaction"
                data-status={tx.status}
                data-hash={tx.hash ?? ''}
                data-key={keyOf(tx)}
                data-via={tx.via.kind}
              >
                <span className={`tx-badge tx-badge-${tx.status}`}>{isProposal(tx) && tx.status === 'pending' ? 'Awaiting owners' : STATUS_LABELS[tx.status]}</span>
                <span className="recent-tx-what">{transferWords(tx, chains)}</span>
                <time className="muted tx-small" dateTime={new Date(tx.sentAt).toISOString()}>
                  {new Date(tx.sentAt).toLocaleString()}
                </time>
                {detail ? (
                  <ErrorDetails error={detail} alert={false}>
                    {statusWords(tx)}
                  </ErrorDetails>
                ) : tx.status === 'unconfirmed' || tx.status === 'partial' || isProposal(tx) ? (
                  <span className="muted tx-small">{statusWords(tx)}</span>
                ) : null}
                <SentLinks tx={tx} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
