// "Send to several" (docs/behaviour.md §7.9): up to MAX_TRANSFERS recipients, each checked as the single
// transfer's is (an address or a verified name, never the zero address; an amount as read by
// readAmount). The sagas decide how they go (one batch, or one by one); this form shows where it
// stands ("2 of 3 sent"), offers Stop while they go one by one, and keeps every transfer the wallet
// did not accept: only the sent ones leave the form.
import { useEffect, useId, useRef, useState } from 'react';
import { chainName } from '../../lib/chains';
import { MAX_TRANSFERS, type SentTransfer } from '../../lib/sentTransactions';
import { readAmount } from '../../lib/transfer';
import { useChains } from '../../ui/chainsContext';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { SigningTarget } from '../../../store/signingSelectors';
import { batchActions } from '../../../store/transactionsSlice';
import { batchRunning, type BatchRequest } from '../../../store/transactionsSlice';
import { selectBatchOf } from '../../../store/transactionsSelectors';
import { exactNativeAmount } from '../chain/format';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import type { Words } from '../../i18n/words';
import { AmountNote, RecipientLine, recipientInvalid } from './TransferFields';
import { useRecipient } from './useRecipient';
import './several.css';

interface Row {
  id: number;
  to: string;
  amount: string;
}

/** A row the user has typed in: it counts, and is sent (or said to be incomplete). */
const isFilled = (row: Row): boolean => row.to.trim() !== '' || row.amount.trim() !== '';

let nextRow = 1;
const newRow = (): Row => ({ id: nextRow++, to: '', amount: '' });

