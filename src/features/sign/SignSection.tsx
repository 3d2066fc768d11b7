// "Sign and send": a small section on the page, open whenever a wallet is connected (docs/behaviour.md
// §7.1); the panel itself (editor, previews, ethers) is the "signing" chunk, which a connected user's
// page loads as the wallet connects, and a first visit without a wallet never does. Without a wallet
// the section says how to get one there: connect (the connect dialog), or switch off an unsupported
// network. Its words are the first screen's (en.ts); the panel's arrive with it.
import { useLayoutEffect, useRef, type FocusEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSigningTarget } from '../../../store/signingSelectors';
import { selectWalletName } from '../../../store/selectors';
import { uiActions } from '../../../store/uiSlice';
import { selectPageView } from '../../../store/viewedChain';
import { useChains } from '../../ui/chainsContext';
import { Sentence, useWords } from '../../i18n/react';
import { useWarmUp, WithPart } from '../parts';
import './sign.css';

export function SignSection() {
  const dispatch = useAppDispatch();
  const words = useWords();
  const chains = useChains();
  const target = useAppSelector(selectSigningTarget);
  const page = useAppSelector((s) => selectPageView(s, chains));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  // The panel only ever shows a connected wallet's forms, and shows them as soon as there is one.
  const shown = target !== undefined;
  // What the section shows changes with the connection: without a wallet, how to get one there; with
  // one, the panel. The focus on what goes away (its "Connect wallet", a "Switch to …" of the
  // wrong-network note, a field of the panel at a disconnect) moves to the section's title, never to
  // the page's body.
  const title = useRef<HTMLHeadingElement>(null);
  const focusInBody = useRef(false);
  useLayoutEffect(() => {
    if (!focusInBody.current) return;
    focusInBody.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) title.current?.focus();
  }, [shown]);
  const onFocus = () => {
    focusInBody.current = true;
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.target;
    const body = event.currentTarget;
    if (event.relatedTarget instanceof Node && body.contains(event.relatedTarget)) return;
    // Focus the user moved elsewhere (a dialog, the header, the page) is theirs; only focus lost with
    // what went away (its element removed) is ours to mend.
    queueMicrotask(() => {
      if (from.isConnected) focusInBody.current = false;
    });
  };
  const preloadConnect = useWarmUp('dialogs');
  // The header's control does the same: a connection under way or gone wrong opens on its progress.
  const showsKind = page.view === 'Connecting' || page.view === 'Error' || page.view === 'Reload required';
  const connect = () => dispatch(showsKind ? uiActions.connectDialogShowed({ id: page.kind }) : uiActions.connectDialogOpened());
  return (
    <section className="sign" aria-labelledby="sign-title" data-testid="sign-section">
      <header className="sign-header">
        <h2 id="sign-title" ref={title} tabIndex={-1}>
          {words.t('sign.title')}
        </h2>
      </header>
      {/* One place for what changes with the connection, so that the focus on what goes away is followed. */}
      <div className="sign-body" onFocus={onFocus} onBlur={onBlur}>
        {shown ? (
          <WithPart
            name="signingPanel"
            what={words.t('part.signingPanel')}
            fallback={
              <p className="muted" aria-busy="true">
                {words.t('loading')}
              </p>
            }
          >
            {({ default: SignPanel }) => <SignPanel />}
          </WithPart>
        ) : page.view === 'Reconnecting' ? (
          // The header says "Reconnecting…": so does this, rather than ask for a connect under way.
          <p className="muted" aria-busy="true" data-testid="sign-reconnecting">
            <Sentence words={words} id="overview.reconnectingTo" values={{ wallet: <bdi>{wallet}</bdi> }} />
          </p>
        ) : page.view === 'Unsupported network' ? (
          <WithPart name="dialogs" what={words.t('part.wrongNetwork')}>
            {({ WrongNetworkSignNote }) => <WrongNetworkSignNote />}
          </WithPart>
        ) : (
          <div className="sign-away" data-testid="sign-connect">
            <p className="muted">{words.t('sign.connectFirst')}</p>
            <p>
              <button type="button" aria-haspopup="dialog" onClick={connect} onPointerEnter={preloadConnect} onFocus={preloadConnect}>
                {words.t('header.connect')}
              </button>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
