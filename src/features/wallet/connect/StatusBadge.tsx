import type { KindView } from '../../../../store/connectionView';
import { useLaterWords } from '../../../i18n/later';

/**
 * A kind's state as a small badge (`data-testid="status"`). "Disconnected" is the ordinary state of
 * a wallet in the list: said to screen readers only. `waiting` replaces a busy state's word and
 * spinner when nothing is under way but the user's next step (a QR code to scan).
 */
export function StatusBadge({ status, waiting }: { status: KindView; waiting?: string }) {
  const words = useLaterWords();
  const quiet = status === 'Disconnected';
  const busy = waiting === undefined && (status === 'Connecting' || status === 'Reconnecting');
  return (
    <span className={quiet ? 'visually-hidden' : `status-badge status-${status.toLowerCase().replace(/ /g, '-')}`} data-testid="status" data-status={status}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {waiting ?? words.t(`status.${status}`)}
    </span>
  );
}
