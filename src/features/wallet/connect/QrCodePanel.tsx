// What the QR dialog shows, loaded with `qrcode` on the first pairing (chunk "qrcode") so that none of
// it weighs on the first visit: the pairing URI drawn at the defaults of docs/behaviour.md §6.3, and the link to copy.
import { useEffect, useRef, useState } from 'react';
import { toWalletError } from '../../../lib/errors';
import { encodeQr, paintQr, qrSettings, QR_DEFAULTS } from '../../../lib/qr';
import { useLaterWords } from '../../../i18n/later';
import { Sentence } from '../../../i18n/react';

type Drawing = { state: 'drawing' } | { state: 'drawn'; version: number } | { state: 'failed'; message: string };

function QrCode({ uri }: { uri: string }) {
  const words = useLaterWords();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState<Drawing>({ state: 'drawing' });

  useEffect(() => {
    let current = true;
    (async () => {
      const settings = qrSettings({ content: uri });
      const matrix = await encodeQr(settings);
      const element = canvas.current;
      const context = element?.getContext('2d');
      if (!current || !element || !context) return;
      // Drawn at the screen's pixel density so every module has crisp edges for the camera.
      const density = Math.max(1, Math.round(window.devicePixelRatio || 1));
      element.width = settings.width * density;
      element.height = settings.height * density;
      paintQr(context, matrix, { ...settings, width: element.width, height: element.height });
      setDrawing({ state: 'drawn', version: matrix.version });
    })().catch((error: unknown) => {
      if (current) setDrawing({ state: 'failed', message: toWalletError(error).message });
    });
    return () => {
      current = false;
    };
  }, [uri]);

  return (
    <figure className="qr-code">
      <canvas
        ref={canvas}
        width={QR_DEFAULTS.width}
        height={QR_DEFAULTS.height}
        style={{ width: QR_DEFAULTS.width, height: QR_DEFAULTS.height }}
        role="img"
        aria-label={words.t('pairing.qrLabel')}
        data-testid="qr-code"
        data-content={uri}
        data-state={drawing.state}
        data-version={drawing.state === 'drawn' ? drawing.version : undefined}
      />
      {drawing.state === 'failed' ? (
        <p role="alert">
          {/* The library's own message, as it is (English, left to right). */}
          <Sentence words={words} id="pairing.qrFailed" values={{ reason: <bdi dir="ltr">{drawing.message}</bdi> }} />
        </p>
      ) : null}
    </figure>
  );
}

function CopyLink({ uri }: { uri: string }) {
  const words = useLaterWords();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(uri);
      setCopied('copied');
    } catch {
      // Clipboard blocked: select the link so that the user can copy it by hand.
      field.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div className="copy-link">
      <label>
        {words.t('pairing.pasteLink')}
        <input ref={field} type="text" readOnly value={uri} data-testid="pairing-uri" onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button type="button" className="secondary" onClick={() => void copy()}>
        {words.t('pairing.copyLink')}
      </button>
      <span role="status" className="muted">
        {copied === 'copied' ? words.t('pairing.copied') : copied === 'failed' ? words.t('pairing.copyBlocked') : ''}
      </span>
    </div>
  );
}

export default function QrCodePanel({ uri }: { uri: string }) {
  return (
    <>
      {/* Keyed by the URI: a fresh pairing starts from a blank code and no "copied" note. */}
      <QrCode key={`qr-${uri}`} uri={uri} />
      <CopyLink key={`copy-${uri}`} uri={uri} />
    </>
  );
}
