// A plain sentence for the user, with the exact message (the catalogue's, and the wallet's own words)
// one click away under "Details", for support and for the curious. As an alert, the whole is the
// alert: the sentence is what is read out (closed details are not rendered), and the exact message
// stays in its text for tests and for copying.
import type { ReactNode } from 'react';
import { displayText } from '../lib/displayText';
import type { WalletError } from '../lib/errors';
import { useLaterWords } from '../i18n/later';
import './errorDetails.css';

export function ErrorDetails({ error, children, alert = true, who }: { error: WalletError | string; children: ReactNode; alert?: boolean; who?: string }) {
  const words = useLaterWords();
  const exact = typeof error === 'string' ? { message: error } : error;
  return (
    <div
      className={`error-details ${alert ? 'error' : 'calm'}`}
      role={alert ? 'alert' : undefined}
      data-error-name={typeof error === 'string' ? undefined : error.name}
      data-error-code={typeof error === 'string' ? undefined : error.code}
    >
      <p className="error-sentence">{children}</p>
      <details>
        <summary>{words.t('details.summary')}</summary>
        <span className="error-message">{displayText(exact.message)}</span>
        {typeof error !== 'string' && error.walletMessage ? (
          <>
            {' '}
            <span className="error-detail">
              {who ? words.t('details.walletSays', { wallet: who }) : ''}
              {displayText(error.walletMessage)}
            </span>
          </>
        ) : null}
      </details>
    </div>
  );
}
