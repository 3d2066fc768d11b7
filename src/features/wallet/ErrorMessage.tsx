import type { ConnectionId } from '../../lib/connectors/types';
import type { WalletError } from '../../lib/errors';
import { errorInWords } from './words';

/**
 * An error in plain words; the catalogue's exact message, and the wallet's own words beside it, under
 * "Details" (for support, and for the developer).
 */
export function ErrorMessage({ error, wallet = 'Your wallet', kind, prefix }: { error: WalletError; wallet?: string; kind?: ConnectionId; prefix?: string }) {
  return (
    <div role="alert" className="error" data-error-name={error.name} data-error-code={error.code}>
      <p>
        {prefix ? <strong>{prefix} </strong> : null}
        {errorInWords(error, wallet, kind)}
      </p>
      <details className="error-details">
        <summary>Details</summary>
        <p className="error-message">{error.message}</p>
        {error.walletMessage ? <p className="error-detail">{wallet} says: {error.walletMessage}</p> : null}
      </details>
    </div>
  );
}
