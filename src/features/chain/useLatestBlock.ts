import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { BLOCK_POLL_MS, useGetBlockNumberQuery } from './chainApi';
import { usePageVisible } from './usePageVisible';
import { useStartEarly } from './useStartEarly';

/**
 * The latest block of a chain, polled while the page is visible and read again when it becomes
 * visible. Every view of a chain's state subscribes, so its balances refresh on new blocks.
 */
export function useLatestBlock(chainId: number | undefined) {
  const visible = usePageVisible();
  useStartEarly('getBlockNumber', chainId ?? skipToken, String(chainId));
  const query = useGetBlockNumberQuery(chainId ?? skipToken, { pollingInterval: visible ? BLOCK_POLL_MS : 0 });
  const { refetch, isUninitialized } = query;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && !isUninitialized) void refetch();
    wasVisible.current = visible;
  }, [visible, refetch, isUninitialized]);
  return query;
}
