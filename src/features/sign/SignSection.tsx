// "Sign and send": a small section on the page; the panel itself (editor, previews, ethers) is the
// "signing" chunk, loaded when the user first opens it (or points at the button). Without a wallet it
// says how to get one there: connect (the connect dialog), or switch off an unsupported network.
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSigningTarget } from '../../../store/signingSelectors';
import { selectWalletName } from '../../../store/selectors';
import { uiActions } from '../../../store/uiSlice';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { useWarmUp, WithPart } from '../parts';
import './sign.css';

export function SignSection() {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const [open, setOpen] = useState(false);
  const target = useAppSelector(selectSigningTarget);
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  // Requests already in the store (a reload of state in DevTools, or a request in flight) keep it open.
  const hasRequests = useAppSelector((s) => Object.keys(s.signing.requests).length > 0);
  // The panel only ever shows a connected wallet's forms: without one, nothing to open.
  const shown = target !== undefined && (open || hasRequests);
  // "Open" goes away as the panel opens: the focus moves to the section's title, never to the page's body.
  const title = useRef<HTMLHeadingElement>(null);
  const [openedHere, setOpenedHere] = useState(false);
  useEffect(() => {
    if (openedHere && shown) title.current?.focus();
  }, [openedHere, shown]);
  const preload = useWarmUp('signingPanel');
  const preloadConnect = useWarmUp('dialogs');
  // The header's control does the same: a connection under way or gone wrong opens on its progress.
  const showsKind = page.view === 'Connecting' || page.view === 'Error' || page.view === 'Reload required';
  const connect = () => dispatch(showsKind ? uiActions.connectDialogShowed({ id: page.kind }) : uiActions.connectDialogOpened());
  return (
    <section className="sign" aria-labelledby="sign-title" data-testid="sign-section">
      <header className="sign-header">
        <h2 id="sign-title" ref={title} tabIndex={-1}>
          Sign and send
        </h2>
        {target && !shown ? (
          <button type="button" aria-expanded="false" onClick={() => {
              setOpen(true);
              setOpenedHere(true);
            }}
            onPointerEnter={preload}
            onFocus={preload}
          >
            Open
          </button>
        ) : null}
      </header>
      {target ? null : page.view === 'Reconnecting' ? (
        // The header says "Reconnecting…": so does this, rather than ask for a connect under way.
        <p className="muted" aria-busy="true" data-testid="sign-reconnecting">
          Reconnecting to {wallet}…
        </p>
      ) : page.view === 'Unsupported network' ? (
        <WithPart name="dialogs" what="The wrong-network notice">
          {({ WrongNetworkSignNote }) => <WrongNetworkSignNote />}
        </WithPart>
      ) : (
        <div className="sign-away" data-testid="sign-connect">
          <p className="muted">Connect a wallet to sign a message, sign typed data or send a transfer with it.</p>
          <p>
            <button type="button" aria-haspopup="dialog" onClick={connect} onPointerEnter={preloadConnect} onFocus={preloadConnect}>
              Connect wallet
            </button>
          </p>
        </div>
      )}
      {shown ? (
        <WithPart
          name="signingPanel"
          what="The signing panel"
          fallback={
            <p className="muted" aria-busy="true">
              Loading…
            </p>
          }
        >
          {({ default: SignPanel }) => <SignPanel />}
        </WithPart>
      ) : null}
    </section>
  );
}
