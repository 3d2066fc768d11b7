import { useChains } from '../../app/chainsContext';
import { useConnectors } from '../../app/connectorsContext';
import { chainName } from '../../lib/chains';
import type { ConnectionId } from '../../lib/connectors/types';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  connectionStatus,
  isOnUnsupportedChain,
  selectAllowedChainIds,
  selectConnection,
  selectConnectionActivity,
  selectCurrentConnectionId,
} from '../../../store/selectors';
import { walletActions } from '../../../store/walletSlice';
import { AccountChainData } from '../chain/AccountChainData';
import { ChainSelector } from './ChainSelector';
import { ErrorMessage } from './ErrorMessage';

export function ConnectionCard({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const connector = useConnectors()[id];
  const connection = useAppSelector((s) => selectConnection(s, id));
  const meta = useAppSelector((s) => selectConnectionActivity(s, id));
  const allowed = useAppSelector((s) => selectAllowedChainIds(s, id));
  const isCurrent = useAppSelector((s) => selectCurrentConnectionId(s) === id);
  const status = connectionStatus(connection, meta);
  const unsupported = isOnUnsupportedChain(connection);
  const available = connector.isAvailable();
  const hasAccounts = connection.accounts !== undefined;
  const headingId = `card-${id}-title`;

  const connect = () => dispatch(walletActions.connectRequested({ id }));
  // A missing browser extension is suggested first; loading the SDK on hover lets its popup open inside the click.
  const chooseConnect = () => (connector.extensionSuggestion?.() ? dispatch(walletActions.extensionSuggestionShown({ id })) : connect());
  const preload = () => connector.preload?.();
  const selectChain = (chainId: number) =>
    hasAccounts
      ? dispatch(walletActions.chainSwitchRequested({ id, chainId }))
      : dispatch(walletActions.desiredChainSelected({ id, chainId }));

  return (
    <article className={`card${isCurrent ? ' current' : ''}`} aria-labelledby={headingId} data-testid={`card-${id}`} data-status={status}>
      <header>
        <h2 id={headingId}>{connector.name}</h2>
        {isCurrent ? <span className="badge" title="The last wallet you chose">Current</span> : null}
      </header>
      <p className={`status status-${status.toLowerCase()}`} data-testid="status" aria-live="polite">
        {status === 'Connecting' || status === 'Reconnecting' ? <span className="spinner" aria-hidden="true" /> : null}
        {status}
      </p>
      {!available ? <p className="muted">{connector.unavailableReason ?? 'Not available in this build.'}</p> : null}
      {meta.awaitingWallet ? (
        <p className="notice" role="status">
          Your wallet already has a request waiting: open it to approve or reject.
        </p>
      ) : null}
      {connection.chainId !== undefined ? (
        <p data-testid="chain">
          Chain: <strong>{chainName(chains, connection.chainId)}</strong> <span className="muted">({connection.chainId})</span>
        </p>
      ) : null}
      {connection.accounts && connection.accounts.length > 0 ? (
        <ul className="accounts" aria-label="Accounts">
          {connection.accounts.map((account) => (
            <li key={account} className="account">
              <span data-testid="account" className="address">
                {account}
              </span>
              {connection.chainId !== undefined ? (
                <AccountChainData chainId={connection.chainId} address={account} connected={status === 'Connected'} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {connection.error ? <ErrorMessage error={connection.error} /> : null}
      {meta.switchError ? <ErrorMessage error={meta.switchError} prefix="Chain not switched:" /> : null}
      {meta.rejectedUpdate ? <ErrorMessage error={meta.rejectedUpdate} prefix="Ignored an invalid update from the wallet:" /> : null}
      {available ? (
        <ChainSelector
          chainIds={allowed}
          value={hasAccounts ? connection.chainId : meta.desiredChainId}
          unsupported={unsupported ? connection.chainId : undefined}
          disabled={connection.activating || meta.switchingTo !== undefined}
          label={hasAccounts ? 'Switch chain' : 'Chain to connect to'}
          onSelect={selectChain}
        />
      ) : null}
      {meta.switchingTo !== undefined ? (
        <div className="notice">
          <span className="spinner" aria-hidden="true" />
          <span role="status">Switching to {chainName(chains, meta.switchingTo)}: confirm in your wallet.</span>
          <button type="button" className="secondary small" onClick={() => dispatch(walletActions.chainSwitchCancelled({ id }))}>
            Stop waiting
          </button>
        </div>
      ) : null}
      <div className="actions">
        {status === 'Disconnected' ? (
          <button type="button" onClick={chooseConnect} onPointerEnter={preload} onFocus={preload} disabled={!available}>
            Connect
          </button>
        ) : null}
        {status === 'Error' && !hasAccounts ? (
          <button type="button" onClick={connect} onPointerEnter={preload} onFocus={preload}>
            Try again
          </button>
        ) : null}
        {connection.activating ? (
          <button type="button" onClick={() => dispatch(walletActions.connectCancelled({ id }))}>
            Cancel
          </button>
        ) : null}
        {hasAccounts || status === 'Error' ? (
          <button type="button" className="secondary" onClick={() => dispatch(walletActions.disconnectRequested({ id }))}>
            Disconnect
          </button>
        ) : null}
      </div>
    </article>
  );
}