export function SeveralForm({ target }: { target: SigningTarget }) {
  const dispatch = useAppDispatch();
  const words = useLaterWords();
  const chains = useChains();
  const symbol = chains[target.chainId]?.nativeCurrency?.symbol ?? 'ETH';
  const titleId = useId();
  const [rows, setRows] = useState<Row[]>(() => [newRow(), newRow()]);
  const [ready, setReady] = useState<Record<number, SentTransfer | undefined>>({});
  // Only a batch of this account, chain and wallet is this form's.
  const batch = useAppSelector((s) => selectBatchOf(s, target));
  const running = batchRunning(batch);
  // The rows in the request, in order: the first `sent` of them leave the form as the wallet accepts them.
  const sending = useRef<{ batchId: string; rows: number[]; removed: number } | null>(null);
  useEffect(() => {
    const request = sending.current;
    if (!batch || !request || request.batchId !== batch.id || batch.sent <= request.removed) return;
    const gone = new Set(request.rows.slice(request.removed, batch.sent));
    request.removed = batch.sent;
    setRows((now) => {
      // The form has at least two rows: what is left, then empty ones.
      const left = now.filter((row) => !gone.has(row.id));
      while (left.length < 2) left.push(newRow());
      return left;
    });
  }, [batch]);
  // Only the rows filled in (a recipient or an amount typed) count and are sent; an empty row is left out.
  const filled = rows.filter(isFilled);
  const transfers = filled.map((row) => ready[row.id]);
  const complete = transfers.every((t): t is SentTransfer => t !== undefined);
  const canSend = complete && filled.length >= 2 && !running;
  const setRow = (id: number, change: Partial<Row>) => {
    setRows((now) => now.map((row) => (row.id === id ? { ...row, ...change } : row)));
    // Editing after an outcome: the outcome is no longer about this form's content.
    if (batch && !running) dispatch(batchActions.cleared({ id: batch.id }));
  };
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!canSend) return;
    const action = dispatch(batchActions.requested({ ...target, transfers: transfers as SentTransfer[] }));
    sending.current = { batchId: action.payload.id, rows: filled.map((r) => r.id), removed: 0 };
  };
  const total = complete && filled.length > 0 ? (transfers as SentTransfer[]).reduce((sum, t) => sum + BigInt(t.valueWei), 0n) : undefined;
  return (
    <form className="sign-form several" aria-labelledby={titleId} data-testid="sign-several" onSubmit={submit} noValidate>
      <h3 id={titleId}>{words.t('several.title', { symbol })}</h3>
      <ol className="several-rows">
        {rows.map((row, index) => (
          <SeveralRow
            key={row.id}
            row={row}
            index={index}
            target={target}
            symbol={symbol}
            chain={chainName(chains, target.chainId)}
            disabled={running}
            onChange={(change) => setRow(row.id, change)}
            onReady={(transfer) => setReady((now) => (now[row.id] === transfer ? now : { ...now, [row.id]: transfer }))}
            onRemove={rows.length > 2 ? () => setRows((now) => now.filter((r) => r.id !== row.id)) : undefined}
          />
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="secondary" disabled={running || rows.length >= MAX_TRANSFERS} onClick={() => setRows((now) => [...now, newRow()])}>
          {words.t('several.add')}
        </button>
      </div>
      {rows.length >= MAX_TRANSFERS ? <p className="muted tx-small">{words.t('several.max', { count: MAX_TRANSFERS })}</p> : null}
      {total !== undefined ? (
        <p className="muted" data-testid="several-total">
          {/* Every digit kept, grouped and marked the locale's way ("10.000,5 ETH" in German). */}
          <Sentence
            words={words}
            id="several.total"
            values={{
              total: (
                <span className="amount" dir="ltr">
                  {words.amount(exactNativeAmount(total.toString()))} {symbol}
                </span>
              ),
              count: filled.length,
            }}
          />
        </p>
      ) : null}
      {filled.length === 1 && !running ? (
        <p className="muted tx-small" data-testid="several-one">
          {words.t('several.fillSecond')}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={!canSend}>
          {filled.length === 0 ? words.t('several.send') : words.t('several.sendTo', { count: filled.length })}
        </button>
        {batch?.mode === 'oneByOne' && running ? (
          <button type="button" className="warning" disabled={batch.stopRequested} onClick={() => dispatch(batchActions.changed({ id: batch.id, stop: true }))}>
            {words.t('several.stop')}
          </button>
        ) : null}
      </div>
      <BatchStatus batch={batch} words={words} />
    </form>
  );
}

function SeveralRow({
  row,
  index,
  target,
  symbol,
  chain,
  disabled,
  onChange,
  onReady,
  onRemove,
}: {
  row: Row;
  index: number;
  target: SigningTarget;
  symbol: string;
  chain: string;
  disabled: boolean;
  onChange(change: Partial<Row>): void;
  onReady(transfer: SentTransfer | undefined): void;
  onRemove: (() => void) | undefined;
}) {
  const words = useLaterWords();
  const chains = useChains();
  const recipientId = useId();
  const amountId = useId();
  const recipient = useRecipient(row.to, target.chainId);
  const address = recipient.status === 'address' || recipient.status === 'resolved' ? recipient.address : undefined;
  const own = address !== undefined && address.toLowerCase() === target.account.toLowerCase();
  const amount = readAmount(row.amount);
  const name = recipient.status === 'resolved' ? recipient.name : undefined;
  const wei = amount.ok ? amount.wei.toString() : undefined;
  useEffect(() => {
    onReady(address !== undefined && wei !== undefined ? { to: address, ...(name !== undefined ? { toName: name } : {}), valueWei: wei } : undefined);
    // onReady is a new function each render; what it reports is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, name, wei]);
  const n = index + 1;
  return (
    <li className="several-row" data-testid="several-row">
      <label>
        {words.t('several.recipient', { n })}
        <input
          value={row.to}
          onChange={(e) => onChange({ to: e.target.value })}
          placeholder={chains[target.chainId]?.ensRegistry ? words.t('transfer.toPlaceholder') : '0x…'}
          spellCheck={false}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          disabled={disabled}
          aria-describedby={recipientId}
          aria-invalid={recipientInvalid(recipient) ? true : undefined}
        />
      </label>
      <div id={recipientId} className="recipient" data-testid="recipient" data-status={recipient.status} aria-live="polite">
        <RecipientLine recipient={recipient} chain={chain} ownAddress={own} />
      </div>
      <label>
        {words.t('several.amount', { n, symbol })}
        <input
          value={row.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={amount.ok || row.amount === '' ? undefined : true}
          aria-describedby={amountId}
        />
      </label>
      <AmountNote id={amountId} amount={amount} text={row.amount} symbol={symbol} emptyIsQuiet />
      {onRemove ? (
        <button type="button" className="secondary small" disabled={disabled} onClick={onRemove} aria-label={words.t('several.removeLabel', { n })}>
          {words.t('several.remove')}
        </button>
      ) : null}
    </li>
  );
}

/** Where the request stands, in the user's words; the exact error stays under "Details". */
function BatchStatus({ batch, words: w }: { batch: BatchRequest | null; words: Words }) {
  if (!batch) return null;
  const n = batch.transfers.length;
  const progress = { sent: batch.sent, total: n };
  const words = ((): string => {
    switch (batch.status) {
      case 'checking':
        return w.t('batch.checking');
      case 'waiting':
        if (batch.mode === 'atomic') return w.t('batch.confirmAtomic', { count: n });
        return batch.stopRequested ? w.t('batch.stopping', progress) : w.t('batch.confirmNext', { ...progress, next: batch.sent + 1 });
      case 'done':
        return batch.mode === 'atomic' ? w.t('batch.doneAtomic', { count: n }) : w.t('batch.done', progress);
      case 'stopped':
        return batch.error ? w.t('batch.stoppedByChange', progress) : w.t('batch.stopped', progress);
      case 'declined':
        return batch.sent > 0 ? w.t('batch.declinedSome', progress) : w.t('batch.declined');
      case 'failed':
        return batch.sent > 0 ? w.t('batch.failedSome', progress) : w.t('batch.failed');
    }
  })();
  return (
    <div className="outcome" data-testid="several-status" data-status={batch.status} data-mode={batch.mode ?? ''} data-sent={batch.sent} aria-live="polite">
      {batch.error && batch.status !== 'declined' ? (
        <ErrorDetails error={batch.error} alert={batch.status === 'failed'}>
          {words}
        </ErrorDetails>
      ) : (
        <p className={batch.status === 'done' ? 'ok' : batch.status === 'declined' ? 'calm' : undefined}>{words}</p>
      )}
    </div>
  );
}
