import { skipToken } from '@reduxjs/toolkit/query/react';
import { useLayoutEffect } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { chainApi } from './chainApi';

type Early = 'getBlockNumber' | 'getBalance' | 'getName';
type ArgOf<E extends Early> = Parameters<(typeof chainApi.endpoints)[E]['initiate']>[0];

/**
 * Starts a read when the component commits, before the browser paints, instead of after it (where
 * RTK Query's hooks subscribe): the request leaves one frame earlier, and reads started by the same
 * commit (a balance and its name lookup) leave together in one batch. `key` identifies the argument.
 */
export function useStartEarly<E extends Early>(endpoint: E, arg: ArgOf<E> | typeof skipToken, key: string): void {
  const dispatch = useAppDispatch();
  useLayoutEffect(() => {
    if (arg === skipToken) return;
    const initiate = chainApi.endpoints[endpoint].initiate as (a: typeof arg) => ReturnType<typeof chainApi.endpoints.getBalance.initiate>;
    const subscription = dispatch(initiate(arg));
    return () => subscription.unsubscribe();
    // The argument is identified by `key` (a new object with the same values is the same read).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, endpoint, key]);
}
