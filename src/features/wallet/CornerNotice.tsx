// Notices in the corner of the page for mobile-link wallets: "Confirm on phone" while a request waits
// on the wallet (Cancel rejects it with 4001), "Connection lost" when the link drops (Reset ends the
// stale session: no page reload, no other connection touched). Each kind's notice decides from state
// whether it shows: never while another part of the page (the dialog, the menu, the form) says the same wait.
import { useId } from 'react';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo } from '../../../store/selectors';
import { selectCornerNotice } from '../../../store/signingSelectors';
import { walletActions } from '../../../store/walletSlice';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import { useShownWalletName } from './kindWords';

export function CornerNotice({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  // The wallet the user picked, under its own name (the phone's, for WalletConnect: docs/behaviour.md §6.5).
  const name = useShownWalletName(id, words);
  const onPhone = useAppSelector((s) => selectConnectorInfo(s, id).pairsByQrCode === true);
  const notice = useAppSelector((s) => selectCornerNotice(s, id));
  const titleId = useId();

  if (notice === 'confirm') {
    return (
      <div className="corner-notice" role="status" aria-labelledby={titleId} data-testid={`notice-${id}`}>
        <strong id={titleId}>{words.t('notice.confirmTitle')}</strong>
        <p>
          <Sentence words={words} id={onPhone ? 'notice.confirmOnPhone' : 'notice.confirmAnywhere'} values={{ wallet: <bdi>{name}</bdi> }} />
        </p>
        <button type="button" className="secondary" onClick={() => dispatch(walletActions.walletRequestCancelled({ id }))}>
          {words.t('notice.cancel')}
        </button>
      </div>
    );
  }
  if (notice === 'lost') {
    return (
      <div className="corner-notice corner-notice-lost" role="alert" aria-labelledby={titleId} data-testid={`notice-${id}`}>
        <strong id={titleId}>{words.t('notice.lostTitle')}</strong>
        <p>
          <Sentence words={words} id="notice.lost" values={{ wallet: <bdi>{name}</bdi> }} />
        </p>
        <button type="button" onClick={() => dispatch(walletActions.disconnectRequested({ id }))}>
          {words.t('notice.reset')}
        </button>
      </div>
    );
  }
  return null;
}

/** The corner where the notices of the given kinds stack. */
export function CornerNotices({ ids }: { ids: readonly ConnectionId[] }) {
  return (
    <div className="corner-notices" data-testid="corner-notices">
      {ids.map((id) => (
        <CornerNotice key={id} id={id} />
      ))}
    </div>
  );
}
