// What a transfer's fields say beside them, the same in "Send to one" (./TransferForm.tsx) and in each
// row of "Send to several" (./SeveralForm.tsx): the recipient's line (the address a name resolves to,
// or why there is none) and the amount's note (how a lone decimal comma was read, or why the text is
// not an amount).
import { displayText } from '../../lib/displayText';
import type { AmountProblem, AmountReading } from '../../lib/transfer';
import { AddressGroups } from '../../ui/AddressGroups';
import { Avatar } from '../../ui/Avatar';
import { ErrorDetails } from '../../ui/ErrorDetails';
import { englishLater, useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import type { Words } from '../../i18n/words';
import { NATIVE_DECIMALS } from '../chain/format';
import type { RecipientState } from './useRecipient';

/** What the amount field says, for users; the exact message stays in `data-message` for tests. */
export function amountWords(problem: AmountProblem, text: string, words: Words = englishLater): string {
  switch (problem) {
    case 'empty':
      return words.t('amount.empty');
    case 'ambiguousComma': {
      // Only digits and one comma reach here ("12,500"): both readings, spelled out as the user would type them.
      const [whole = '', fraction = ''] = text.split(',');
      return words.t('amount.ambiguousComma', { text, whole: `${whole}${fraction}`, decimal: `${whole}.${fraction}` });
    }
    case 'comma':
      return words.t('amount.comma');
    case 'notAnAmount':
      return words.t('amount.notAnAmount');
    case 'tooManyDecimals':
      return words.t('amount.tooManyDecimals', { count: NATIVE_DECIMALS });
    case 'tooLarge':
      return words.t('amount.tooLarge');
  }
}

/**
 * Under an amount field (its `aria-describedby` is `id`): how the amount was read when that is worth
 * saying, or why `text` is not an amount. `emptyIsQuiet`: an empty field says nothing (a row of "Send
 * to several" not filled in yet); the problem stays in `data-problem` either way.
 */
export function AmountNote({ id, amount, text, symbol, emptyIsQuiet = false }: { id: string; amount: AmountReading; text: string; symbol: string; emptyIsQuiet?: boolean }) {
  const words = useLaterWords();
  return (
    <div id={id} data-testid="amount-note" data-problem={amount.ok ? undefined : amount.problem} data-message={amount.ok ? undefined : amount.message}>
      {amount.ok ? (
        amount.readAs !== undefined ? (
          <p className="muted">
            {/* The amount as read, in the locale's marks (no group marks: as typed). */}
            <Sentence
              words={words}
              id="amount.readAs"
              values={{
                amount: (
                  <span className="amount" dir="ltr">
                    {words.amount(amount.readAs, false)} {symbol}
                  </span>
                ),
              }}
            />
          </p>
        ) : null
      ) : emptyIsQuiet && text === '' ? null : (
        <p className="field-problem">{amountWords(amount.problem, text.trim(), words)}</p>
      )}
    </div>
  );
}

export function recipientInvalid(recipient: RecipientState): boolean {
  return ['zeroAddress', 'badAddress', 'badChecksum', 'notRecipient', 'notFound', 'invalidName', 'noNames'].includes(recipient.status);
}

/** Beside the field: the address a name resolves to, or why there is none. */
export function RecipientLine({ recipient, chain, ownAddress }: { recipient: RecipientState; chain: string; ownAddress: boolean }) {
  const words = useLaterWords();
  const own = ownAddress ? (
    <span className="own-address" data-testid="own-address">
      {words.t('recipient.own')}
    </span>
  ) : null;
  const chainName = <bdi>{chain}</bdi>;
  const name = 'name' in recipient ? <bdi>{displayText(recipient.name, 80)}</bdi> : null;
  switch (recipient.status) {
    case 'empty':
      return null;
    case 'address':
      return own;
    case 'zeroAddress':
      return <span className="field-problem">{words.t('recipient.zero')}</span>;
    case 'badAddress':
      return <span className="field-problem">{words.t('recipient.badAddress')}</span>;
    case 'badChecksum':
      return <span className="field-problem">{words.t('recipient.badChecksum')}</span>;
    case 'notRecipient':
      return <span className="field-problem">{words.t('recipient.notRecipient')}</span>;
    case 'resolving':
      return (
        <span className="muted">
          <Sentence words={words} id="recipient.resolving" values={{ name }} />
        </span>
      );
    case 'resolved':
      return (
        <span className="ok" data-testid="resolved">
          <Avatar address={recipient.address} image={recipient.avatar} size={20} className="recipient-avatar" />{' '}
          <Sentence
            words={words}
            id="recipient.resolved"
            values={{
              name: <bdi className="recipient-name">{displayText(recipient.name, 80)}</bdi>,
              address: (
                <span className="mono" data-testid="resolved-address" dir="ltr">
                  <AddressGroups address={recipient.address} />
                </span>
              ),
            }}
          />
          {own ? <> {own}</> : null}
        </span>
      );
    case 'notFound':
      return (
        <span className="field-problem">
          <Sentence words={words} id="recipient.notFound" values={{ name, chain: chainName }} />
        </span>
      );
    case 'invalidName':
      return (
        <span className="field-problem">
          <Sentence words={words} id="recipient.invalidName" values={{ name }} />
        </span>
      );
    case 'noNames':
      return (
        <span className="field-problem">
          <Sentence words={words} id="recipient.noNames" values={{ chain: chainName }} />
        </span>
      );
    case 'lookupFailed':
      return (
        <ErrorDetails error={recipient.error ?? words.t('sign.unknownError')} alert={false}>
          <Sentence words={words} id="recipient.lookupFailed" values={{ name }} />
        </ErrorDetails>
      );
  }
}
