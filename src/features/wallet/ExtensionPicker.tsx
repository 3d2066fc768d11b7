// The browser wallets that announced themselves (EIP-6963): the user picks one, the pick is
// remembered, and that wallet is the one asked. Icons are drawn only through <img> and only when the
// store holds a safe data URI for them (never as markup).
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAnnouncedWallets, selectChosenExtension, selectConnectorInfo } from '../../../store/selectors';
import { walletActions } from '../../../store/walletSlice';

export function ExtensionPicker({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const listsWallets = useAppSelector((s) => selectConnectorInfo(s, id).wallets !== undefined);
  const wallets = useAppSelector(selectAnnouncedWallets);
  const chosen = useAppSelector(selectChosenExtension);
  if (!listsWallets || wallets.length < 2) return null;
  return (
    <div className="extension-picker" role="group" aria-label="Browser wallets in this browser">
      <p className="muted">Connect with:</p>
      <ul>
        {wallets.map((wallet) => (
          <li key={wallet.uuid}>
            <button
              type="button"
              className="secondary wallet-choice"
              aria-pressed={chosen === wallet.rdns}
              onPointerEnter={() => dispatch(walletActions.connectIntent({ id }))}
              onClick={() => {
                dispatch(walletActions.extensionChosen({ rdns: wallet.rdns }));
                dispatch(walletActions.connectRequested({ id }));
              }}
            >
              {wallet.icon ? <img src={wallet.icon} alt="" width={20} height={20} /> : null}
              <span>{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
