// One toast per sent transaction: what was sent in the user's words, pending then confirmed or
// failed, the hash linked to the explorer, dismissible (button or Escape); settled, it leaves by
// itself (sagas/transactions.ts) unless the pointer is over it or the focus in it. One stack, never
// wider than the window, placed where it covers neither the focused control nor the primary action
// of its form (./placement.ts); on a phone only the newest toast shows, with a count of the others.
// What changes is also said, politely, in the host's live region.
import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useChains } from '../../ui/chainsContext';
import type { SentTransaction } from '../../lib/sentTransactions';
import { chainName } from '../../lib/chains';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { keyOf, transactionsActions } from '../../../store/transactionsSlice';
import { selectToastTransactions } from '../../../store/transactionsSelectors';
import { SentLinks } from './SentLinks';
import { shortAddress } from '../chain/format';
import { failureDetail, moreWords, statusWords, transferWords } from './words';
import { placeStack } from './placement';
import { TransferSentence } from './TransferSentence';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';

export default function Toasts({ live, lastForm }: { live: HTMLElement; lastForm: RefObject<HTMLFormElement | null> }) {
  const toasts = useAppSelector(selectToastTransactions);
  const chains = useChains();
  const words = useLaterWords();
  const region = useRef<HTMLElement>(null);
  useStackPlacement(region, lastForm, toasts.length);
  return (
    <>
      {createPortal(
        toasts.map((tx) => <p key={keyOf(tx)}>{words.t('tx.announce', { what: transferWords(tx, chains, words), status: statusWords(tx, words) })}</p>),
        live,
      )}
      {toasts.length > 0 ? (
        <section className="tx-toasts" aria-label={words.t('tx.toasts')} ref={region} data-testid="tx-toasts">
          {toasts.length > 1 ? (
            <p className="tx-toasts-more muted tx-small" data-testid="tx-toasts-more">
              {moreWords(toasts.length - 1, words)}
            </p>
          ) : null}
          {toasts.map((tx) => (
            <Toast key={keyOf(tx)} tx={tx} region={region} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/**
 * Keeps the stack clear of the focused control and of its form's primary action: placed again on
 * every focus change, scroll, resize, and change of its own size or the page's. Where it sits is layout, not app
 * state: it is written on the element (synchronously, before the next paint), never into the store.
 */
function useStackPlacement(region: RefObject<HTMLElement>, lastForm: RefObject<HTMLFormElement | null>, count: number): void {
  useLayoutEffect(() => {
    const stack = region.current;
    if (!stack) return;
    const place = (focused: Element | null = document.activeElement) => placeStack(stack, focused, lastForm.current);
    // The host (TransactionToasts) has already noted the form in use: its listener was added first.
    const onFocusIn = (event: FocusEvent) => place(event.target instanceof Element ? event.target : null);
    // While focus moves, `relatedTarget` is where it goes (null: nowhere, the page's body).
    const onFocusOut = (event: FocusEvent) => place(event.relatedTarget instanceof Element ? event.relatedTarget : null);
    const onChange = () => place();
    place();
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    window.addEventListener('scroll', onChange, { passive: true, capture: true });
    window.addEventListener('resize', onChange);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : undefined;
    // The page growing or shrinking (an outcome shown under a form) moves what it must keep clear.
    resized?.observe(stack);
    resized?.observe(document.body);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('scroll', onChange, { capture: true });
      window.removeEventListener('resize', onChange);
      resized?.disconnect();
    };
  }, [region, lastForm, count]);
}

function Toast({ tx, region }: { tx: SentTransaction; region: RefObject<HTMLElement> }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const words = useLaterWords();
  const what = transferWords(tx, chains, words);
  // Pointer over it or focus in it holds it (its countdown waits); both gone, it is released.
  const holding = useRef({ pointer: false, focus: false, held: false });
  const hold = (part: 'pointer' | 'focus', on: boolean) => {
    const now = holding.current;
    now[part] = on;
    const held = now.pointer || now.focus;
    if (held === now.held) return;
    now.held = held;
    const ref = { key: keyOf(tx) };
    dispatch(held ? transactionsActions.toastHeld(ref) : transactionsActions.toastReleased(ref));
  };
  const dismiss = () => {
    // Focus goes to the next toast's close button rather than to the top of the page.
    const buttons = [...(region.current?.querySelectorAll<HTMLButtonElement>('button.tx-toast-close') ?? [])];
    const mine = buttons.findIndex((b) => b.dataset['key'] === keyOf(tx));
    const next = buttons[mine + 1] ?? buttons[mine - 1];
    dispatch(transactionsActions.toastDismissed({ key: keyOf(tx) }));
    next?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  };
  return (
    <div
      className={`tx-toast tx-${tx.status}`}
      role="group"
      aria-label={what}
      data-testid="tx-toast"
      data-status={tx.status}
      data-hash={tx.hash ?? ''}
      data-key={keyOf(tx)}
      data-via={tx.via.kind}
      onKeyDown={onKeyDown}
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) hold('focus', false);
      }}
    >
      <p className="tx-toast-what">
        {tx.status === 'pending' ? <span className="spinner" aria-hidden="true" /> : null}
        <strong>
          <TransferSentence tx={tx} chains={chains} words={words} />
        </strong>
      </p>
      <p className="tx-toast-status" data-testid="tx-status">
        {statusWords(tx, words)}
      </p>
      {failureDetail(tx) ? (
        <details>
          <summary>{words.t('details.summary')}</summary>
          <span className="error-message">{failureDetail(tx)}</span>
        </details>
      ) : null}
      <p className="muted tx-small tx-toast-from">
        <Sentence
          words={words}
          id="tx.from"
          values={{
            account: (
              <span title={tx.account} dir="ltr">
                {shortAddress(tx.account)}
              </span>
            ),
            chain: <bdi>{chainName(chains, tx.chainId)}</bdi>,
          }}
        />
      </p>
      <SentLinks tx={tx} />
      <button type="button" className="tx-toast-close secondary small" data-key={keyOf(tx)} onClick={dismiss} aria-label={words.t('tx.dismiss', { what })}>
        ×
      </button>
    </div>
  );
}
