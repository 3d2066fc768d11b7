// What the page shows, decided in one place for both the read-ahead (store/readAhead.ts starts these
// reads before React renders) and the components (they show exactly these reads): the current
// connection, its account and chain, and the chain whose data is on screen.
import { createSelector } from '@reduxjs/toolkit';
import { defaultChainId, namesChainOf, offeredChainIds, type ChainTable } from '../src/lib/chains';
import type { ConnectionId } from '../src/lib/connectors/types';
import { kindView, type KindView } from './selectors';
import type { AccountOnChain } from './chainApi';
import type { SentTransaction } from '../src/lib/sentTransactions';
import type { RootState } from './types';

export interface PageView {
  /** The current connection (docs/behaviour.md §1.2: the kind the user chose last). */
  kind: ConnectionId;
  view: KindView;
  /** Its account, while it is connected (on a supported network or not). */
  account?: string;
  /** Its wallet's chain, while it is connected (on a supported network or not). */
  chainId?: number;
  /**
   * The chain whose data the page shows: the wallet's while it is connected; the default chain while
   * no wallet is; none while the wallet connected last time reconnects (its chain is about to be
   * known, for RECONNECT_VIEW_MS at most) or is on a network the app does not support (any data
   * shown would be another chain's, as if it were the wallet's).
   */
  dataChainId?: number;
}

function samePageView(a: PageView, b: PageView): boolean {
  return a.kind === b.kind && a.view === b.view && a.account === b.account && a.chainId === b.chainId && a.dataChainId === b.dataChainId;
}

function computePageView(wallet: RootState['wallet'], chains: ChainTable): PageView {
  const kind = wallet.current;
  const connection = wallet.connections[kind];
  const activity = wallet.activity[kind];
  const view = kindView(connection, activity);
  const page: PageView = { kind, view };
  if (view === 'Connected' || view === 'Unsupported network') {
    if (connection.accounts?.[0] !== undefined) page.account = connection.accounts[0];
    if (connection.chainId !== undefined) page.chainId = connection.chainId;
  }
  if (view === 'Connected') {
    if (page.chainId !== undefined && chains[page.chainId]) page.dataChainId = page.chainId;
    return page;
  }
  if (view === 'Unsupported network') return page;
  const reconnecting = connection.activating && activity.phase === 'reconnecting' && activity.reconnectSlow !== true;
  if (reconnecting) return page;
  const fallback = defaultChainId(chains);
  if (fallback !== undefined) page.dataChainId = fallback;
  return page;
}

/** The page's view; the same object while what it says is the same (not only while the wallet state and the table are). */
export const selectPageView = createSelector(
  [(state: RootState) => state.wallet, (_state: RootState, chains: ChainTable) => chains],
  computePageView,
  // A wallet update that changes nothing the page shows (a wallet's event while it connects, the
  // answers' bookkeeping) keeps the same object: every part that shows the page's view (the header,
  // the banner, the overview, the sign section, the block) then skips that update's render.
  { memoizeOptions: { resultEqualityCheck: samePageView } },
);

/**
 * The chain reads the page shows: the latest block of the chain in view, the current account's
 * balance and, on a chain with names, its name.
 */
export interface ReadsInView {
  blocks: number[];
  balances: AccountOnChain[];
  names: AccountOnChain[];
}

/**
 * The reads of the account in view, built once for every screen that shows it (the overview, the
 * header's account button, the account menu) and the read-ahead: its balance on the chain in view
 * while it is connected there, and its name where that chain has names. The same objects while the
 * page's view is the same, so a component's read keeps its cache entry.
 */
export interface AccountReads {
  balance?: AccountOnChain;
  name?: AccountOnChain;
}

export const selectAccountReads = createSelector([selectPageView, (_state: RootState, chains: ChainTable) => chains], (page, chains): AccountReads => {
  if (page.view !== 'Connected' || page.account === undefined || page.dataChainId === undefined) return {};
  const balance = { chainId: page.dataChainId, address: page.account };
  return namesChainOf(chains, page.dataChainId) !== undefined ? { balance, name: balance } : { balance };
});

export function readsInView(state: RootState, chains: ChainTable): ReadsInView {
  const page = selectPageView(state, chains);
  const { balance, name } = selectAccountReads(state, chains);
  return { blocks: page.dataChainId === undefined ? [] : [page.dataChainId], balances: balance ? [balance] : [], names: name ? [name] : [] };
}

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
