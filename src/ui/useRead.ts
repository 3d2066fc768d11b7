// RTK Query reads for components, on RTK Query's core: its React hooks module is 3 kB for the little
// used here, and would make the store import React (see src/boot.ts).
import type { SubscriptionOptions } from '@reduxjs/toolkit/query';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { WalletError } from '../lib/errors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/types';

interface ReadEntry<Result> {
  data?: Result;
  error?: unknown;
  /** When the data shown was answered (RTK Query's own stamp). */
  fulfilledTimeStamp?: number;
  status: string;
  isUninitialized: boolean;
  isError: boolean;
}

/** What `useRead` needs of an RTK Query endpoint (`api.endpoints.x`). */
export interface ReadEndpoint<Arg, Result> {
  initiate(arg: Arg, options?: { subscriptionOptions?: SubscriptionOptions }): ThunkAction<ReadSubscription, unknown, unknown, UnknownAction>;
  select(arg: Arg): (state: RootState) => ReadEntry<Result>;
}

interface ReadSubscription {
  unsubscribe(): void;
  refetch(): unknown;
  updateSubscriptionOptions(options: SubscriptionOptions): void;
}

/**
 * What a screen shows of a read, the same for every place that shows it (docs/behaviour.md §5.4):
 * its value ('ready'), that it is on its way ('loading'), that no endpoint answered ('unavailable',
 * kept while a retry is under way, until an answer replaces it), or, when an earlier answer is all
 * there is because the read failed since, that answer marked as old ('stale': "as of <time>").
 */
export type ReadShown = 'ready' | 'loading' | 'unavailable' | 'stale';

/**
 * The one mapping from a cache entry to what is shown: a failed read is never "loading" again until it
 * is retried and answered, and an old answer is never shown as current once a read of it has failed
 * (a reload would say "unavailable" after that same failure: every tab says the value is not current).
 */
export function readShown(entry: { data?: unknown; error?: unknown }): ReadShown {
  if (entry.data !== undefined) return entry.error !== undefined ? 'stale' : 'ready';
  return entry.error !== undefined ? 'unavailable' : 'loading';
}

export interface Read<Result> {
  /** What the screen shows of it: see ReadShown. */
  shown: ReadShown;
  /** The result for exactly this argument (kept while it is read again); undefined until it arrives. */
  currentData: Result | undefined;
  /** When `currentData` was answered (ms since the epoch). */
  answeredAt: number | undefined;
  error: WalletError | undefined;
  isUninitialized: boolean;
  isFetching: boolean;
  isError: boolean;
  /** Reads it again. */
  refetch(): void;
}

const NOTHING: ReadEntry<never> = { status: 'uninitialized', isUninitialized: true, isError: false };
const nothing = () => NOTHING;

/**
 * Subscribes to one read while the component shows it (`arg` undefined: nothing to read). The read
 * starts when the component commits, before the browser paints (RTK Query's own hooks wait for the
 * effects after it), so reads started by the same commit (a balance and its name) leave together in
 * one batch.
 */
export function useRead<Arg, Result>(endpoint: ReadEndpoint<Arg, Result>, arg: Arg | undefined, options: { pollingInterval?: number } = {}): Read<Result> {
  const dispatch = useAppDispatch();
  const pollingInterval = options.pollingInterval ?? 0;
  // A new object with the same values is the same read.
  const key = arg === undefined ? '' : JSON.stringify(arg);
  const subscription = useRef<ReadSubscription | undefined>(undefined);
  useLayoutEffect(() => {
    if (arg === undefined) return;
    const started = dispatch(endpoint.initiate(arg, { subscriptionOptions: { pollingInterval } }));
    subscription.current = started;
    return () => {
      started.unsubscribe();
      if (subscription.current === started) subscription.current = undefined;
    };
    // `key` stands for `arg`; a change of polling alone is applied below, without a new subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, endpoint, key]);
  useEffect(() => {
    subscription.current?.updateSubscriptionOptions({ pollingInterval });
  }, [pollingInterval]);
  const selector = useMemo(
    (): ((state: RootState) => ReadEntry<Result>) => (arg === undefined ? nothing : endpoint.select(arg)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [endpoint, key],
  );
  const state = useAppSelector(selector);
  return {
    shown: readShown(state),
    currentData: state.data,
    answeredAt: state.fulfilledTimeStamp,
    error: state.error as WalletError | undefined, // the base query only ever returns WalletError
    isUninitialized: state.isUninitialized,
    isFetching: state.status === 'pending',
    isError: state.isError,
    refetch: () => void subscription.current?.refetch(),
  };
}
