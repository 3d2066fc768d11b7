// A transfer of the chain's native currency. Before the wallet is asked: the recipient is an address
// (never the zero address; the user's own is said) or a verified name (its address shown beside the
// field), the amount is read (a lone decimal comma too), the fee is estimated on the chain's public
// endpoints, and an amount plus fee above the balance is said (the user may still send). An estimate
// the endpoints could not give is "could not check", never "would fail" (docs/behaviour.md §10.4).
import { useId, useState } from 'react';
import { chainName, namesChainOf } from '../../lib/chains';
import { isObject } from '../../lib/guards';
import { estimateRefusedByNode, readAmount } from '../../lib/transfer';
import { useChains } from '../../ui/chainsContext';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useRead } from '../../ui/useRead';
import { chainApi } from '../../../store/chainApi';
import { signingApi } from '../../../store/signingApi';
import type { SigningTarget } from '../../../store/signingSelectors';
import { localExactAmount, localNativeAmount } from '../chain/format';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import type { Words } from '../../i18n/words';
import { useAppSelector } from '../../../store/hooks';
import { batchRunning } from '../../../store/transactionsSlice';
import { selectBatchOf } from '../../../store/transactionsSelectors';
import { FormSection } from './FormSection';
import { SeveralForm } from './SeveralForm';
import './several.css';
import { AmountNote, RecipientLine, recipientInvalid } from './TransferFields';
import { useRecipient } from './useRecipient';
import { useSigningRequest } from './useSigningRequest';

/** Gas limit for a transfer whose estimate failed and that the user sends anyway. */
const FALLBACK_GAS = '0x186a0';

/**
 * One recipient, or several ("Send to several", docs/behaviour.md §7.9): a choice above the form. A
 * batch of this account keeps the form on several; while one runs the choice waits.
 */
export function TransferForm({ target }: { target: SigningTarget }) {
  const words = useLaterWords();
  const batch = useAppSelector((s) => selectBatchOf(s, target));
  const [several, setSeveral] = useState(batch !== null);
  const name = useId();
  const running = batchRunning(batch);
  return (
    <div className="transfer-part">
      <fieldset className="transfer-choice" data-testid="transfer-choice">
        <legend className="visually-hidden">{words.t('transfer.recipients')}</legend>
        <label>
          <input type="radio" name={name} checked={!several} disabled={running} onChange={() => setSeveral(false)} /> {words.t('transfer.toOne')}
        </label>
        <label>
          <input type="radio" name={name} checked={several} disabled={running} onChange={() => setSeveral(true)} /> {words.t('transfer.toSeveral')}
        </label>
      </fieldset>
      {several ? <SeveralForm target={target} /> : <SingleTransferForm target={target} />}
    </div>
  );
}

function SingleTransferForm({ target }: { target: SigningTarget }) {
  const words = useLaterWords();
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
    <FormSection kind="transaction" title={words.t('transfer.title', { symbol })} onSubmit={submit}>
      <label>
        {words.t('transfer.to')}
        <input
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            edited();
          }}
          placeholder={namesChainOf(chains, target.chainId) !== undefined ? words.t('transfer.toPlaceholder') : '0x…'}
          spellCheck={false}
          dir="ltr"
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
        {words.t('transfer.amount', { symbol })}
        <input
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            edited();
          }}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          aria-invalid={amountRead.ok ? undefined : true}
          aria-describedby={amountId}
        />
      </label>
      <AmountNote id={amountId} amount={amountRead} text={amount} symbol={symbol} />
      {ready ? (
        <div className="fee" data-testid="fee" aria-live="polite">
          {estimate ? (
            <Sentence words={words} id="transfer.fee" values={{ fee: <Amount words={words} wei={estimate.feeWei} symbol={symbol} /> }} />
          ) : unchecked ? (
            <ErrorDetails error={fee.error ?? words.t('sign.unknownError')} alert={false}>
              {words.t('transfer.unchecked')}
            </ErrorDetails>
          ) : estimateFailed ? (
            <ErrorDetails error={fee.error ?? words.t('sign.unknownError')} alert={false}>
              {words.t('transfer.wouldFail')}
            </ErrorDetails>
          ) : (
            words.t('transfer.estimating')
          )}
        </div>
      ) : null}
      {short && balance !== undefined && wei !== undefined ? (
        // One sentence, flowing as text; the balance and its unit never split across lines.
        <p className="notice balance-warning" data-testid="balance-warning" role="status">
          {wei > BigInt(balance) || !estimate ? (
            <Sentence words={words} id="transfer.short" values={{ symbol, balance: <Amount words={words} wei={balance} symbol={symbol} exactTitle /> }} />
          ) : (
            <Sentence
              words={words}
              id="transfer.shortWithFee"
              values={{ symbol, fee: <Amount words={words} wei={estimate.feeWei} symbol={symbol} />, balance: <Amount words={words} wei={balance} symbol={symbol} exactTitle /> }}
            />
          )}
        </p>
      ) : null}
      <div className="actions">
        {unchecked ? (
          <button type="button" onClick={() => fee.refetch()}>
            {words.t('transfer.retry')}
          </button>
        ) : null}
        <button type="submit" className={estimateFailed || short ? 'warning' : undefined} disabled={busy || !ready || (!estimate && !estimateFailed)}>
          {words.t(unchecked ? 'transfer.sendUnchecked' : estimateFailed || short ? 'transfer.sendAnyway' : 'transfer.send')}
        </button>
      </div>
    </FormSection>
  );
}

/** An amount with its unit, in the user's locale, never split across lines nor turned by right-to-left text; `exactTitle`: every digit in its title. */
function Amount({ words, wei, symbol, exactTitle = false }: { words: Words; wei: string; symbol: string; exactTitle?: boolean }) {
  return (
    <span className="amount" dir="ltr" title={exactTitle ? `${localExactAmount(words, wei)} ${symbol}` : undefined}>
      {localNativeAmount(words, wei)} {symbol}
    </span>
  );
}

function wouldRevert(error: unknown): boolean {
  if (!isObject(error)) return false;
  const { code, message, walletMessage } = error;
  return code === 3 || /revert/i.test(`${String(message)} ${String(walletMessage)}`);
}
