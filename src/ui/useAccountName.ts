// The verified primary name of an account for the chain it is on, with its avatar (docs/behaviour.md
// §5.5): undefined while unknown, when there is none, or where names are not available.
import { skipToken } from '@reduxjs/toolkit/query';
import { chainApi } from '../../store/chainApi';
import type { RememberedName } from '../lib/rpc/nameMemory';
import { namesChainOf } from '../lib/chains';
import { useChains } from './chainsContext';
import { useRead } from './useRead';

export function useAccountName(chainId: number | undefined, address: string | undefined): RememberedName | undefined {
  const chains = useChains();
  const available = chainId !== undefined && address !== undefined && address !== '' && namesChainOf(chains, chainId) !== undefined;
  return useRead(chainApi.endpoints.getName, available ? { chainId, address } : skipToken).currentData ?? undefined;
}
