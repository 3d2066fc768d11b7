// Our own WalletConnect dialog (the SDK's modal never ships). It opens as soon as a WalletConnect
// connect starts, first saying that the relay is being reached, then showing the pairing URI: as a QR
// code on a desktop, and on a phone (touch or narrow screen) as links that open a wallet app on the
// same device, with the QR code one click away. The code that draws the QR arrives with `qrcode` on
// first use. Closing it (Escape, the close button, Cancel, the backdrop) tears the pending connection down.
import { Suspense, useState } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { Dialog } from '../../ui/Dialog';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAwaitingPairingUri, selectPairingUri } from '../../../store/selectors';
import { walletActions } from '../../../store/walletSlice';
import { usePhoneLayout } from './usePhoneLayout';
import './qrDialog.css';

// Both arrive with the first pairing, in the same chunk, so that none of it weighs on the first visit.
const QrCodePanel = lazyPart('The QR code', () => import(/* webpackChunkName: "qrcode" */ './QrCodePanel'));
const OpenInWalletApp = lazyPart('The wallet app links', () => import(/* webpackChunkName: "qrcode" */ './OpenInWalletApp'));

function QrCode({ uri }: { uri: string }) {
  return (
    <Suspense fallback={<p className="muted">Preparing the QR code…</p>}>
      <QrCodePanel uri={uri} />
    </Suspense>
  );
}

function PhoneChoices({ uri }: { uri: string }) {
  const [showQr, setShowQr] = useState(false);
  return (
    <>
      <Suspense fallback={<p className="muted">Preparing the wallet links…</p>}>
        <OpenInWalletApp uri={uri} />
      </Suspense>
      <button type="button" className="secondary qr-toggle" aria-expanded={showQr} onClick={() => setShowQr((shown) => !shown)}>
        {showQr ? 'Hide QR code' : 'Show QR code'}
      </button>
      {showQr ? <QrCode uri={uri} /> : null}
    </>
  );
}

/** Open while a QR-code wallet connect is under way: reaching the relay, then the pairing URI. */
export function QrDialog({ id = 'walletconnect' }: { id?: ConnectionId }) {
  const dispatch = useAppDispatch();
  const uri = useAppSelector((s) => selectPairingUri(s, id));
  const reaching = useAppSelector((s) => selectAwaitingPairingUri(s, id));
  const phone = usePhoneLayout();
  if (uri === undefined && !reaching) return null;
  const close = () => dispatch(walletActions.qrDialogClosed({ id }));

  if (uri === undefined) {
    return (
      <Dialog title="Connecting to WalletConnect" onClose={close} className="qr-dialog">
        <p className="qr-reaching" role="status">
          <span className="spinner" aria-hidden="true" /> Reaching the WalletConnect relay…
        </p>
        <div className="actions">
          <button type="button" className="secondary" onClick={close}>
            Cancel
          </button>
        </div>
      </Dialog>
    );
  }
  return phone ? (
    <Dialog
      title="Open in your wallet app"
      description="Open a WalletConnect wallet on this device to connect, or show the QR code to scan it with another one."
      onClose={close}
      className="qr-dialog qr-dialog-phone"
    >
      {/* Keyed by the URI: a fresh pairing starts with the QR code folded away again. */}
      <PhoneChoices key={uri} uri={uri} />
    </Dialog>
  ) : (
    <Dialog
      title="Scan with your phone"
      description="Open a WalletConnect wallet on your phone and scan this code to connect."
      onClose={close}
      className="qr-dialog"
    >
      <QrCode uri={uri} />
    </Dialog>
  );
}
