// A transfer of the chain's native currency. Before the wallet is asked: the recipient is an address
// (never the zero address; the user's own is said) or a verified name (its address shown beside the
// field), the amount is read (a lone decimal comma too), the fee is estimated on the chain's public
// endpoints, and an amount plus fee above the balance is said (the user may still send). An estimate
// the endpoints could not give is "could not check", never "would fail" (docs/behaviour.md §10.4).
import { useId, useState } from 'react';
import { chainName, namesChainOf } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import { estimateRefusedByNode, readAmount, type AmountProblem } from '../../lib/transfer';
import { Avatar } from '../../ui/Avatar';
import { useChains } from '../../ui/chainsContext';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useRead } from '../../ui/useRead';
import { chainApi } from '../../../store/chainApi';
import { signingApi } from '../../../store/signingApi';
import type { SigningTarget } from '../../../store/signingSelectors';
import { exactNativeAmount, formatNativeAmount } from '../chain/format';
import { useAppSelector } from '../../../store/hooks';
import { batchRunning } from '../../../store/transactionsSlice';
import { FormSection } from './FormSection';
import { SeveralForm } from './SeveralForm';
import './several.css';
import { useRecipient, type RecipientState } from './useRecipient';
import { useSigningRequest } from './useSigningRequest';

/** Gas limit for a transfer whose estimate failed and that the user sends anyway. */
const FALLBACK_GAS = '0x186a0';

/**
 * One recipient, or several ("Send to several", docs/behaviour.md §7.9): a choice above the form. A
 * batch of this account keeps the form on several; while one runs the choice waits.
 */
export function TransferForm({ target }: { target: SigningTarget }) {
  const batch = useAppSelector((s) => (s.transactions.batch?.account.toLowerCase() === target.account.toLowerCase() ? s.transactions.batch : null));
  const [several, setSeveral] = useState(batch !== null);
  const name = useId();
  const running = batchRunning(batch);
  return (
    <div className="transfer-part">
      <fieldset className="transfer-choice" data-testid="transfer-choice">
        <legend className="visually-hidden">Recipients</legend>
        <label>
          <input type="radio" name={name} checked={!several} disabled={running} onChange={() => setSeveral(false)} /> Send to one
        </label>
        <label>
          <input type="radio" name={name} checked={several} disabled={running} onChange={() => setSeveral(true)} /> Send to several
        </label>
      </fieldset>
      {several ? <SeveralForm target={target} /> : <SingleTransferForm target={target} />}
    </div>
  );
}

function SingleTransferForm({ target }: { target: SigningTarget }) {
  const chains = useChains();
  const symbol = chains[target.chainId]?.nativeCurrency?.symbol ?? 'ETH';
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('0.01');
  const { busy, send, edited } = useSigningRequest('transaction');
  const recipientId = useId();
  const amountId = useId();
  const recipient = useRecipient(to, target.chainId);
  const toAddress = recipient.status === 'address' || recipient.status === 'resolved' ? recipient.address : undefined;
  const ownAddress = toAddress !== undefined && toAddress.toLowerCase() === target.account.toLowerCase();
  const amountRead = readAmount(amount);
  const wei = amountRead.ok ? amountRead.wei : undefined;
  const ready = toAddress !== undefined && wei !== undefined;
  const fee = useRead(signingApi.endpoints.estimateTransferFee, ready ? { chainId: target.chainId, from: target.account, to: toAddress, valueWei: wei.toString() } : undefined);
  const balance = useRead(chainApi.endpoints.getBalance, chains[target.chainId] ? { chainId: target.chainId, address: target.account } : undefined).currentData;
  const estimate = fee.currentData;
  const estimateFailed = ready && fee.isError && !fee.isFetching;
  // The node judged the transfer (it reverts, the funds are short), or the endpoints did not answer.
  const unchecked = estimateFailed && !estimateRefusedByNode(fee.error);
  const needed = wei !== undefined ? wei + (estimate ? BigInt(estimate.feeWei) : 0n) : undefined;
  const short = needed !== undefined && balance !== undefined && needed > BigInt(balance);
  const submit = () => {
    if (!ready || busy) return;
    // A transfer the chain says would revert is sent with a fixed limit (the wallet's own estimate
    // would refuse it); when the endpoints could not be asked, the wallet estimates.
    const gas = estimate?.gas ?? (estimateFailed && wouldRevert(fee.error) ? FALLBACK_GAS : undefined);
    send(target, {
      kind: 'transaction',
      to: toAddress,
      ...(recipient.status === 'resolved' ? { toName: recipient.name } : {}),
      valueWei: wei.toString(),
      ...(gas ? { gas } : {}),
      ...(estimate ? { feeWei: estimate.feeWei } : {}),
    });
  };
  return (
    <FormSection kind="transaction" title={`Send ${symbol}`} onSubmit={submit}>
      <label>
        To
        <input
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            edited();
          }}
          placeholder={namesChainOf(chains, target.chainId) !== undefined ? '0x… or a name' : '0x…'}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          aria-describedby={recipientId}
          aria-invalid={recipientInvalid(recipient) ? true : undefined}
        />
      </label>
      <div id={recipientId} className="recipient" data-testid="recipient" data-status={recipient.status} aria-live="polite">
        <RecipientLine recipient={recipient} chain={chainName(chains, target.chainId)} ownAddress={ownAddress} />
      </div>
      <label>
        Amount ({symbol})
        <input
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            edited();
          }}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={amountRead.ok ? undefined : true}
          aria-describedby={amountId}
        />
      </label>
      <div id={amountId} data-testid="amount-note" data-problem={amountRead.ok ? undefined : amountRead.problem} data-message={amountRead.ok ? undefined : amountRead.message}>
        {amountRead.ok ? (
          amountRead.readAs !== undefined ? (
            <p className="muted">
              Read as <span className="amount">{amountRead.readAs} {symbol}</span>.
            </p>
          ) : null
        ) : (
          <p className="field-problem">{amountWords(amountRead.problem, amount.trim())}</p>
        )}
      </div>
      {ready ? (
        <div className="fee" data-testid="fee" aria-live="polite">
          {estimate ? (
            `Network fee ≈ ${formatNativeAmount(estimate.feeWei)} ${symbol}`
          ) : unchecked ? (
            <ErrorDetails error={fee.error ?? 'unknown error'} alert={false}>
              This transfer could not be checked: the network did not answer. Try again, or send without checking.
            </ErrorDetails>
          ) : estimateFailed ? (
            <ErrorDetails error={fee.error ?? 'unknown error'} alert={false}>
              The network fee could not be estimated: this transfer would probably fail.
            </ErrorDetails>
          ) : (
            'Estimating the network fee…'
          )}
        </div>
      ) : null}
      {short && balance !== undefined && wei !== undefined ? (
        // One sentence, flowing as text; the balance and its unit never split across lines.
        <p className="notice balance-warning" data-testid="balance-warning" role="status">
          {wei > BigInt(balance) || !estimate
            ? `Not enough ${symbol} for this amount`
            : `Not enough ${symbol} for this amount plus the network fee (≈ ${formatNativeAmount(estimate.feeWei)} ${symbol})`}
          : you have{' '}
          <span className="amount" title={`${exactNativeAmount(balance)} ${symbol}`}>
            {formatNativeAmount(balance)} {symbol}
          </span>
          . Your wallet will probably refuse it.
        </p>
      ) : null}
      <div className="actions">
        {unchecked ? (
          <button type="button" onClick={() => fee.refetch()}>
            Retry
          </button>
        ) : null}
        <button type="submit" className={estimateFailed || short ? 'warning' : undefined} disabled={busy || !ready || (!estimate && !estimateFailed)}>
          {unchecked ? 'Send without checking' : estimateFailed || short ? 'Send anyway' : 'Send'}
        </button>
      </div>
    </FormSection>
  );
}

