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
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import type { Words } from '../../i18n/words';
import { plainErrorKey } from './words';

/** The record a sent request made: the transaction of its hash, else the Safe proposal of that hash (docs/behaviour.md §10.1). */
const sentOf = (s: RootState, request: SigningRequest | undefined) =>
  request?.hash
    ? (selectTransaction(s, request.chainId, request.hash) ?? selectSent(s, sentKey({ via: { kind: 'safe', safeTxHash: request.hash }, chainId: request.chainId })))
    : undefined;

export function Outcome({ kind }: { kind: SigningKind }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
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
      {words.t('sign.stopWaiting')}
    </button>
  );
  // The wallet's name, isolated: a right-to-left sentence never turns it.
  const wallet = <bdi>{walletName}</bdi>;
  return (
    <div className="outcome" role="status" data-testid="outcome" data-status={sent?.status ?? request.status}>
      {elsewhere && (request.status === 'preparing' || request.status === 'waiting') ? (
        <StillWaiting request={request} wallet={wallet} stop={stop} words={words} />
      ) : (
        <OutcomeBody request={request} wallet={wallet} inBrowser={inBrowser} onPhone={onPhone} stop={stop} words={words} />
      )}
    </div>
  );
}

/** A signature, whole and left to right. */
const Signature = ({ signature, testId }: { signature: string; testId?: string }) => (
  <span className="mono" dir="ltr" data-testid={testId}>
    {signature}
  </span>
);

function OutcomeBody({ request, wallet, inBrowser, onPhone, stop, words }: { request: SigningRequest; wallet: ReactNode; inBrowser: boolean; onPhone: boolean; stop: ReactNode; words: Words }) {
  switch (request.status) {
    case 'preparing':
      return (
        <p className="notice">
          <span className="spinner" aria-hidden="true" /> {words.t('sign.preparing')}
        </p>
      );
    case 'waiting':
      return (
        <div className="notice">
          <span className="spinner" aria-hidden="true" />
          <span>
            <Sentence
              words={words}
              id={
                request.walletBusy
                  ? 'sign.walletBusy'
                  : inBrowser
                    ? request.noAnswerYet
                      ? 'sign.confirmInNoWindow'
                      : 'sign.confirmIn'
                    : onPhone
                      ? 'sign.confirmOnPhone'
                      : 'sign.confirmAnywhere'
              }
              values={{ wallet }}
            />
          </span>
          {stop}
        </div>
      );
    case 'signed':
      return (
        <>
          <p className="ok" data-testid="verified">
            <Sentence
              words={words}
              id="sign.verified"
              values={{
                signer: (
                  <span className="mono" dir="ltr" data-testid="signer">
                    {request.signer ? <AddressGroups address={request.signer} /> : null}
                  </span>
                ),
              }}
            />
          </p>
          {request.signature ? (
            <p>
              <Sentence words={words} id="sign.signature" values={{ signature: <Signature signature={request.signature} testId="signature" /> }} />
            </p>
          ) : null}
        </>
      );
    case 'unchecked':
      return (
        <>
          {request.error ? (
            <ErrorDetails error={request.error} alert={false}>
              <Sentence words={words} id="sign.unchecked" values={{ wallet }} />
            </ErrorDetails>
          ) : null}
          {request.signature ? (
            <p>
              <Sentence words={words} id="sign.signature" values={{ signature: <Signature signature={request.signature} /> }} />
            </p>
          ) : null}
        </>
      );
    case 'sent':
      return <SentOutcome request={request} words={words} />;
    case 'declined':
      return (
        <p className="calm">
          <Sentence words={words} id="sign.declined" values={{ wallet }} />
        </p>
      );
    case 'abandoned':
      return (
        <p className="calm">
          <Sentence words={words} id={request.input.kind === 'transaction' ? 'sign.abandonedTransfer' : 'sign.abandoned'} values={{ wallet }} />
        </p>
      );
    case 'dropped':
    case 'failed':
      return (
        <>
          {request.error ? (
            <ErrorDetails error={request.error} alert={request.status === 'failed'}>
              <Sentence words={words} id={plainErrorKey(request.error)} values={{ wallet }} />
            </ErrorDetails>
          ) : null}
          {request.signer ? (
            <p>
              <Sentence
                words={words}
                id="sign.recoveredSigner"
                values={{
                  signer: (
                    <span className="mono" dir="ltr" data-testid="signer">
                      <AddressGroups address={request.signer} />
                    </span>
                  ),
                }}
              />
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
function StillWaiting({ request, wallet, stop, words }: { request: SigningRequest; wallet: ReactNode; stop: ReactNode; words: Words }) {
  return (
    <div className="notice" data-testid="still-waiting">
      <span className="spinner" aria-hidden="true" />
      <span>
        <Sentence
          words={words}
          id={request.input.kind === 'transaction' ? 'sign.stillWaitingTransfer' : 'sign.stillWaiting'}
          values={{
            account: (
              <span dir="ltr" title={request.account}>
                {shortAddress(request.account)}
              </span>
            ),
            wallet,
          }}
        />
      </span>
      {stop}
    </div>
  );
}

/** A transfer the wallet accepted: where it stands now (the transactions slice follows it). */
function SentOutcome({ request, words }: { request: SigningRequest; words: Words }) {
  const sent = useAppSelector((s) => sentOf(s, request));
  // A proposal's chain hash is known once it is executed.
  const hash = sent?.via.kind === 'safe' ? sent.hash : request.hash;
  if (!request.hash) return null;
  const detail = sent ? failureDetail(sent) : undefined;
  return (
    <>
      {!sent || sent.status === 'pending' ? (
        <p className="notice">
          <span className="spinner" aria-hidden="true" /> {sent ? statusWords(sent, words) : words.t('sign.sent')}
        </p>
      ) : sent.status === 'confirmed' ? (
        <p className="ok" data-testid="confirmed">
          {statusWords(sent, words)}
        </p>
      ) : detail ? (
        <ErrorDetails error={detail}>{statusWords(sent, words)}</ErrorDetails>
      ) : (
        <p className="calm">{statusWords(sent, words)}</p>
      )}
      {hash ? (
        <p>
          <Sentence words={words} id="sign.transaction" values={{ link: <TransactionLink chainId={request.chainId} hash={hash} /> }} />
        </p>
      ) : null}
    </>
  );
}
