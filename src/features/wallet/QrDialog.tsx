// Our own WalletConnect QR dialog (the SDK's modal never ships). It opens at once while a pairing URI
// waits; the code that draws it arrives with `qrcode` on first use. Closing it (Escape, the close
// button, the backdrop) tears the pending connection down.
import { Suspense, lazy } from 'react';
import { Dialog } from '../../app/Dialog';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { walletActions } from '../../../store/walletSlice';

const QrCodePanel = lazy(() => import(/* webpackChunkName: "qrcode" */ './QrCodePanel'));

/** Open while the QR-code wallet has a pairing URI to show. */
export function QrDialog({ id = 'walletconnect' }: { id?: ConnectionId }) {
  const dispatch = useAppDispatch();
  const uri = useAppSelector((s) => s.wallet.activity[id].pairingUri);
  if (uri === undefined) return null;
  return (
    <Dialog
      title="Scan with your phone"
      description="Open a WalletConnect wallet on your phone and scan this code to connect."
      onClose={() => dispatch(walletActions.qrDialogClosed({ id }))}
      className="qr-dialog"
    >
      <Suspense fallback={<p className="muted">Preparing the QR code…</p>}>
        <QrCodePanel uri={uri} />
      </Suspense>
    </Dialog>
  );
}
