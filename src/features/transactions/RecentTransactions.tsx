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
import { failureDetail, isProposal, statusWords } from './words';
import { TransferSentence } from './TransferSentence';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import './transactions.css';

const STATUS_LABELS = { pending: 'tx.label.pending', unconfirmed: 'tx.label.unconfirmed', confirmed: 'tx.label.confirmed', failed: 'tx.label.failed', partial: 'tx.label.partial' } as const;

export function RecentTransactions({ account, chainId }: { account: string; chainId: number }) {
  const chains = useChains();
  const words = useLaterWords();
  const list = useAppSelector((s) => selectRecentTransactions(s, account, chainId));
  return (
    <section className="recent-txs" aria-label={words.t('tx.recent')} data-testid="recent-transactions">
      <h3>{words.t('tx.recent')}</h3>
      {list.length === 0 ? (
        <p className="muted">
          <Sentence words={words} id="tx.noneYet" values={{ chain: <bdi>{chainName(chains, chainId)}</bdi> }} />
        </p>
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
                <span className={`tx-badge tx-badge-${tx.status}`}>{words.t(isProposal(tx) && tx.status === 'pending' ? 'tx.label.awaitingOwners' : STATUS_LABELS[tx.status])}</span>
                <span className="recent-tx-what">
                  <TransferSentence tx={tx} chains={chains} words={words} />
                </span>
                <time className="muted tx-small" dateTime={new Date(tx.sentAt).toISOString()}>
                  {words.dateTime(tx.sentAt)}
                </time>
                {detail ? (
                  <ErrorDetails error={detail} alert={false}>
                    {statusWords(tx, words)}
                  </ErrorDetails>
                ) : tx.status === 'unconfirmed' || tx.status === 'partial' || isProposal(tx) ? (
                  <span className="muted tx-small">{statusWords(tx, words)}</span>
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
