// A chain read that no endpoint answered, in one wording wherever it is shown (docs/behaviour.md
// §6.8): "<what> unavailable", the exact reason in its title, and Retry, which reads it again. When an
// earlier answer is on screen and the read has failed since (the endpoint stopped answering in an open
// tab), that answer stays, marked "as of <time>" (AsOf) with the same title and Retry.
import { displayText } from '../lib/displayText';
import type { WalletError } from '../lib/errors';
import { english } from '../i18n/english';
import { useWords } from '../i18n/react';
import type { Words } from '../i18n/words';
import './unavailable.css';

interface RetryProps {
  /** A retry is under way: the button waits for its answer. */
  retrying?: boolean;
  /** Absent where a button cannot go (inside the header's account button, itself a button). */
  onRetry?: (() => void) | undefined;
}

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
  testId?: string;
} & RetryProps) {
  const words = useWords();
  return (
    <span className="unavailable" data-testid={testId} data-retrying={retrying ? '' : undefined}>
      <span className="muted" title={error?.message ? displayText(error.message) : undefined}>
        {what ? words.t('read.unavailable', { what }) : words.t('read.unavailableAlone')}
      </span>
      <Retry retrying={retrying} onRetry={onRetry} />
    </span>
  );
}

/** The time of day an answer came, as the user's clock shows it ("16:31:05"). */
export function timeOfDay(at: number, words: Words = english): string {
  return words.time(at);
}

/** The words that mark an old answer: "as of <time>" (the time it was answered). */
export const asOfWords = (at: number | undefined, words: Words = english) => (at === undefined ? words.t('read.notCurrent') : words.t('read.asOf', { time: timeOfDay(at, words) }));

/** Beside an old answer that a read has failed to renew since: when it was answered, why it is old, Retry. */
export function AsOf({ at, error, retrying = false, onRetry, testId }: { at: number | undefined; error: WalletError | undefined; testId?: string } & RetryProps) {
  const words = useWords();
  return (
    <span className="unavailable as-of" data-testid={testId} data-retrying={retrying ? '' : undefined}>
      <span className="muted" title={error?.message ? displayText(error.message) : undefined}>
        {asOfWords(at, words)}
      </span>
      <Retry retrying={retrying} onRetry={onRetry} />
    </span>
  );
}

function Retry({ retrying = false, onRetry }: RetryProps) {
  const words = useWords();
  if (!onRetry) return null;
  return (
    <button type="button" className="secondary small unavailable-retry" aria-disabled={retrying ? true : undefined} onClick={() => (retrying ? undefined : onRetry())}>
      {retrying ? words.t('read.retrying') : words.t('read.retry')}
    </button>
  );
}
