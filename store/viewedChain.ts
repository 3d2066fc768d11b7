// What the page shows, decided in one place for both the read-ahead (store/readAhead.ts starts these
// reads before React renders) and the components (they show exactly these reads): the current
// connection, its account and chain, and the chain whose data is on screen.
import { createSelector } from '@reduxjs/toolkit';
import { defaultChainId, namesChainOf, type ChainTable } from '../src/lib/chains';
import type { ConnectionId } from '../src/lib/connectors/types';
import { kindView, type KindView } from './connectionView';
import type { AccountOnChain } from './chainApi';
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
