import type { KindView } from '../../../../store/selectors';

/**
 * A kind's state as a small badge (`data-testid="status"`). "Disconnected" is the ordinary state of
 * a wallet in the list: said to screen readers only.
 */
export function StatusBadge({ status }: { status: KindView }) {
  const quiet = status === 'Disconnected';
  const busy = status === 'Connecting' || status === 'Reconnecting';
  return (
    <span className={quiet ? 'visually-hidden' : `status-badge status-${status.toLowerCase().replace(/ /g, '-')}`} data-testid="status">
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {status}
    </span>
  );
}
