// The toasts of sent transactions, mounted once at app level. This host is all the first visit
// carries: the toasts themselves are in the "dialogs" chunk, shown into a live region that is on
// the page from the start, so screen readers hear the first toast too.
import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { WithPart } from '../parts';
import { useWords } from '../../i18n/react';
import './transactions.css';

export function TransactionToasts() {
  const words = useWords();
  const open = useAppSelector((s) => s.transactions.toasts.length > 0);
  const [live, setLive] = useState<HTMLDivElement | null>(null);
  // The form in use (the one the focus was last in), followed from the start: the first toast of a
  // transfer arrives after its Send, which may have dropped the focus when it was disabled.
  const lastForm = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && !event.target.closest('[data-testid=tx-toasts]')) lastForm.current = event.target.closest('form');
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  return (
    <>
      <div ref={setLive} className="visually-hidden" aria-live="polite" data-testid="tx-announcements" />
      {open && live ? (
        <WithPart name="dialogs" what={words.t('part.transactionNotices')}>
          {({ Toasts }) => <Toasts live={live} lastForm={lastForm} />}
        </WithPart>
      ) : null}
    </>
  );
}
