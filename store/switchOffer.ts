// Where a wallet on an unsupported network may go (docs/behaviour.md §6.6). Apart from store/viewedChain.ts,
// which the first visit's script carries, because only the wrong-network notice (a chunk of its own) reads it.
import { createSelector } from '@reduxjs/toolkit';
import { defaultChainId, offeredChainIds, type ChainTable } from '../src/lib/chains';
import type { SentTransaction } from '../src/lib/sentTransactions';
import type { RootState } from './types';

/** How many networks a wallet on an unsupported one is offered before "More". */
export const LIKELY_SWITCH_TARGETS = 3;

/**
 * Where a wallet on an unsupported network may go (docs/behaviour.md §6.6): the likely chains first
 * (the allowed chain the wallet was on last, the one asked for on connect, the chain shown before
 * connecting, the chain of the account's latest sent transaction; at most LIKELY_SWITCH_TARGETS), the
 * rest of the chains its kind can be offered after them, in table order.
 */
export interface SwitchOffer {
  likely: number[];
  more: number[];
}

export function switchOffer(wallet: RootState['wallet'], sent: readonly SentTransaction[], chains: ChainTable): SwitchOffer {
  const kind = wallet.current;
  const offered = offeredChainIds(chains, wallet.allowedChainIds[kind]);
  const account = wallet.connections[kind].accounts?.[0]?.toLowerCase();
  // The list is newest first, but entries restored from an earlier visit are merged in: go by time.
  const lastUsed = sent
    .filter((tx) => account !== undefined && tx.account.toLowerCase() === account && offered.includes(tx.chainId))
    .reduce<SentTransaction | undefined>((latest, tx) => (latest === undefined || tx.sentAt > latest.sentAt ? tx : latest), undefined)?.chainId;
  const activity = wallet.activity[kind];
  const candidates = [activity.lastAllowedChainId, activity.desiredChainId, defaultChainId(chains), lastUsed];
  const likely: number[] = [];
  for (const id of candidates) if (id !== undefined && offered.includes(id) && !likely.includes(id) && likely.length < LIKELY_SWITCH_TARGETS) likely.push(id);
  if (likely.length === 0 && offered[0] !== undefined) likely.push(offered[0]);
  return { likely, more: offered.filter((id) => !likely.includes(id)) };
}

/** The switch offer for the current wallet; the same object while the wallet, its transactions and the table are the same. */
export const selectSwitchOffer = createSelector(
  [(state: RootState) => state.wallet, (state: RootState) => state.transactions.list, (_state: RootState, chains: ChainTable) => chains],
  switchOffer,
);
