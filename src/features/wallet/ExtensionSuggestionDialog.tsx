// Before a mobile-link connect (popup or phone), suggest the wallet's browser extension when it is
// missing: install it, or continue without it. Continue is a click, so the wallet's popup opens in it.
import { useEffect } from 'react';
import { Dialog } from '../../app/Dialog';
import { useConnectors } from '../../app/connectorsContext';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { walletActions } from '../../../store/walletSlice';

export function ExtensionSuggestionDialog({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const connector = useConnectors()[id];
  const open = useAppSelector((s) => s.wallet.activity[id].extensionSuggestion === true);

  useEffect(() => {
    if (open) connector.preload?.();
  }, [open, connector]);

  if (!open) return null;
  const suggestion = connector.extensionSuggestion?.();
  const close = () => dispatch(walletActions.extensionSuggestionClosed({ id }));
  const continueWithout = () => {
    close();
    dispatch(walletActions.connectRequested({ id }));
  };

  return (
    <Dialog
      title={`Connect ${connector.name}`}
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
