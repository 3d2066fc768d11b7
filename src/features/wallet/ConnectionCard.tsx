import { useEffect, useRef, useState } from 'react';
import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';
import type { ConnectionId } from '../../lib/connectors/types';
import { ERROR_NAMES } from '../../lib/errors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  isDeclined,
  isOnUnsupportedChain,
  selectAllowedChainIds,
  selectConnection,
  selectConnectionActivity,
  selectConnectionStatus,
  selectConnectorInfo,
  selectCurrentConnectionId,
  selectHasChosen,
} from '../../../store/selectors';
import { walletActions } from '../../../store/walletSlice';
import { AccountChainData } from '../chain/AccountChainData';
import { AccountRow } from './AccountRow';
import { ActionButton } from './ActionButton';
import { ChainSelector } from './ChainSelector';
import { ErrorMessage } from './ErrorMessage';
import { ExtensionPicker } from './ExtensionPicker';

export const GET_A_WALLET_URL = 'https://ethereum.org/en/wallets/find-wallet/';

/** What the card shows: the store's status, with the user's own "no" and a foreign chain told apart. */
export type CardView = 'Disconnected' | 'Reconnecting' | 'Connecting' | 'Connected' | 'Error' | 'Reload required' | 'Unsupported network';

/** The card the user last worked in: after its controls change, focus returns there, not to <body>. */
let lastActiveCard: ConnectionId | undefined;
const hintedUnavailable = new Set<ConnectionId>();

