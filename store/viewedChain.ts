import { defaultChainId, type ChainTable } from '../src/lib/chains';
import { CONNECTION_IDS } from '../src/lib/connectors/types';
import { selectConnection, selectConnectionActivity, selectCurrentConnectionId } from './selectors';
import type { AccountOnChain } from './chainApi';
import type { RootState } from './types';

/**
 * The chains whose data is on screen: the current connection's chain first, then other connected
 * chains; with no wallet, the table's default chain (defaultChainId); none while the
 * wallet connected last time is reconnecting (for RECONNECT_VIEW_MS at most).
 */
export function chainsInView(state: RootState, chains: ChainTable): number[] {
  const current = selectCurrentConnectionId(state);
  const ids: number[] = [];
  for (const id of [current, ...CONNECTION_IDS.filter((c) => c !== current)]) {
    const { chainId, accounts } = selectConnection(state, id);
    if (chainId !== undefined && accounts !== undefined && chains[chainId] && !ids.includes(chainId)) ids.push(chainId);
  }
  // The wallet connected last time is reconnecting: its chain is about to be known. Reading and
  // showing the default chain meanwhile would be replaced a moment later (and cost a request).
  if (ids.length === 0 && CONNECTION_IDS.some((id) => awaitingChain(state, id))) return ids;
  if (ids.length === 0) {
    const fallback = defaultChainId(chains);
    if (fallback !== undefined) ids.push(fallback);
  }
  return ids;
}

function awaitingChain(state: RootState, id: (typeof CONNECTION_IDS)[number]): boolean {
  const activity = selectConnectionActivity(state, id);
  return selectConnection(state, id).activating && activity.phase === 'reconnecting' && activity.reconnectSlow !== true;
}

/** Stable between renders while the list is the same (useSelector compares by reference). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** The chain reads the page shows: the latest block of each chain in view, the balance of each account shown. */
export interface ReadsInView {
  blocks: number[];
  balances: AccountOnChain[];
}

export function readsInView(state: RootState, chains: ChainTable): ReadsInView {
  const balances: AccountOnChain[] = [];
  for (const id of CONNECTION_IDS) {
    const { chainId, accounts } = selectConnection(state, id);
    if (chainId === undefined || !chains[chainId]) continue;
    for (const address of accounts ?? []) balances.push({ chainId, address });
  }
  return { blocks: chainsInView(state, chains), balances };
}
