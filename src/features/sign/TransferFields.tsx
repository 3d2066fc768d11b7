// What a transfer's fields say beside them, the same in "Send to one" (./TransferForm.tsx) and in each
// row of "Send to several" (./SeveralForm.tsx): the recipient's line (the address a name resolves to,
// or why there is none) and the amount's note (how a lone decimal comma was read, or why the text is
// not an amount).
import { displayText } from '../../lib/displayText';
import type { AmountProblem, AmountReading } from '../../lib/transfer';
import { AddressGroups } from '../../ui/AddressGroups';
import { Avatar } from '../../ui/Avatar';
import { ErrorDetails } from '../../ui/ErrorDetails';
import type { RecipientState } from './useRecipient';

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

/**
 * Under an amount field (its `aria-describedby` is `id`): how the amount was read when that is worth
 * saying, or why `text` is not an amount. `emptyIsQuiet`: an empty field says nothing (a row of "Send
 * to several" not filled in yet); the problem stays in `data-problem` either way.
 */
export function AmountNote({ id, amount, text, symbol, emptyIsQuiet = false }: { id: string; amount: AmountReading; text: string; symbol: string; emptyIsQuiet?: boolean }) {
  return (
    <div id={id} data-testid="amount-note" data-problem={amount.ok ? undefined : amount.problem} data-message={amount.ok ? undefined : amount.message}>
      {amount.ok ? (
        amount.readAs !== undefined ? (
          <p className="muted">
            Read as <span className="amount">{amount.readAs} {symbol}</span>.
          </p>
        ) : null
      ) : emptyIsQuiet && text === '' ? null : (
        <p className="field-problem">{amountWords(amount.problem, text.trim())}</p>
      )}
    </div>
  );
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
            <AddressGroups address={recipient.address} />
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
