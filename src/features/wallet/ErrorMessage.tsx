import type { WalletError } from '../../lib/errors';

/** The standard message first, the wallet's own words beside it when they add something. */
export function ErrorMessage({ error, prefix }: { error: WalletError; prefix?: string }) {
  return (
    <div role="alert" className="error" data-error-name={error.name} data-error-code={error.code}>
      {prefix ? <strong>{prefix} </strong> : null}
      <span className="error-message">{error.message}</span>
      {error.walletMessage ? <span className="error-detail"> (wallet says: {error.walletMessage})</span> : null}
    </div>
  );
}
