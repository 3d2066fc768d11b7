// What was sent and what became of it, on screen: the sentence of ./words.ts with its values isolated
// (an amount with its unit and an address left to right, a name in <bdi>), so that a right-to-left
// sentence never turns them (docs/behaviour.md §14.4).
import type { ChainTable } from '../../lib/chains';
import type { SentTransaction, SentTransfer } from '../../lib/sentTransactions';
import { Sentence } from '../../i18n/react';
import type { Words } from '../../i18n/words';
import { amountWords, recipientOf, symbolOf, transferKey, whatSent } from './words';

const Amount = ({ text }: { text: string }) => <bdi dir="ltr">{text}</bdi>;
const Recipient = ({ transfer }: { transfer: SentTransfer }) => (transfer.toName ? <bdi>{recipientOf(transfer)}</bdi> : <bdi dir="ltr">{recipientOf(transfer)}</bdi>);

/** One transfer: "0.01 ETH to bob.test". */
export function OneTransfer({ transfer, chains, chainId, words }: { transfer: SentTransfer; chains: ChainTable; chainId: number; words: Words }) {
  return <Sentence words={words} id="tx.one" values={{ amount: <Amount text={amountWords(transfer.valueWei, symbolOf(chains, chainId), words)} />, recipient: <Recipient transfer={transfer} /> }} />;
}

/** "Sending 0.01 ETH to bob.test", "Sent 0.3 ETH to 2 recipients", … */
export function TransferSentence({ tx, chains, words }: { tx: SentTransaction; chains: ChainTable; words: Words }) {
  const what = whatSent(tx, chains, words);
  const [first] = tx.transfers;
  const shown =
    'recipient' in what && first ? (
      <OneTransfer transfer={first} chains={chains} chainId={tx.chainId} words={words} />
    ) : (
      <Sentence words={words} id="tx.many" values={{ amount: <Amount text={what.amount} />, count: what.transfers }} />
    );
  return <Sentence words={words} id={transferKey(tx)} values={{ what: shown }} />;
}