export function ConnectionCard({ id }: { id: ConnectionId }) {
  const dispatch = useAppDispatch();
  const chains = useChains();
  const info = useAppSelector((s) => selectConnectorInfo(s, id));
  const connection = useAppSelector((s) => selectConnection(s, id));
  const meta = useAppSelector((s) => selectConnectionActivity(s, id));
  const allowed = useAppSelector((s) => selectAllowedChainIds(s, id));
  const status = useAppSelector((s) => selectConnectionStatus(s, id));
  const hasChosen = useAppSelector(selectHasChosen);
  const isCurrent = useAppSelector((s) => selectCurrentConnectionId(s) === id) && hasChosen;
  const unsupported = isOnUnsupportedChain(connection);
  const declined = status === 'Error' && isDeclined(connection);
  const view: CardView = declined ? 'Disconnected' : status === 'Error' && unsupported ? 'Unsupported network' : status;
  const hasAccounts = connection.accounts !== undefined;
  const available = info.available;
  const headingId = `card-${id}-title`;
  const primaryRef = useRef<HTMLButtonElement>(null);

  // The last supported chain this wallet was on: where "Switch to" leads when no chain was asked for.
  const [lastSupported, setLastSupported] = useState<number | undefined>(undefined);
  if (connection.chainId !== undefined && allowed.includes(connection.chainId) && lastSupported !== connection.chainId) setLastSupported(connection.chainId);
  const switchTarget =
    meta.desiredChainId !== undefined && allowed.includes(meta.desiredChainId) ? meta.desiredChainId : (lastSupported ?? allowed[0]);

  useEffect(() => {
    if (available || hintedUnavailable.has(id)) return;
    hintedUnavailable.add(id);
    console.info(`[walletdeck] ${info.name} is not available in this build${info.unavailableReason ? `: ${info.unavailableReason}` : ''}`);
  }, [available, id, info.name, info.unavailableReason]);

  // A control that had focus went away (Cancel, Switch, a notice's button): focus the card's primary
  // control, never <body>. Only in the card the user worked in, and never from under an open dialog.
  useEffect(() => {
    const active = document.activeElement;
    if (lastActiveCard !== id || (active && active !== document.body) || document.querySelector('dialog[open]')) return;
    primaryRef.current?.focus();
  }, [id, view, hasAccounts, meta.switchingTo, meta.awaitingWallet]);

  const connect = () => dispatch(walletActions.connectRequested({ id }));
  // A missing browser extension is suggested first.
  const chooseConnect = () => (info.extensionSuggestion ? dispatch(walletActions.extensionSuggestionShown({ id })) : connect());
  const intent = () => dispatch(walletActions.connectIntent({ id }));
  const disconnect = () => dispatch(walletActions.disconnectRequested({ id }));
  const selectChain = (chainId: number) =>
    hasAccounts
      ? dispatch(walletActions.chainSwitchRequested({ id, chainId }))
      : dispatch(walletActions.desiredChainSelected({ id, chainId }));

  // The primary control keeps its place while its meaning follows the state, so focus stays on it
  // and a second click of a double-click lands on the same (now inert or settling) button.
  const primary = (() => {
    switch (view) {
      case 'Connecting':
      case 'Reconnecting':
        return { meaning: 'busy', label: view === 'Connecting' ? 'Connecting…' : 'Reconnecting…', act: () => undefined, busy: true };
      case 'Connected':
      case 'Unsupported network':
        return { meaning: 'disconnect', label: 'Disconnect', act: disconnect };
      case 'Reload required':
        return { meaning: 'reload', label: 'Reload page', act: () => window.location.reload() };
      case 'Error':
        return hasAccounts ? { meaning: 'disconnect', label: 'Disconnect', act: disconnect } : { meaning: 'retry', label: 'Try again', act: connect };
      default:
        return { meaning: 'connect', label: 'Connect', act: chooseConnect };
    }
  })();
  const offersConnect = primary.meaning === 'connect' || primary.meaning === 'retry';

  return (
    <article
      className={`card${isCurrent ? ' current' : ''}`}
      aria-labelledby={headingId}
      data-testid={`card-${id}`}
      data-status={view}
      onFocus={() => {
        lastActiveCard = id;
      }}
    >
      <header>
        <h2 id={headingId}>{info.name}</h2>
        {isCurrent ? (
          <span className="badge" title="The last wallet you chose">
            Current
          </span>
        ) : null}
      </header>
      <p className={`status status-${view.toLowerCase().replace(/ /g, '-')}`} data-testid="status" aria-live="polite">
        {view === 'Connecting' || view === 'Reconnecting' ? <span className="spinner" aria-hidden="true" /> : null}
        {view}
      </p>
      {!available ? <p className="muted">Not available in this app.</p> : null}
      {meta.awaitingWallet ? (
        <p className="notice" role="status">
          Your wallet already has a request waiting: open it to approve or reject.
        </p>
      ) : null}
      {declined ? (
        <p className="notice neutral" role="status" data-testid="declined">
          {connection.error?.name === ERROR_NAMES.userClosedModal ? 'QR code closed.' : 'You declined in your wallet.'} Connect again when you are ready.
        </p>
      ) : null}
      {connection.chainId !== undefined ? (
        <p data-testid="chain">
          Chain: <strong>{chainName(chains, connection.chainId)}</strong> <span className="muted">({connection.chainId})</span>
        </p>
      ) : null}
      {view === 'Unsupported network' && meta.switchingTo === undefined && switchTarget !== undefined ? (
        <div className="notice neutral unsupported" data-testid="unsupported">
          <p>This app does not support the network your wallet is on.</p>
          <ActionButton meaning={`switch-${switchTarget}`} className="small" onActivate={() => dispatch(walletActions.chainSwitchRequested({ id, chainId: switchTarget }))}>
            Switch to {chainName(chains, switchTarget)}
          </ActionButton>
        </div>
      ) : null}
      {connection.accounts && connection.accounts.length > 0 ? (
        <ul className="accounts" aria-label="Accounts">
          {connection.accounts.map((account) => (
            <li key={account} className="account">
              <AccountRow address={account} chainId={connection.chainId} />
              {connection.chainId !== undefined ? (
                <AccountChainData chainId={connection.chainId} address={account} connected={status === 'Connected'} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {connection.error && !declined && !unsupported ? <ErrorMessage error={connection.error} /> : null}
      {connection.error?.name === ERROR_NAMES.noMetaMask ? (
        <p>
          <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
            Get a wallet
          </a>{' '}
          <span className="muted">(then reload this page)</span>
        </p>
      ) : null}
      {meta.switchError ? <ErrorMessage error={meta.switchError} prefix="Chain not switched:" /> : null}
      {meta.rejectedUpdate ? <ErrorMessage error={meta.rejectedUpdate} prefix="Ignored an invalid update from the wallet:" /> : null}
      {available && offersConnect ? <ExtensionPicker id={id} /> : null}
      {available ? (
        <ChainSelector
          chainIds={allowed}
          value={hasAccounts ? connection.chainId : meta.desiredChainId}
          unsupported={unsupported ? connection.chainId : undefined}
          disabled={connection.activating || meta.switchingTo !== undefined}
          label={hasAccounts ? 'Switch chain' : 'Chain to connect to'}
          confirm={hasAccounts}
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
        <ActionButton
          ref={primaryRef}
          meaning={primary.meaning}
          busy={primary.busy}
          disabled={!available}
          className={primary.meaning === 'disconnect' ? 'secondary' : undefined}
          onActivate={primary.act}
          onPointerEnter={offersConnect ? intent : undefined}
          onFocus={offersConnect ? intent : undefined}
        >
          {primary.label}
        </ActionButton>
        {connection.activating ? (
          <ActionButton meaning="cancel" className="secondary" onActivate={() => dispatch(walletActions.connectCancelled({ id }))}>
            Cancel
          </ActionButton>
        ) : null}
        {view === 'Error' && !hasAccounts ? (
          <ActionButton meaning="dismiss" className="secondary" onActivate={disconnect}>
            Dismiss
          </ActionButton>
        ) : null}
      </div>
    </article>
  );
}
