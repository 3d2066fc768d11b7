// The connect dialog: every way to connect (the wallet list), then the chosen wallet's progress in
// the same dialog. Closing it while a connection is under way ends that attempt (a QR code closed is
// "User closed modal", docs/behaviour.md §2.5); a connection that succeeds closes it (in the same store
// update, store/rootReducer.ts), and focus lands on the header's account button.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectConnectDialog, selectConnection, selectConnectionActivity, selectConnectorInfo } from '../../../../store/selectors';
import { uiActions } from '../../../../store/uiSlice';
import { walletActions } from '../../../../store/walletSlice';
import { DEFAULT_CONNECTION, type ConnectionId } from '../../../lib/connectors/types';
import { Dialog } from '../../../ui/Dialog';
import { useLaterWords } from '../../../i18n/later';
import { useShownWalletName } from '../kindWords';
import { KindProgress } from './KindProgress';
import { WalletList } from './WalletList';
import './connect.css';

/** The header's wallet control: where focus goes when what opened a dialog is gone. */
export const walletControl = () => document.querySelector<HTMLElement>('[data-wallet-control]');

export default function ConnectDialog() {
  const dialog = useAppSelector(selectConnectDialog);
  if (!dialog.open) return null;
  return <OpenDialog kind={dialog.kind} />;
}

function OpenDialog({ kind }: { kind: ConnectionId | undefined }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const id: ConnectionId = kind ?? DEFAULT_CONNECTION;
  const name = useShownWalletName(id, words);
  const activating = useAppSelector((s) => selectConnection(s, id).activating);
  const suggesting = useAppSelector((s) => selectConnectionActivity(s, id).extensionSuggestion === true);
  const pairsByQrCode = useAppSelector((s) => selectConnectorInfo(s, id).pairsByQrCode === true);
  const shown = useKindShown(kind, activating);

  /** Leaving a kind's progress (close or Back) ends what it started. */
  const leave = () => {
    if (kind === undefined) return;
    if (activating) dispatch(pairsByQrCode ? walletActions.qrDialogClosed({ id }) : walletActions.connectCancelled({ id }));
    if (suggesting) dispatch(walletActions.extensionSuggestionClosed({ id }));
  };
  const close = () => {
    leave();
    dispatch(uiActions.connectDialogClosed());
  };
  const back = () => {
    leave();
    dispatch(uiActions.connectDialogBack());
  };

  return (
    <Dialog title={shown === undefined ? words.t('connect.title') : <bdi>{name}</bdi>} onClose={close} className="connect-dialog" testId="connect-dialog" fallbackFocus={walletControl}>
      {shown === undefined ? <WalletList /> : <KindProgress id={shown} onBack={back} />}
    </Dialog>
  );
}

/**
 * The kind whose progress the dialog shows. A choice in the list that asks the wallet (the request
 * has left in the click's own task) shows its progress at the next frame, not in that task: nothing
 * is painted before the frame anyway, and the wallet's answer, often back by then, does not wait
 * behind the panel's render and focus move. When it is back first, "Connected" closes the dialog
 * (one commit, store/rootReducer.ts) and the panel is never drawn. Anything else shows at once.
 */
function useKindShown(kind: ConnectionId | undefined, asking: boolean): ConnectionId | undefined {
  // The kind on screen (undefined: the list).
  const [shown, setShown] = useState(kind);
  const later = kind !== undefined && shown === undefined && asking;
  if (kind !== shown && !later) setShown(kind);
  useEffect(() => {
    if (!later || kind === undefined) return;
    // In the frame's own callback, so that it is drawn in that frame, focus moved.
    return atNextFrame(() => flushSync(() => setShown(kind)));
  }, [later, kind]);
  return later ? undefined : kind;
}

/** Runs `work` at the next animation frame (or after a moment, on a page that draws none); returns the cancel. */
function atNextFrame(work: () => void): () => void {
  let done = false;
  let frame: number | undefined;
  const cancel = () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const timer = setTimeout(run, 100);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
  return cancel;
}
