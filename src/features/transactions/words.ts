// A sent transaction in the user's words: "Sending 0.01 ETH to bob.test", then "Sent …" or what
// went wrong. Names and amounts come from storage too: names are shown as safe text.
import type { ChainTable } from '../../lib/chains';
import { displayText } from '../../lib/displayText';
import type { SentTransaction } from '../../lib/sentTransactions';
import { SIGNING_MESSAGES } from '../../../store/signingSlice';
import { exactNativeAmount, shortAddress } from '../chain/format';

export const symbolOf = (chains: ChainTable, chainId: number): string => chains[chainId]?.nativeCurrency?.symbol ?? 'ETH';

/** The recipient as the user named it: the verified name they typed, else the short address. */
export const recipientOf = (tx: SentTransaction): string => (tx.toName ? displayText(tx.toName, 80) : shortAddress(tx.to));

/** "Sending 0.01 ETH to bob.test" (pending), "Sent 0.01 ETH to bob.test" (confirmed), and so on. */
export function transferWords(tx: SentTransaction, chains: ChainTable): string {
  const what = `${exactNativeAmount(tx.valueWei)} ${symbolOf(chains, tx.chainId)} to ${recipientOf(tx)}`;
  switch (tx.status) {
    case 'pending':
    case 'unconfirmed':
      return `Sending ${what}`;
    case 'confirmed':
      return `Sent ${what}`;
    case 'failed':
      return `Could not send ${what}`;
  }
}

/** Where the transaction stands, in one short sentence. */
export function statusWords(tx: SentTransaction): string {
  switch (tx.status) {
    case 'pending':
      return 'Pending: waiting for the network to include it.';
    case 'unconfirmed':
      return 'Not confirmed yet: it may still go through. Check it in your wallet or the explorer.';
    case 'confirmed':
      return `Confirmed in block ${tx.blockNumber}.`;
    case 'failed':
      return `It failed on the network (block ${tx.blockNumber}): no money moved, only the fee was paid.`;
  }
}

/** The exact outcome behind a failure, for "Details". */
export const failureDetail = (tx: SentTransaction): string | undefined =>
  tx.status === 'failed' && tx.blockNumber !== undefined ? SIGNING_MESSAGES.reverted(tx.blockNumber) : undefined;

/** On a phone only the newest toast shows: how many others there are. */
export const moreWords = (others: number): string => `${others} more in Recent transactions (account menu)`;
