// One wallet's connection, inside the connect dialog: waiting for the wallet (and, when that takes a
// while, where its prompt is), the QR code or phone links, the extension suggestion, the wallet's
// "request already open", a refusal in calm words with Try again, an error in plain words. Cancel is
// there while anything waits. `card-<kind>` with its `status` is what tests and assistive tech find.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { isDeclined } from '../../../../store/connectionView';
import {
  selectConnection,
  selectConnectionActivity,
  selectConnectorInfo,
  selectKindView,
  selectWaitsForScan,
  selectWalletIcon,
  selectWalletName,
} from '../../../../store/selectors';
import { walletActions } from '../../../../store/walletSlice';
import type { ConnectionId } from '../../../lib/connectors/types';
import { ERROR_NAMES } from '../../../lib/errors';
import { useElapsed } from '../../../ui/useElapsed';
import { ActionButton } from '../ActionButton';
import { ErrorMessage } from '../ErrorMessage';
import { Pairing } from './Pairing';
import { StatusBadge } from './StatusBadge';
import { usePhoneLayout } from './usePhoneLayout';
import { GET_A_WALLET_URL } from './WalletList';
import { WalletIcon } from '../WalletIcon';

/** After this long without an answer, the dialog says where the wallet's prompt is. */
export const LONG_WAIT_MS = 4_000;