/** What the amount field says, for users; the exact message stays in `data-message` for tests. */
export function amountWords(problem: AmountProblem, text: string): string {
  switch (problem) {
    case 'empty':
      return 'Enter an amount';
    case 'ambiguousComma': {
      // Only digits and one comma reach here ("12,500"): both readings, spelled out.
      const [whole = '', fraction = ''] = text.split(',');
      return `“${text}” is unclear: write ${whole}${fraction} without the comma, or ${whole}.${fraction} with a point for decimals.`;
    }
    case 'comma':
      return 'Use a point for decimals and no commas, e.g. 1.5.';
    case 'notAnAmount':
      return 'Enter a number, with a point for decimals, e.g. 0.01.';
    case 'tooManyDecimals':
      return 'Use at most 18 decimal places.';
    case 'tooLarge':
      return 'That is more than any balance can hold.';
  }
}

export function recipientInvalid(recipient: RecipientState): boolean {
  return ['zeroAddress', 'badAddress', 'badChecksum', 'notRecipient', 'notFound', 'invalidName', 'noNames'].includes(recipient.status);
}

/** Beside the field: the address a name resolves to, or why there is none. */
export function RecipientLine({ recipient, chain, ownAddress }: { recipient: RecipientState; chain: string; ownAddress: boolean }) {
  const own = ownAddress ? (
    <span className="own-address" data-testid="own-address">
      This is your own address.
    </span>
  ) : null;
  switch (recipient.status) {
    case 'empty':
      return null;
    case 'address':
      return own;
    case 'zeroAddress':
      return <span className="field-problem">This is the zero address: anything sent there is lost for good. Enter another address.</span>;
    case 'badAddress':
      return <span className="field-problem">That is not a whole address: an address is 0x and 40 characters (0–9, a–f).</span>;
    case 'badChecksum':
      return <span className="field-problem">This address has a typing mistake (its capital letters do not match). Copy it again.</span>;
    case 'notRecipient':
      return <span className="field-problem">Enter an address (0x…) or a name such as alice.eth.</span>;
    case 'resolving':
      return <span className="muted">Looking up {displayText(recipient.name, 80)}…</span>;
    case 'resolved':
      return (
        <span className="ok" data-testid="resolved">
          <Avatar address={recipient.address} image={recipient.avatar} size={20} className="recipient-avatar" />{' '}
          <span className="recipient-name">{displayText(recipient.name, 80)}</span> is{' '}
          <span className="mono" data-testid="resolved-address">
            {recipient.address}
          </span>
          {own ? <> {own}</> : null}
        </span>
      );
    case 'notFound':
      return <span className="field-problem">{displayText(recipient.name, 80)} does not point to an address on {chain}.</span>;
    case 'invalidName':
      return <span className="field-problem">“{displayText(recipient.name, 80)}” is not a valid name.</span>;
    case 'noNames':
      return <span className="field-problem">Names cannot be used on {chain}: enter an address (0x…).</span>;
    case 'lookupFailed':
      return (
        <ErrorDetails error={recipient.error ?? 'unknown error'} alert={false}>
          {displayText(recipient.name, 80)} could not be looked up just now. Try again in a moment, or enter an address.
        </ErrorDetails>
      );
  }
}

function wouldRevert(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, walletMessage } = error as { code?: unknown; message?: unknown; walletMessage?: unknown };
  return code === 3 || /revert/i.test(`${String(message)} ${String(walletMessage)}`);
}
