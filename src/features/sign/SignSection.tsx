// "Sign and send": a small section on the page; the panel itself (editor, previews, ethers) is a
// separate chunk loaded when the user first opens it (or points at the button).
import { Suspense, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useAppSelector } from '../../../store/hooks';
import { selectSigningTarget } from '../../../store/signingSelectors';
import './sign.css';

const loadPanel = () => import(/* webpackChunkName: "signing" */ './SignPanel');
const SignPanel = lazyPart('The signing panel', loadPanel);

export function SignSection() {
  const [open, setOpen] = useState(false);
  const target = useAppSelector(selectSigningTarget);
  // Requests already in the store (a reload of state in DevTools, or a request in flight) keep it open.
  const hasRequests = useAppSelector((s) => Object.keys(s.signing.requests).length > 0);
  const shown = open || hasRequests;
  const preload = () => void loadPanel().catch(() => undefined);
  return (
    <section className="sign" aria-labelledby="sign-title" data-testid="sign-section">
      <header className="sign-header">
        <h2 id="sign-title">Sign and send</h2>
        {!shown ? (
          <button type="button" aria-expanded="false" onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload}>
            Open
          </button>
        ) : null}
      </header>
      {!target ? <p className="muted">Connect a wallet to sign a message, sign typed data or send a transfer with it.</p> : null}
      {shown ? (
        <Suspense
          fallback={
            <p className="muted" aria-busy="true">
              Loading…
            </p>
          }
        >
          <SignPanel />
        </Suspense>
      ) : null}
    </section>
  );
}
