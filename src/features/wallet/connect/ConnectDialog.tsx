// The connect dialog: every way to connect (the wallet list), then the chosen wallet's progress in
// the same dialog. Closing it while a connection is under way ends that attempt (a QR code closed is
// "User closed modal", docs/behaviour.md §2.5); a connection that succeeds closes it (in the same store
// update, store/rootReducer.ts), and focus lands on the header's account button.
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { selectConnectDialog, selectConnection, selectConnectionActivity, selectConnectorInfo, selectWalletName } from '../../../../store/selectors';
import { uiActions } from '../../../../store/uiSlice';
import { walletActions } from '../../../../store/walletSlice';
import { DEFAULT_CONNECTION, type ConnectionId } from '../../../lib/connectors/types';
import { Dialog } from '../../../ui/Dialog';
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
  const id: ConnectionId = kind ?? DEFAULT_CONNECTION;
  const name = useAppSelector((s) => selectWalletName(s, id));
  const activating = useAppSelector((s) => selectConnection(s, id).activating);
  const suggesting = useAppSelector((s) => selectConnectionActivity(s, id).extensionSuggestion === true);
  const pairsByQrCode = useAppSelector((s) => selectConnectorInfo(s, id).pairsByQrCode === true);

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
    <Dialog title={kind === undefined ? 'Connect a wallet' : name} onClose={close} className="connect-dialog" testId="connect-dialog" fallbackFocus={walletControl}>
      {kind === undefined ? <WalletList /> : <KindProgress id={kind} onBack={back} />}
    </Dialog>
  );
}
