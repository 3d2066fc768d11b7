// One banner under the header about the wallet in view when the page cannot simply show it: on a
// network the app does not support (with "Switch to <chain>"), or with a link that only a reload
// brings back.
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAllowedChainIds, selectConnectionActivity, selectWalletName } from '../../../store/selectors';
import { selectPageView } from '../../../store/viewedChain';
import { walletActions } from '../../../store/walletSlice';
import { chainName, defaultChainId, offeredChainIds } from '../../lib/chains';
import { useChains } from '../../ui/chainsContext';
import { ActionButton } from './ActionButton';
import { ErrorMessage } from './ErrorMessage';
import { unsupportedInWords } from './words';

export function ConnectionBanner() {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const page = useAppSelector((s) => selectPageView(s, chains));
  const allowed = useAppSelector((s) => selectAllowedChainIds(s, page.kind));
  const activity = useAppSelector((s) => selectConnectionActivity(s, page.kind));
  const wallet = useAppSelector((s) => selectWalletName(s, page.kind));
  if (page.view === 'Reload required') {
    return (
      <div className="banner" role="alert" data-testid="banner">
        <p>The link to {wallet} is broken. Reload the page to connect again.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    );
  }
  if (page.view !== 'Unsupported network') return null;
  const offered = offeredChainIds(chains, allowed);
  // Where "Switch to" leads: the chain asked for on connect, else the app's default, else the first offered.
  const preferred = [activity.desiredChainId, defaultChainId(chains)].find((id) => id !== undefined && offered.includes(id));
  const target = preferred ?? offered[0];
  return (
    <div className="banner" role="alert" data-testid="unsupported">
      <p>{unsupportedInWords(chains, page.chainId)}</p>
      {activity.switchingTo !== undefined ? (
        <p className="banner-waiting" role="status">
          <span className="spinner" aria-hidden="true" /> Confirm the switch in {wallet}.{' '}
          <button type="button" className="secondary small" onClick={() => dispatch(walletActions.chainSwitchCancelled({ id: page.kind }))}>
            Stop waiting
          </button>
        </p>
      ) : target !== undefined ? (
        <ActionButton meaning={`switch-${target}`} onActivate={() => dispatch(walletActions.chainSwitchRequested({ id: page.kind, chainId: target }))}>
          Switch to {chainName(chains, target)}
        </ActionButton>
      ) : null}
      {activity.switchError ? <ErrorMessage error={activity.switchError} wallet={wallet} prefix="Network not switched." /> : null}
    </div>
  );
}
