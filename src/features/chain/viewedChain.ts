import { DEVELOPMENT_CHAIN_ID, type ChainTable } from '../../lib/chains';
import { CONNECTION_IDS } from '../../lib/connectors/types';
import { selectConnection, selectCurrentConnectionId } from '../../../store/selectors';
import type { RootState } from '../../../store/types';

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
