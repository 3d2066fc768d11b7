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
import { useLaterWords } from '../../../i18n/later';
import { Sentence } from '../../../i18n/react';
import { ActionButton } from '../ActionButton';
import { ErrorMessage } from '../ErrorMessage';
import { Pairing } from './Pairing';
import { StatusBadge } from './StatusBadge';
import { usePhoneLayout } from './usePhoneLayout';
import { GET_A_WALLET_URL } from './WalletList';
import { kindWords, useShownWalletName } from '../kindWords';
import { WalletIcon } from '../WalletIcon';

/** After this long without an answer, the dialog says where the wallet's prompt is. */
export const LONG_WAIT_MS = 4_000;

export function KindProgress({ id, onBack }: { id: ConnectionId; onBack(): void }) {
  const dispatch = useAppDispatch();
  const view = useAppSelector((s) => selectKindView(s, id));
  const connection = useAppSelector((s) => selectConnection(s, id));
  const activity = useAppSelector((s) => selectConnectionActivity(s, id));
  const info = useAppSelector((s) => selectConnectorInfo(s, id));
  const words = useLaterWords();
  // The name shown (a kind's own in the page's language); the icon tells a kind's mark by the stored one.
  const name = useShownWalletName(id, words);
  const storedName = useAppSelector((s) => selectWalletName(s, id));
  const named = <bdi>{name}</bdi>;
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
  const back = <Button meaning="back" label={words.t('connect.back')} secondary onActivate={onBack} />;
  const suggestion = activity.extensionSuggestion === true && !connection.activating ? info.extensionSuggestion : undefined;
  // The QR code is drawn and nobody has scanned it yet: nothing is "connecting" (docs/behaviour.md §6.3).
  const phone = usePhoneLayout();
  const waitsForScan = useAppSelector((s) => selectWaitsForScan(s, id));

  let body: ReactNode;
  let actions: ReactNode;
  if (suggestion) {
    const extension = <bdi>{kindWords(words, id, 'extension', suggestion.name, info.name)}</bdi>;
    body = (
      <>
        <p>
          <Sentence words={words} id="connect.noExtension" values={{ extension }} />
        </p>
        <p>
          <a href={suggestion.installUrl} target="_blank" rel="noopener noreferrer">
            <Sentence words={words} id="connect.installExtension" values={{ extension }} />
            <span className="visually-hidden">{words.t('connect.newTab')}</span>
          </a>
        </p>
      </>
    );
    actions = (
      <>
        <Button meaning="continue" label={words.t('connect.withoutExtension')} onActivate={continueWithout} />
        {back}
      </>
    );
  } else if (view === 'Connecting' || view === 'Reconnecting') {
    body = <Waiting id={id} name={name} waitedLong={waitedLong} reconnecting={view === 'Reconnecting'} />;
    actions = <Button meaning="cancel" label={words.t('connect.cancel')} secondary onActivate={cancel} />;
  } else if (view === 'Reload required') {
    // The wallet's own words (MetaMask's 1011 "Page reload required") stay under Details, as for any error.
    body = connection.error ? (
      <ErrorMessage error={connection.error} wallet={name} kind={id} />
    ) : (
      <p>
        <Sentence words={words} id="banner.linkBroken" values={{ wallet: named }} />
      </p>
    );
    actions = <Button meaning="reload" label={words.t('connect.reload')} onActivate={() => window.location.reload()} />;
  } else if (view === 'Disconnected' && isDeclined(connection)) {
    body = (
      <p className="calm" data-testid="declined">
        {connection.error?.name === ERROR_NAMES.userClosedModal ? words.t('connect.closedQr') : <Sentence words={words} id="connect.declined" values={{ wallet: named }} />}
      </p>
    );
    actions = (
      <>
        <Button meaning="retry" label={words.t('connect.tryAgain')} onActivate={connect} />
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
              {words.t('connect.getWallet')}
              <span className="visually-hidden">{words.t('connect.newTab')}</span>
            </a>{' '}
            <span className="muted">{words.t('connect.thenReload')}</span>
          </p>
        ) : null}
      </>
    );
    actions = (
      <>
        <Button meaning="retry" label={words.t('connect.tryAgain')} onActivate={connect} />
        {back}
      </>
    );
  } else if (view === 'Disconnected') {
    body = <p className="muted">{words.t('connect.notConnected')}</p>;
    actions = (
      <>
        <Button meaning="connect" label={words.t('connect.connect')} onActivate={connect} />
        {back}
      </>
    );
  } else {
    body = <p>{words.t('connect.connected')}</p>;
  }

  return (
    <article className="kind-progress" data-testid={`card-${id}`} data-status={view} aria-labelledby={`progress-${id}-title`} tabIndex={-1} ref={panel} data-autofocus="">
      <header className="kind-progress-header">
        <WalletIcon icon={icon} name={storedName} kind={id} large />
        <h3 id={`progress-${id}-title`} className="visually-hidden">
          {named}
        </h3>
        <span className="kind-progress-status" aria-live="polite">
          <StatusBadge status={view} {...(waitsForScan ? { waiting: words.t(phone ? 'connect.waitingForApp' : 'connect.waitingForScan') } : {})} />
        </span>
      </header>
      {body}
      {info.limitation ? <p className="muted limitation">{kindWords(words, id, 'limitation', info.limitation, info.name)}</p> : null}
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

/**
 * What the wallet is waiting for, and where, in words; and, when the same approval signs the user in
 * (docs/behaviour.md §13.8), that it does.
 */
function Waiting(props: { id: ConnectionId; name: string; waitedLong: boolean; reconnecting: boolean }) {
  const words = useLaterWords();
  const signsIn = useAppSelector((s) => s.signIn.status === 'connecting' && s.signIn.kind === props.id);
  return (
    <>
      <WaitingFor {...props} />
      {signsIn && !props.reconnecting ? (
        <p className="muted" data-testid="signs-in-too">
          {words.t('connect.signsInToo')}
        </p>
      ) : null}
    </>
  );
}

/** What the wallet is waiting for, and where, in words; a spinner alone says nothing. */
function WaitingFor({ id, name, waitedLong, reconnecting }: { id: ConnectionId; name: string; waitedLong: boolean; reconnecting: boolean }) {
  const words = useLaterWords();
  const activity = useAppSelector((s) => selectConnectionActivity(s, id));
  const info = useAppSelector((s) => selectConnectorInfo(s, id));
  const installed = info.installed === true;
  const developmentPhone = info.developmentPhone;
  const pairsByQrCode = info.pairsByQrCode === true;
  const { browserWallets, ownWindow, progress } = info.face;
  // A sentence about the wallet, its name kept apart from the words around it (<bdi>).
  const say = (key: WalletSentence) => <Sentence words={words} id={key} values={{ wallet: <bdi>{name}</bdi> }} />;
  if (reconnecting) return <p role="status">{say('connect.reconnecting')}</p>;
  if (pairsByQrCode) {
    if (activity.awaitingWallet) return <p role="status">{words.t('connect.approveOnPhone')}</p>;
    if (activity.pairingUri) return <Pairing uri={activity.pairingUri} {...(developmentPhone ? { developmentPhone } : {})} />;
    return (
      <p role="status" className="waiting">
        {words.t('connect.gettingQr')}
      </p>
    );
  }
  if (activity.awaitingWallet && browserWallets) {
    return (
      <p role="status" className="notice" data-testid="request-open">
        {say('connect.requestOpen')}
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
          {say(
            activity.walletWindow === 'opened'
              ? 'connect.opening'
              : where === 'phone'
                ? 'connect.approveInApp'
                : where === 'extension'
                  ? 'connect.approveInExtension'
                  : 'connect.approveInWindow',
          )}
        </p>
        {waitedLong && where !== 'phone' ? (
          <p className="muted" data-testid="where-is-the-prompt">
            {where === 'extension'
              ? say('connect.lookInToolbar')
              : activity.walletWindow === 'answered'
                ? say('connect.windowBehind')
                : words.t('connect.windowBlocked')}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p role="status" className="waiting">
        {progress !== undefined ? kindWords(words, id, 'progress', progress, info.name) : say('connect.approveIn')}
      </p>
      {waitedLong ? (
        <p className="muted" data-testid="where-is-the-prompt">
          {say('connect.toolbarOrBehind')}
        </p>
      ) : null}
    </>
  );
}

/** The waiting sentences that name the wallet. */
type WalletSentence =
  | 'connect.reconnecting'
  | 'connect.requestOpen'
  | 'connect.opening'
  | 'connect.approveInApp'
  | 'connect.approveInExtension'
  | 'connect.approveInWindow'
  | 'connect.lookInToolbar'
  | 'connect.windowBehind'
  | 'connect.approveIn'
  | 'connect.toolbarOrBehind';
