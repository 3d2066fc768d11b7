// Before a mobile-link connect (popup or phone), suggest the wallet's browser extension when it is
// missing: install it, or continue without it. Continue is a click, so the wallet's popup opens in it.
import { useEffect } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo, selectExtensionSuggestionOpen } from '../../../store/selectors';
import { walletActions } from '../../../store/walletSlice';

export function ExtensionSuggestionDialog({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const info = useAppSelector((s) => selectConnectorInfo(s, id));
  const open = useAppSelector((s) => selectExtensionSuggestionOpen(s, id));

  // Loading the SDK while the user reads lets its popup open inside the Continue click.
  useEffect(() => {
    if (open) dispatch(walletActions.connectIntent({ id }));
  }, [open, id, dispatch]);

  if (!open) return null;
  const suggestion = info.extensionSuggestion;
  const close = () => dispatch(walletActions.extensionSuggestionClosed({ id }));
  const continueWithout = () => {
    close();
    dispatch(walletActions.connectRequested({ id }));
  };

  return (
    <Dialog
      title={`Connect ${info.name}`}
      description={`No ${suggestion?.name ?? 'browser extension'} was found in this browser. With it, you confirm right here instead of on your phone or in a pop-up.`}
      onClose={close}
      className="extension-suggestion"
    >
      {suggestion ? (
        <p>
          <a href={suggestion.installUrl} target="_blank" rel="noopener noreferrer">
            Install the {suggestion.name}
          </a>{' '}
          <span className="muted">(then reload this page)</span>
        </p>
      ) : null}
      <div className="actions">
        <button type="button" onClick={continueWithout}>
          Continue with the mobile app or pop-up
        </button>
        <button type="button" className="secondary" onClick={close}>
          Not now
        </button>
      </div>
    </Dialog>
  );
}
