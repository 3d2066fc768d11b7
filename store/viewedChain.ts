import { DEVELOPMENT_CHAIN_ID, type ChainTable } from '../src/lib/chains';
import { CONNECTION_IDS } from '../src/lib/connectors/types';
import { selectConnection, selectCurrentConnectionId } from './selectors';
import type { AccountOnChain } from './chainApi';
import type { RootState } from './types';

/**
 * The chains whose data is on screen: the current connection's chain first, then other connected
 * chains; with no wallet, the development chain (development builds) or Mainnet.
 */
export function chainsInView(state: RootState, chains: ChainTable): number[] {
  const current = selectCurrentConnectionId(state);
  const ids: number[] = [];
  for (const id of [current, ...CONNECTION_IDS.filter((c) => c !== current)]) {
    const { chainId, accounts } = selectConnection(state, id);
    if (chainId !== undefined && accounts !== undefined && chains[chainId] && !ids.includes(chainId)) ids.push(chainId);
  }
  if (ids.length === 0) {
    const fallback = [DEVELOPMENT_CHAIN_ID, 1].find((id) => chains[id]) ?? Number(Object.keys(chains)[0]);
    if (chains[fallback]) ids.push(fallback);
  }
  return ids;
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
