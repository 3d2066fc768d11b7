// A sent transaction in the user's words, from the catalogue (docs/behaviour.md §14): "Sending 0.01
// ETH to bob.test", then "Sent …" or what went wrong. Names and amounts come from storage too: names
// are shown as safe text. As text (a toast's label, what the live region says) or, for the screen,
// with its values isolated left to right (./TransferSentence.tsx).
import type { ChainTable } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import type { SentTransaction, SentTransfer } from '../../lib/sentTransactions';
import type { MessageKey } from '../../i18n/catalogue';
import { englishLater } from '../../i18n/later';
import type { Words } from '../../i18n/words';
import { SIGNING_MESSAGES } from '../../../store/signingSlice';
import { exactNativeAmount, shortAddress } from '../chain/format';

export const symbolOf = (chains: ChainTable, chainId: number): string => chains[chainId]?.nativeCurrency?.symbol ?? 'ETH';

/** The recipient as the user named it: the verified name they typed, else the short address. */
export const recipientOf = (transfer: SentTransfer): string => (transfer.toName ? displayText(transfer.toName, 80) : shortAddress(transfer.to));

/** An amount of the chain's coin with its unit, every digit kept, in the user's locale: "10.000,5 ETH" in German. */
export const amountWords = (wei: string | bigint, symbol: string, words: Words = englishLater): string => `${words.amount(exactNativeAmount(wei))} ${symbol}`;

/** What was sent, as its parts: one transfer, or a batch's total and how many recipients. */
export type WhatSent = { transfers: 1; amount: string; recipient: string } | { transfers: number; amount: string };

export function whatSent(tx: SentTransaction, chains: ChainTable, words: Words = englishLater): WhatSent {
  const [first, ...rest] = tx.transfers;
  const symbol = symbolOf(chains, tx.chainId);
  if (first && rest.length === 0) return { transfers: 1, amount: amountWords(first.valueWei, symbol, words), recipient: recipientOf(first) };
  const total = tx.transfers.reduce((sum, t) => sum + BigInt(t.valueWei), 0n);
  return { transfers: tx.transfers.length, amount: amountWords(total, symbol, words) };
}

function whatWords(tx: SentTransaction, chains: ChainTable, words: Words): string {
  const what = whatSent(tx, chains, words);
  return 'recipient' in what ? words.t('tx.one', what) : words.t('tx.many', { amount: what.amount, count: what.transfers });
}

/** A Safe proposal its owners have not executed yet (no chain hash). */
export const isProposal = (tx: SentTransaction): boolean => tx.via.kind === 'safe' && tx.hash === undefined;

export type TransferKey = Extract<MessageKey, 'tx.proposed' | 'tx.sending' | 'tx.sent' | 'tx.notSent' | 'tx.partlySent'>;

/** Which sentence says what became of it: "Sending {what}", "Sent {what}", … */
export function transferKey(tx: SentTransaction): TransferKey {
  // A Safe's proposal is not sent until its owners execute it (docs/behaviour.md §10.1).
  if (isProposal(tx) && (tx.status === 'pending' || tx.status === 'unconfirmed')) return 'tx.proposed';
  switch (tx.status) {
    case 'pending':
    case 'unconfirmed':
      return 'tx.sending';
    case 'confirmed':
      return 'tx.sent';
    case 'failed':
      return 'tx.notSent';
    case 'partial':
      return 'tx.partlySent';
  }
}

/** "Sending 0.01 ETH to bob.test" (pending), "Sent 0.01 ETH to bob.test" (confirmed), and so on. */
export function transferWords(tx: SentTransaction, chains: ChainTable, words: Words = englishLater): string {
  return words.t(transferKey(tx), { what: whatWords(tx, chains, words) });
}

/** The name of the Safe's own app, as its makers write it. */
export const SAFE_APP = 'Safe{Wallet}';

/** Where the transaction stands, in one short sentence. */
export function statusWords(tx: SentTransaction, words: Words = englishLater): string {
  if (isProposal(tx)) {
    if (tx.status === 'pending') return words.t('tx.safePending', { safeApp: SAFE_APP });
    if (tx.status === 'unconfirmed') return words.t('tx.safeUnconfirmed', { safeApp: SAFE_APP });
    if (tx.status === 'failed') return words.t('tx.safeRejected', { safeApp: SAFE_APP });
  }
  // A block number is an identifier: its digits as the chain gives them, never grouped.
  const block = tx.blockNumber === undefined ? undefined : String(tx.blockNumber);
  switch (tx.status) {
    case 'pending':
      return words.t('tx.pending');
    case 'unconfirmed':
      return words.t('tx.unconfirmed');
    case 'confirmed':
      return block !== undefined ? words.t('tx.confirmedIn', { block }) : words.t('tx.confirmed');
    case 'failed':
      return block !== undefined ? words.t('tx.failedIn', { block }) : words.t('tx.failedOffChain');
    case 'partial':
      return words.t('tx.partial');
  }
}

/** The exact outcome behind a failure, for "Details". */
export function failureDetail(tx: SentTransaction): string | undefined {
  if (tx.status === 'failed' && tx.blockNumber !== undefined) return SIGNING_MESSAGES.reverted(tx.blockNumber);
  if (tx.status === 'failed' && tx.via.kind === 'calls') return BATCH_OUTCOMES.offchain;
  if (tx.status === 'partial') return BATCH_OUTCOMES.partial(tx.receipts?.filter((r) => !r.success).length ?? 0);
  return undefined;
}

/** The exact outcome of a batch the wallet reported as failed off chain, or partly through (EIP-5792 400, 600). */
export const BATCH_OUTCOMES = {
  offchain: 'The wallet reported the batch as failed off chain (EIP-5792 status 4xx)',
  partial: (reverted: number) => `The wallet reported the batch as partly through (EIP-5792 status 6xx); ${reverted} of its receipts reverted`,
} as const;

/** On a phone only the newest toast shows: how many others there are. */
export const moreWords = (others: number, words: Words = englishLater): string => words.t('tx.more', { count: others });