export function KindProgress({ id, onBack }: { id: ConnectionId; onBack(): void }) {
  const dispatch = useAppDispatch();
  const view = useAppSelector((s) => selectKindView(s, id));
  const connection = useAppSelector((s) => selectConnection(s, id));
  const activity = useAppSelector((s) => selectConnectionActivity(s, id));
  const info = useAppSelector((s) => selectConnectorInfo(s, id));
  const name = useAppSelector((s) => selectWalletName(s, id));
  const icon = useAppSelector((s) => selectWalletIcon(s, id));
  const waitedLong = useElapsed(connection.activating ? activity.attempt : undefined, LONG_WAIT_MS);
  const panel = useRef<HTMLElement>(null);
  // A new view of the dialog: focus starts at its top, so the next Tab reaches its first control.
  useLayoutEffect(() => {
    panel.current?.focus();
  }, []);

  const connect = () => dispatch(walletActions.connectRequested({ id }));
  // Cancel ends the attempt and stays here (Connect, Back); closing the dialog is the QR code's "User closed modal".
  const cancel = () => dispatch(walletActions.connectCancelled({ id }));
  const continueWithout = () => {
    // Remembered: the next connect goes straight to the pop-up (docs/behaviour.md §6.4).
    dispatch(walletActions.extensionSuggestionDeclined({ id }));
    connect();
  };
  const back = <Button meaning="back" label="Back" secondary onActivate={onBack} />;
  const suggestion = activity.extensionSuggestion === true && !connection.activating ? info.extensionSuggestion : undefined;
  // The QR code is drawn and nobody has scanned it yet: nothing is "connecting" (docs/behaviour.md §6.3).
  const phone = usePhoneLayout();
  const waitsForScan = useAppSelector((s) => selectWaitsForScan(s, id));

  let body: ReactNode;
  let actions: ReactNode;
  if (suggestion) {
    body = (
      <>
        <p>No {suggestion.name} in this browser. With it, you approve right here instead of in a window or on your phone.</p>
        <p>
          <a href={suggestion.installUrl} target="_blank" rel="noopener noreferrer">
            Install the {suggestion.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </>
    );
    actions = (
      <>
        <Button meaning="continue" label="Continue with the mobile app or pop-up" onActivate={continueWithout} />
        {back}
      </>
    );
  } else if (view === 'Connecting' || view === 'Reconnecting') {
    body = <Waiting id={id} name={name} waitedLong={waitedLong} reconnecting={view === 'Reconnecting'} />;
    actions = <Button meaning="cancel" label="Cancel" secondary onActivate={cancel} />;
  } else if (view === 'Reload required') {
    // The wallet's own words (MetaMask's 1011 "Page reload required") stay under Details, as for any error.
    body = connection.error ? <ErrorMessage error={connection.error} wallet={name} kind={id} /> : <p>The link to {name} is broken. Reload the page to connect again.</p>;
    actions = <Button meaning="reload" label="Reload page" onActivate={() => window.location.reload()} />;
  } else if (view === 'Disconnected' && isDeclined(connection)) {
    body = (
      <p className="calm" data-testid="declined">
        {connection.error?.name === ERROR_NAMES.userClosedModal ? 'You closed the QR code before a wallet connected.' : `You declined in ${name}.`} Try again when you are ready.
      </p>
    );
    actions = (
      <>
        <Button meaning="retry" label="Try again" onActivate={connect} />
        {back}
      </>
    );
  } else if (view === 'Error' && connection.error) {
    body = (
      <>
        <ErrorMessage error={connection.error} wallet={name} kind={id} />
        {connection.error.name === ERROR_NAMES.noMetaMask ? (
          <p>
            <a href={GET_A_WALLET_URL} target="_blank" rel="noopener noreferrer">
              Get a wallet<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            <span className="muted">then reload this page.</span>
          </p>
        ) : null}
      </>
    );
    actions = (
      <>
        <Button meaning="retry" label="Try again" onActivate={connect} />
        {back}
      </>
    );
  } else if (view === 'Disconnected') {
    body = <p className="muted">Not connected.</p>;
    actions = (
      <>
        <Button meaning="connect" label="Connect" onActivate={connect} />
        {back}
      </>
    );
  } else {
    body = <p>Connected.</p>;
  }

  return (
    <article className="kind-progress" data-testid={`card-${id}`} data-status={view} aria-labelledby={`progress-${id}-title`} tabIndex={-1} ref={panel} data-autofocus="">
      <header className="kind-progress-header">
        <WalletIcon icon={icon} name={name} kind={id} large />
        <h3 id={`progress-${id}-title`} className="visually-hidden">
          {name}
        </h3>
        <span className="kind-progress-status" aria-live="polite">
          <StatusBadge status={view} {...(waitsForScan ? { waiting: phone ? 'Waiting for your wallet app' : 'Waiting for a scan' } : {})} />
        </span>
      </header>
      {body}
      {info.limitation ? <p className="muted limitation">{info.limitation}</p> : null}
      {actions ? <div className="actions">{actions}</div> : null}
    </article>
  );
}

function Button({ meaning, label, secondary, onActivate }: { meaning: string; label: string; secondary?: boolean; onActivate(): void }) {
  return (
    <ActionButton meaning={meaning} className={secondary ? 'secondary' : undefined} onActivate={onActivate}>
      {label}
    </ActionButton>
  );
}

/** What the wallet is waiting for, and where, in words; a spinner alone says nothing. */
function Waiting({ id, name, waitedLong, reconnecting }: { id: ConnectionId; name: string; waitedLong: boolean; reconnecting: boolean }) {
  const activity = useAppSelector((s) => selectConnectionActivity(s, id));
  const installed = useAppSelector((s) => selectConnectorInfo(s, id).installed === true);
  const developmentPhone = useAppSelector((s) => selectConnectorInfo(s, id).developmentPhone);
  const pairsByQrCode = useAppSelector((s) => selectConnectorInfo(s, id).pairsByQrCode === true);
  const { browserWallets, ownWindow } = useAppSelector((s) => selectConnectorInfo(s, id).face);
  const progress = useAppSelector((s) => selectConnectorInfo(s, id).face.progress);
  if (reconnecting) return <p role="status">Reconnecting to {name}…</p>;
  if (pairsByQrCode) {
    if (activity.awaitingWallet) return <p role="status">Approve the connection in the wallet app on your phone.</p>;
    if (activity.pairingUri) return <Pairing uri={activity.pairingUri} {...(developmentPhone ? { developmentPhone } : {})} />;
    return (
      <p role="status" className="waiting">
        Getting a QR code…
      </p>
    );
  }
  if (activity.awaitingWallet && browserWallets) {
    return (
      <p role="status" className="notice" data-testid="request-open">
        {name} already has a request open. Open {name} from your browser&apos;s toolbar to approve or reject it.
      </p>
    );
  }
  if (ownWindow) {
    // Where the prompt is, as the SDK reports it (docs/behaviour.md §6.4): the window it opened (opening,
    // then answered), or, when the request waits on the user with no window of ours, the phone its
    // session is linked to; else the extension it handed back.
    const where =
      activity.walletWindow !== undefined ? 'window' : activity.awaitingWallet ? 'phone' : installed ? 'extension' : 'window';
    return (
      <>
        <p role="status" className="waiting" data-where={where}>
          {activity.walletWindow === 'opened'
            ? `Opening the ${name} window…`
            : where === 'phone'
              ? `Approve the connection in the ${name} app on your phone.`
              : where === 'extension'
                ? `Approve the connection in the ${name} extension.`
                : `Approve the connection in the ${name} window.`}
        </p>
        {waitedLong && where !== 'phone' ? (
          <p className="muted" data-testid="where-is-the-prompt">
            {where === 'extension'
              ? `Don't see it? Open ${name} from your browser's toolbar.`
              : activity.walletWindow === 'answered'
                ? `Don't see it? The ${name} window may be behind this one.`
                : 'No window? Your browser may have blocked it: allow pop-ups for this site, then try again.'}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p role="status" className="waiting">
        {progress ?? `Approve the connection in ${name}.`}
      </p>
      {waitedLong ? (
        <p className="muted" data-testid="where-is-the-prompt">
          Don&apos;t see it? Open {name} from your browser&apos;s toolbar: its window may be behind this one.
        </p>
      ) : null}
    </>
  );
}
