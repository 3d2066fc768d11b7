// The "Sign and send" panel (the lazily loaded part): a message, typed data with its preview, and a
// transfer with its fee. It only reads the store and dispatches requests; sagas talk to the wallet.
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useMemo, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useChains } from '../../ui/chainsContext';
import { chainName } from '../../lib/chains';
import { checkTransfer } from '../../lib/transfer';
import { checkTypedDataText, messageProblem, sampleTypedData, type PreviewNode } from '../../lib/typedData';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useRead } from '../../ui/useRead';
import { signingApi } from '../../../store/signingApi';
import { selectSigningRequest, selectSigningTarget, type SigningTarget } from '../../../store/signingSelectors';
import { selectConnectorInfo } from '../../../store/selectors';
import { isInFlight, signingActions, type SigningInput, type SigningKind, type SigningRequest } from '../../../store/signingSlice';
import { formatNativeAmount } from '../chain/format';
import { ErrorMessage } from '../wallet/ErrorMessage';

/** Gas limit for a transfer whose estimate failed and that the user sends anyway. */
const FALLBACK_GAS = '0x186a0';

export default function SignPanel() {
  const target = useAppSelector(selectSigningTarget);
  const chains = useChains();
  const walletName = useAppSelector((s) => (target ? selectConnectorInfo(s, target.connectionId).name : ''));
  if (!target) return null;
  return (
    <>
      <p className="muted" data-testid="sign-target">
        As <span className="mono">{target.account}</span> on {chainName(chains, target.chainId)}, with {walletName}.
      </p>
      <div className="sign-forms">
        <MessageForm target={target} />
        <TypedDataForm key={`${target.chainId}`} target={target} />
        <TransferForm target={target} />
      </div>
    </>
  );
}

function useRequest(kind: SigningKind) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectSigningRequest(s, kind));
  const busy = isInFlight(request);
  const send = (target: SigningTarget, input: SigningInput) => dispatch(signingActions.requested({ ...target, input }));
  return { request, busy, send };
}

function FormSection({ kind, title, children, onSubmit }: { kind: SigningKind; title: string; children: ReactNode; onSubmit(): void }) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // A frame sandboxed without allow-forms never fires `submit`: the submit button's click (Enter in a
  // field clicks it too) acts itself, and cancels the submission so that nothing acts twice.
  const clickSubmit = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('button[type=submit]')) return;
    submit(event);
  };
  return (
    <form className="sign-form" aria-labelledby={titleId} data-testid={`sign-${kind}`} onSubmit={submit} onClick={clickSubmit} noValidate>
      <h3 id={titleId}>{title}</h3>
      {children}
      <Outcome kind={kind} />
    </form>
  );
}

function MessageForm({ target }: { target: SigningTarget }) {
  const [message, setMessage] = useState('Hello from Walletdeck');
  const { busy, send } = useRequest('message');
  const problem = messageProblem(message);
  return (
    <FormSection kind="message" title="Message" onSubmit={() => !problem && !busy && send(target, { kind: 'message', message })}>
      <label>
        Message to sign
        <textarea rows={3} value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={problem ? true : undefined} />
      </label>
      {problem && message !== '' ? <p className="field-problem">{problem}</p> : null}
      <div className="actions">
        <button type="submit" disabled={busy || problem !== undefined}>
          Sign message
        </button>
      </div>
    </FormSection>
  );
}

