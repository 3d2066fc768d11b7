import { useEffect, useRef } from 'react';
import { useRead } from '../../ui/useRead';
import { BLOCK_POLL_MS, chainApi } from '../../../store/chainApi';
import { usePageVisible } from './usePageVisible';

/**
 * The latest block of a chain, polled while the page is visible and read again when it becomes
 * visible (and the read layer asked for again, if it could not load). Every view of a chain's state
 * subscribes, so its balances refresh on new blocks.
 */
export function useLatestBlock(chainId: number | undefined) {
  const visible = usePageVisible();
  const query = useRead(chainApi.endpoints.getBlockNumber, chainId, { pollingInterval: visible ? BLOCK_POLL_MS : 0 });
  const { refetch, isUninitialized } = query;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch, isUninitialized]);
  return query;
}
