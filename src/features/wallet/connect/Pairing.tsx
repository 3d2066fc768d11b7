// The WalletConnect pairing link, as the device can use it: on a desktop a QR code to scan with a
// phone (and the link to copy for desktop wallets); on a phone or tablet, where the device showing a
// QR code is the one that would have to scan it, links that open a wallet app here, with the QR code
// one click away. The code that draws the QR arrives with `qrcode` on first use (chunk "qrcode").
import { Suspense, useState } from 'react';
import { lazyPart } from '../../../ui/lazyPart';
import { usePhoneLayout } from './usePhoneLayout';

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
      <p className="muted">Open a WalletConnect wallet on this device to connect, or show the QR code to scan it with another one.</p>
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

export function Pairing({ uri }: { uri: string }) {
  const phone = usePhoneLayout();
  // Keyed by the URI: a fresh pairing starts from a blank code, folded away again on a phone.
  return phone ? (
    <PhoneChoices key={uri} uri={uri} />
  ) : (
    <>
      <p role="status" data-testid="qr-waiting">
        Scan with your phone&apos;s wallet.
      </p>
      <QrCode key={uri} uri={uri} />
    </>
  );
}
