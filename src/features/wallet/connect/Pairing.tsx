// The WalletConnect pairing link, as the device can use it: on a desktop a QR code to scan with a
// phone (and the link to copy for desktop wallets); on a phone or tablet, where the device showing a
// QR code is the one that would have to scan it, links that open a wallet app here, with the QR code
// one click away. The QR library arrives on first use (chunk "qrcode", src/lib/qr.ts).
import { useState } from 'react';
import type { DevelopmentPhone } from '../../../lib/connectors/types';
import { useLaterWords } from '../../../i18n/later';
import { Sentence } from '../../../i18n/react';
import OpenInWalletApp from './OpenInWalletApp';
import QrCodePanel from './QrCodePanel';
import { usePhoneLayout } from './usePhoneLayout';

function QrCode({ uri }: { uri: string }) {
  return <QrCodePanel uri={uri} />;
}

function PhoneChoices({ uri }: { uri: string }) {
  const words = useLaterWords();
  const [showQr, setShowQr] = useState(false);
  return (
    <>
      <p className="muted">{words.t('pairing.phoneIntro')}</p>
      <OpenInWalletApp uri={uri} />
      <button type="button" className="secondary qr-toggle" aria-expanded={showQr} onClick={() => setShowQr((shown) => !shown)}>
        {words.t(showQr ? 'pairing.hideQr' : 'pairing.showQr')}
      </button>
      {showQr ? <QrCode uri={uri} /> : null}
    </>
  );
}

/**
 * `npm start` only: the development phone's page, pairing with this link (docs/behaviour.md §11). Its
 * name comes with its settings, so that no word of it is in the app's own code.
 */
function DevelopmentPhoneLink({ phone, uri }: { phone: DevelopmentPhone; uri: string }) {
  const words = useLaterWords();
  const href = new URL(phone.url);
  href.searchParams.set('uri', uri);
  return (
    <p>
      <a href={href.href} target="_blank" rel="noopener noreferrer">
        <Sentence words={words} id="pairing.openIn" values={{ phone: <bdi>{phone.name}</bdi> }} />
        <span className="visually-hidden">{words.t('connect.newTab')}</span>
      </a>
    </p>
  );
}

export function Pairing({ uri, developmentPhone }: { uri: string; developmentPhone?: DevelopmentPhone }) {
  const words = useLaterWords();
  const phone = usePhoneLayout();
  // Removed from production builds, whatever the store says.
  const development = process.env.NODE_ENV !== 'production' && developmentPhone ? <DevelopmentPhoneLink phone={developmentPhone} uri={uri} /> : null;
  // Keyed by the URI: a fresh pairing starts from a blank code, folded away again on a phone.
  return phone ? (
    <>
      <PhoneChoices key={uri} uri={uri} />
      {development}
    </>
  ) : (
    <>
      <p role="status" data-testid="qr-waiting">
        {words.t('pairing.scan')}
      </p>
      <QrCode key={uri} uri={uri} />
      {development}
    </>
  );
}