function TypedDataForm({ target }: { target: SigningTarget }) {
  const [text, setText] = useState(() => sampleTypedData(target.chainId));
  const { busy, send } = useRequest('typedData');
  const check = useMemo(() => checkTypedDataText(text, { chainId: target.chainId }), [text, target.chainId]);
  const issuesId = useId();
  return (
    <FormSection kind="typedData" title="Typed data (EIP-712)" onSubmit={() => check.ok && !busy && send(target, { kind: 'typedData', text })}>
      <label>
        Typed data (JSON)
        <textarea
          rows={12}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={check.ok ? undefined : true}
          aria-describedby={check.ok ? undefined : issuesId}
        />
      </label>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setText(sampleTypedData(target.chainId))}>
          Reset to sample
        </button>
      </div>
      {check.ok ? (
        <div className="preview" data-testid="typed-data-preview" aria-label="What you sign">
          <h4>Domain</h4>
          <Tree nodes={check.preview.domain} />
          <h4>
            Primary type: <span className="value">{check.preview.primaryType}</span>
          </h4>
          <Tree nodes={check.preview.message} />
        </div>
      ) : (
        <ul className="issues" id={issuesId} data-testid="typed-data-issues">
          {check.issues.map((issue, i) => (
            <li key={i}>
              {issue.path ? <span className="mono">{issue.path}: </span> : null}
              {issue.message}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" disabled={busy || !check.ok}>
          Sign typed data
        </button>
      </div>
    </FormSection>
  );
}

function Tree({ nodes }: { nodes: PreviewNode[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.name}>
          <strong>{node.name}</strong> <span className="type">{node.type}</span>
          {node.value !== undefined ? <span className="value">: {node.value}</span> : null}
          {node.children ? <Tree nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

function TransferForm({ target }: { target: SigningTarget }) {
  const chains = useChains();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('0.01');
  const { busy, send } = useRequest('transaction');
  const check = checkTransfer(to, amount);
  const symbol = chains[target.chainId]?.nativeCurrency?.symbol ?? 'ETH';
  const fee = useRead(signingApi.endpoints.estimateTransferFee, check.ok ? { chainId: target.chainId, from: target.account, ...check.value } : skipToken);
  const estimate = fee.currentData;
  const estimateFailed = check.ok && fee.isError && !fee.isFetching;
  const submit = () => {
    if (!check.ok || busy) return;
    // A transfer the chain says would revert is sent with a fixed limit (the wallet's own estimate
    // would refuse it); when the endpoints could not be asked, the wallet estimates.
    const gas = estimate?.gas ?? (estimateFailed && wouldRevert(fee.error) ? FALLBACK_GAS : undefined);
    send(target, { kind: 'transaction', ...check.value, ...(gas ? { gas } : {}), ...(estimate ? { feeWei: estimate.feeWei } : {}) });
  };
  return (
    <FormSection kind="transaction" title={`Send ${symbol}`} onSubmit={submit}>
      <label>
        To
        <input
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!check.ok && check.field === 'to' && to !== '' ? true : undefined}
        />
      </label>
      <label>
        Amount ({symbol})
        <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" aria-invalid={!check.ok && check.field === 'amount' ? true : undefined} />
      </label>
      {!check.ok && (check.field === 'amount' || to !== '') ? <p className="field-problem">{check.message}</p> : null}
      {check.ok ? (
        <p className="fee" data-testid="fee" aria-live="polite">
          {estimate
            ? `Network fee ≈ ${formatNativeAmount(estimate.feeWei)} ${symbol}`
            : estimateFailed
              ? `The fee could not be estimated (${fee.error && 'message' in fee.error ? fee.error.message : 'unknown error'}): the transfer is likely to fail.`
              : 'Estimating the network fee…'}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={busy || !check.ok || (!estimate && !estimateFailed)}>
          {estimateFailed ? 'Send anyway' : 'Send'}
        </button>
      </div>
    </FormSection>
  );
}

function wouldRevert(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, walletMessage } = error as { code?: unknown; message?: unknown; walletMessage?: unknown };
  return code === 3 || /revert/i.test(`${String(message)} ${String(walletMessage)}`);
}

/** What became of the kind's last request, in the user's words. */
function Outcome({ kind }: { kind: SigningKind }) {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => selectSigningRequest(s, kind));
  const walletName = useAppSelector((s) => (request ? selectConnectorInfo(s, request.connectionId).name : ''));
  if (!request) return null;
  const stop = (label: string) => (
    <button type="button" className="secondary small" onClick={() => dispatch(signingActions.abandonRequested({ kind }))}>
      {label}
    </button>
  );
  return (
    <div className="outcome" role="status" data-testid="outcome" data-status={request.status}>
      <OutcomeBody request={request} walletName={walletName} stop={stop} />
    </div>
  );
}

function OutcomeBody({ request, walletName, stop }: { request: SigningRequest; walletName: string; stop(label: string): ReactNode }) {
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
              : `Confirm in ${walletName}: in its window, or in the app on your phone.`}
          </span>
          {stop('Stop waiting')}
        </div>
      );
    case 'signed':
      return (
        <>
          <p className="ok" data-testid="verified">
            Signed and verified: the signer is {request.signer}, the connected account.
          </p>
          <Signature value={request.signature} />
        </>
      );
    case 'pending':
      return (
        <>
          <div className="notice">
            <span className="spinner" aria-hidden="true" />
            <span>Pending: waiting for the transaction to be mined.</span>
            {stop('Stop following')}
          </div>
          <TransactionHash request={request} />
        </>
      );
    case 'confirmed':
      return (
        <>
          <p className="ok" data-testid="confirmed">
            Confirmed in block {request.blockNumber}.
          </p>
          <TransactionHash request={request} />
        </>
      );
    case 'declined':
      return <p className="calm">You declined the request in {walletName}.</p>;
    case 'abandoned':
      return (
        <>
          <p className="calm">You stopped waiting. If {walletName} still shows the request, reject it there.</p>
          {request.hash ? <TransactionHash request={request} /> : null}
        </>
      );
    case 'dropped':
      return <p className="calm">{request.error?.message}</p>;
    case 'reverted':
    case 'unconfirmed':
    case 'failed':
      return (
        <>
          {request.error ? <ErrorMessage error={request.error} prefix={request.status === 'reverted' ? 'Failed:' : undefined} /> : null}
          {request.signer ? (
            <p>
              Recovered signer: <span className="mono">{request.signer}</span>
            </p>
          ) : null}
          {request.hash ? <TransactionHash request={request} /> : null}
        </>
      );
  }
}

function Signature({ value }: { value: string | undefined }) {
  if (!value) return null;
  return (
    <p>
      Signature: <span className="mono" data-testid="signature">{value}</span>
    </p>
  );
}

function TransactionHash({ request }: { request: SigningRequest }) {
  if (!request.hash) return null;
  return (
    <p>
      Transaction: <span className="mono" data-testid="tx-hash">{request.hash}</span>
      {request.explorerUrl ? (
        <>
          {' '}
          <a href={request.explorerUrl} target="_blank" rel="noreferrer">
            View in explorer
          </a>
        </>
      ) : null}
    </p>
  );
}
