// A chain read that no endpoint answered, in one wording wherever it is shown (docs/behaviour.md
// §6.8): "<what> unavailable", the exact reason in its title, and Retry, which reads it again.
import { displayText } from '../lib/displayText';
import type { WalletError } from '../lib/errors';
import './unavailable.css';

export function Unavailable({
  what,
  error,
  retrying = false,
  onRetry,
  testId,
}: {
  /** What is missing ("Balance"); '' where the line already names it ("<chain>: latest block unavailable"). */
  what: string;
  error: WalletError | undefined;
  /** A retry is under way: the button waits for its answer. */
  retrying?: boolean;
  /** Absent where a button cannot go (inside the header's account button, itself a button). */
  onRetry?: () => void;
  testId?: string;
}) {
  return (
    <span className="unavailable" data-testid={testId} data-retrying={retrying ? '' : undefined}>
      <span className="muted" title={error?.message ? displayText(error.message) : undefined}>
        {what ? `${what} unavailable` : 'unavailable'}
      </span>
      {onRetry ? (
        <button type="button" className="secondary small unavailable-retry" aria-disabled={retrying ? true : undefined} onClick={() => (retrying ? undefined : onRetry())}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </span>
  );
}
