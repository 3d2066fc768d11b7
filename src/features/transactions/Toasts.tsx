// One toast per sent transaction: what was sent in the user's words, pending then confirmed or
// failed, the hash linked to the explorer, dismissible (button or Escape). At the bottom of the
// window, clear of the header; never wider than the window. What changes is also said, politely,
// in the host's live region.
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useChains } from '../../ui/chainsContext';
import type { SentTransaction } from '../../lib/sentTransactions';
import { chainName } from '../../lib/chains';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectToastTransactions, transactionsActions } from '../../../store/transactionsSlice';
import { TransactionLink } from './TransactionLink';
import { shortAddress } from '../chain/format';
import { failureDetail, statusWords, transferWords } from './words';

export default function Toasts({ live }: { live: HTMLElement }) {
  const toasts = useAppSelector(selectToastTransactions);
  const chains = useChains();
  const region = useRef<HTMLElement>(null);
  return (
    <>
      {createPortal(
        toasts.map((tx) => <p key={`${tx.chainId}:${tx.hash}`}>{`${transferWords(tx, chains)}. ${statusWords(tx)}`}</p>),
        live,
      )}
      {toasts.length > 0 ? (
        <section className="tx-toasts" aria-label="Your transactions" ref={region} data-testid="tx-toasts">
          {toasts.map((tx) => (
            <Toast key={`${tx.chainId}:${tx.hash}`} tx={tx} region={region} />
          ))}
        </section>
      ) : null}
    </>
  );
}

function Toast({ tx, region }: { tx: SentTransaction; region: RefObject<HTMLElement> }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const words = transferWords(tx, chains);
  const dismiss = () => {
    // Focus goes to the next toast's close button rather than to the top of the page.
    const buttons = [...(region.current?.querySelectorAll<HTMLButtonElement>('button.tx-toast-close') ?? [])];
    const mine = buttons.findIndex((b) => b.dataset['hash'] === tx.hash);
    const next = buttons[mine + 1] ?? buttons[mine - 1];
    dispatch(transactionsActions.toastDismissed({ chainId: tx.chainId, hash: tx.hash }));
    next?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  };
  return (
    <div className={`tx-toast tx-${tx.status}`} role="group" aria-label={words} data-testid="tx-toast" data-status={tx.status} data-hash={tx.hash} onKeyDown={onKeyDown}>
      <p className="tx-toast-what">
        {tx.status === 'pending' ? <span className="spinner" aria-hidden="true" /> : null}
        <strong>{words}</strong>
      </p>
      <p className="tx-toast-status" data-testid="tx-status">
        {statusWords(tx)}
      </p>
      {failureDetail(tx) ? (
        <details>
          <summary>Details</summary>
          {failureDetail(tx)}
        </details>
      ) : null}
      <p className="muted tx-small">
        From <span title={tx.account}>{shortAddress(tx.account)}</span> on {chainName(chains, tx.chainId)}
      </p>
      <TransactionLink chainId={tx.chainId} hash={tx.hash} />
      <button type="button" className="tx-toast-close secondary small" data-hash={tx.hash} onClick={dismiss} aria-label={`Dismiss: ${words}`}>
        ×
      </button>
    </div>
  );
}
