// The toasts of sent transactions, mounted once at app level. This host is all the first visit
// carries: the toasts themselves come with the signing code (a transaction is only ever sent after
// that has loaded), into a live region that is on the page from the start, so screen readers hear
// the first toast too.
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useAppSelector } from '../../../store/hooks';
import './transactions.css';

const Toasts = lazyPart('The transaction notices', () => import(/* webpackChunkName: "signing" */ './Toasts'));

export function TransactionToasts() {
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
        <Suspense fallback={null}>
          <Toasts live={live} lastForm={lastForm} />
        </Suspense>
      ) : null}
    </>
  );
}
