// What became of a form's last request, in the user's words; the exact error under "Details".
import type { ReactNode } from 'react';
import { AddressGroups } from '../../ui/AddressGroups';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSigningRequest, selectSigningTarget } from '../../../store/signingSelectors';
import { askedOf, signingActions, type SigningKind, type SigningRequest } from '../../../store/signingSlice';
import { shortAddress } from '../../ui/address';
import { selectSent, selectTransaction } from '../../../store/transactionsSelectors';
import type { RootState } from '../../../store/types';
import { sentKey } from '../../lib/sentTransactions';
import { selectWalletName } from '../../../store/selectors';
import { selectConnectorInfo } from '../../../store/selectors';
import { TransactionLink } from '../transactions/TransactionLink';
import { failureDetail, statusWords } from '../transactions/words';
import { plainError } from './words';

/** The record a sent request made: the transaction of its hash, else the Safe proposal of that hash (docs/behaviour.md §10.1). */
const sentOf = (s: RootState, request: SigningRequest | undefined) =>
  request?.hash
    ? (selectTransaction(s, request.chainId, request.hash) ?? selectSent(s, sentKey({ via: { kind: 'safe', safeTxHash: request.hash }, chainId: request.chainId })))
    : undefined;

export function Outcome({ kind }: { kind: SigningKind }) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectSigningRequest(s, kind));
  const walletName = useAppSelector((s) => (request ? selectWalletName(s, request.connectionId) : ''));
  // A browser extension prompts in its own window; the other kinds may prompt on a phone.
  const inBrowser = useAppSelector((s) => (request ? selectConnectorInfo(s, request.connectionId).wallets !== undefined : false));
  // A wallet paired by QR code (WalletConnect) has no window on this screen: the request waits on the phone.
  const onPhone = useAppSelector((s) => (request ? selectConnectorInfo(s, request.connectionId).pairsByQrCode === true : false));
  const sent = useAppSelector((s) => sentOf(s, request));
  // Asked of another account, chain or wallet than the one now signing (the form is the new one's).
  const elsewhere = useAppSelector((s) => request !== undefined && !askedOf(request, selectSigningTarget(s)));
  if (!request) return null;
  const stop = (
    <button type="button" className="secondary small" onClick={() => dispatch(signingActions.abandonRequested({ kind }))}>
      Stop waiting
    </button>
  );
  return (
    <div className="outcome" role="status" data-testid="outcome" data-status={sent?.status ?? request.status}>
      {elsewhere && (request.status === 'preparing' || request.status === 'waiting') ? (
        <StillWaiting request={request} walletName={walletName} stop={stop} />
      ) : (
        <OutcomeBody request={request} walletName={walletName} inBrowser={inBrowser} onPhone={onPhone} stop={stop} />
      )}
    </div>
  );
}

function OutcomeBody({ request, walletName, inBrowser, onPhone, stop }: { request: SigningRequest; walletName: string; inBrowser: boolean; onPhone: boolean; stop: ReactNode }) {
  switch (request.status) {
    case 'preparing':
      return (
        <p className="notice">
          <span className="spinner" aria-hidden="true" /> Preparing the request…
        </p>
      );
    case 'waiting':
      return (
        <div className="notice">
          <span className="spinner" aria-hidden="true" />
          <span>
            {request.walletBusy
              ? `${walletName} already has a request open: finish it there, and this one follows.`
              : inBrowser
                ? `Confirm in ${walletName}.${request.noAnswerYet ? ` If its window did not open, open ${walletName} from your browser's toolbar.` : ''}`
                : onPhone
                  ? `Confirm in ${walletName} on your phone.`
                  : `Confirm in ${walletName}: in its window, or in the app on your phone.`}
          </span>
          {stop}
        </div>
      );
    case 'signed':
      return (
        <>
          <p className="ok" data-testid="verified">
            Signed and verified: the signer is{' '}
            <span className="mono" data-testid="signer">
              {request.signer ? <AddressGroups address={request.signer} /> : null}
            </span>
            , the connected account.
          </p>
          {request.signature ? (
            <p>
              Signature: <span className="mono" data-testid="signature">{request.signature}</span>
            </p>
          ) : null}
        </>
      );
    case 'unchecked':
      return (
        <>
          {request.error ? (
            <ErrorDetails error={request.error} alert={false}>
              {walletName} signed, but the network could not be asked whether the signature is this account's, so it is not shown as verified. Try again later.
            </ErrorDetails>
          ) : null}
          {request.signature ? (
            <p>
              Signature: <span className="mono">{request.signature}</span>
            </p>
          ) : null}
        </>
      );
    case 'sent':
      return <SentOutcome request={request} />;
    case 'declined':
      return <p className="calm">You declined the request in {walletName}.</p>;
    case 'abandoned':
      return (
        <p className="calm">
          You stopped waiting. If {walletName} still shows the request, reject it there
          {request.input.kind === 'transaction' ? ' (if you approve it anyway, it appears in your recent transactions).' : '.'}
        </p>
      );
    case 'dropped':
    case 'failed':
      return (
        <>
          {request.error ? (
            <ErrorDetails error={request.error} alert={request.status === 'failed'}>
              {plainError(request.error, walletName)}
            </ErrorDetails>
          ) : null}
          {request.signer ? (
            <p>
              Recovered signer:{' '}
              <span className="mono" data-testid="signer">
                <AddressGroups address={request.signer} />
              </span>
            </p>
          ) : null}
        </>
      );
  }
}

/**
 * A request of the account, chain or wallet before a change, still waiting on the wallet (a transfer is
 * never dropped: §10.1). The form is the new one's: it says whose request waits, never its outcome.
 */
function StillWaiting({ request, walletName, stop }: { request: SigningRequest; walletName: string; stop: ReactNode }) {
  const what = request.input.kind === 'transaction' ? 'transfer' : 'request';
  return (
    <div className="notice" data-testid="still-waiting">
      <span className="spinner" aria-hidden="true" />
      <span>
        {`Your ${what} from ${shortAddress(request.account)} still waits in ${walletName}.`}
        {request.input.kind === 'transaction' ? ' If you approve it there, it is sent from that account and shown in its recent transactions.' : ''}
      </span>
      {stop}
    </div>
  );
}

/** A transfer the wallet accepted: where it stands now (the transactions slice follows it). */
function SentOutcome({ request }: { request: SigningRequest }) {
  const sent = useAppSelector((s) => sentOf(s, request));
  // A proposal's chain hash is known once it is executed.
  const hash = sent?.via.kind === 'safe' ? sent.hash : request.hash;
  if (!request.hash) return null;
  const detail = sent ? failureDetail(sent) : undefined;
  return (
    <>
      {!sent || sent.status === 'pending' ? (
        <p className="notice">
          <span className="spinner" aria-hidden="true" /> {sent ? statusWords(sent) : 'Sent.'}
        </p>
      ) : sent.status === 'confirmed' ? (
        <p className="ok" data-testid="confirmed">
          {statusWords(sent)}
        </p>
      ) : detail ? (
        <ErrorDetails error={detail}>{statusWords(sent)}</ErrorDetails>
      ) : (
        <p className="calm">{statusWords(sent)}</p>
      )}
      {hash ? (
        <p>
          Transaction: <TransactionLink chainId={request.chainId} hash={hash} />
        </p>
      ) : null}
    </>
  );
}
