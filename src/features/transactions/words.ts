// A sent transaction in the user's words: "Sending 0.01 ETH to bob.test", then "Sent …" or what
// went wrong. Names and amounts come from storage too: names are shown as safe text.
import type { ChainTable } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import type { SentTransaction, SentTransfer } from '../../lib/sentTransactions';
import { SIGNING_MESSAGES } from '../../../store/signingSlice';
import { exactNativeAmount, shortAddress } from '../chain/format';

export const symbolOf = (chains: ChainTable, chainId: number): string => chains[chainId]?.nativeCurrency?.symbol ?? 'ETH';

/** The recipient as the user named it: the verified name they typed, else the short address. */
export const recipientOf = (transfer: SentTransfer): string => (transfer.toName ? displayText(transfer.toName, 80) : shortAddress(transfer.to));

/** One transfer: "0.01 ETH to bob.test". */
export const oneTransferWords = (transfer: SentTransfer, chains: ChainTable, chainId: number): string =>
  `${exactNativeAmount(transfer.valueWei)} ${symbolOf(chains, chainId)} to ${recipientOf(transfer)}`;

/** What was sent: one transfer, or a batch's total and how many recipients. */
function whatWords(tx: SentTransaction, chains: ChainTable): string {
  const [first, ...rest] = tx.transfers;
  if (first && rest.length === 0) return oneTransferWords(first, chains, tx.chainId);
  const total = tx.transfers.reduce((sum, t) => sum + BigInt(t.valueWei), 0n);
  return `${exactNativeAmount(total.toString())} ${symbolOf(chains, tx.chainId)} to ${tx.transfers.length} recipients`;
}

/** A Safe proposal its owners have not executed yet (no chain hash). */
export const isProposal = (tx: SentTransaction): boolean => tx.via.kind === 'safe' && tx.hash === undefined;

/** "Sending 0.01 ETH to bob.test" (pending), "Sent 0.01 ETH to bob.test" (confirmed), and so on. */
export function transferWords(tx: SentTransaction, chains: ChainTable): string {
  const what = whatWords(tx, chains);
  // A Safe's proposal is not sent until its owners execute it (docs/behaviour.md §10.1).
  if (isProposal(tx) && (tx.status === 'pending' || tx.status === 'unconfirmed')) return `Proposed ${what}`;
  switch (tx.status) {
    case 'pending':
    case 'unconfirmed':
      return `Sending ${what}`;
    case 'confirmed':
      return `Sent ${what}`;
    case 'failed':
      return `Could not send ${what}`;
    case 'partial':
      return `Partly sent ${what}`;
  }
}

/** Where the transaction stands, in one short sentence. */
export function statusWords(tx: SentTransaction): string {
  if (isProposal(tx)) {
    if (tx.status === 'pending') return "Waiting for the Safe's owners to confirm and execute it in Safe{Wallet}.";
    if (tx.status === 'unconfirmed') return "Not executed yet: it still waits for the Safe's owners in Safe{Wallet}.";
    if (tx.status === 'failed') return "The Safe's owners rejected it in Safe{Wallet}: no money moved.";
  }
  switch (tx.status) {
    case 'pending':
      return 'Pending: waiting for the network to include it.';
    case 'unconfirmed':
      return 'Not confirmed yet: it may still go through. Check it in your wallet or the explorer.';
    case 'confirmed':
      return tx.blockNumber !== undefined ? `Confirmed in block ${tx.blockNumber}.` : 'Confirmed.';
    case 'failed':
      return tx.blockNumber !== undefined
        ? `It failed on the network (block ${tx.blockNumber}): no money moved, only the fee was paid.`
        : 'The wallet could not get it onto the network: no money moved.';
    case 'partial':
      return 'Only part of it went through: check in your wallet or the explorer which transfers arrived.';
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
export const moreWords = (others: number): string => `${others} more in Recent transactions (account menu)`;
