// Notices in the corner of the page for mobile-link wallets: "Confirm on phone" while a request waits
// on the wallet (Cancel rejects it with 4001), "Connection lost" when the link drops (Reset ends the
// stale session: no page reload, no other connection touched).
import { useId } from 'react';
import { useConnectors } from '../../app/connectorsContext';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { walletActions } from '../../../store/walletSlice';

export function CornerNotice({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const { name } = useConnectors()[id];
  const awaiting = useAppSelector((s) => s.wallet.activity[id].awaitingWallet);
  const linkLost = useAppSelector((s) => s.wallet.activity[id].linkLost === true);
  const titleId = useId();

  if (awaiting) {
    return (
      <div className="corner-notice" role="status" aria-labelledby={titleId} data-testid={`notice-${id}`}>
        <strong id={titleId}>Confirm on phone</strong>
        <p>Approve or reject the request in {name}: in its window, or in the app on your phone.</p>
        <button type="button" className="secondary" onClick={() => dispatch(walletActions.walletRequestCancelled({ id }))}>
          Cancel
        </button>
      </div>
    );
  }
  if (linkLost) {
    return (
      <div className="corner-notice corner-notice-lost" role="alert" aria-labelledby={titleId} data-testid={`notice-${id}`}>
        <strong id={titleId}>Connection lost</strong>
        <p>The link to {name} dropped. Reset the connection, then connect again.</p>
        <button type="button" onClick={() => dispatch(walletActions.disconnectRequested({ id }))}>
          Reset connection
        </button>
      </div>
    );
  }
  return null;
}

/** The corner where the notices of the given kinds stack. */
export function CornerNotices({ ids }: { ids: readonly ConnectionId[] }) {
  return (
    <div className="corner-notices">
      {ids.map((id) => (
        <CornerNotice key={id} id={id} />
      ))}
    </div>
  );
}
