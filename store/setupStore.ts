// The store factory: never a singleton, so every test and every page load gets its own.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import type { SessionMemory } from '../src/lib/persistence';
import type { RpcRuntime } from '../src/lib/rpc';
import { validateAllowedChainIds } from '../src/lib/validation';
import { rootReducer } from './rootReducer';
import { rpcApi, type StoreExtra } from './rpcApi';
import { createWalletState } from './walletSlice';
import type { RootState } from './types';

export interface StoreOptions {
  /** Allowed chains per kind (SPEC section 2); each list must be non-empty. */
  allowedChainIds?: Record<ConnectionId, number[]>;
  /** Where `current` is read at start and written on every change. */
  session?: SessionMemory;
  /** Endpoint selection and JSON-RPC for read-only chain data (RTK Query reaches it as `extra`). */
  rpc?: RpcRuntime;
  /** Extra middleware (the saga middleware, wired by the composition root). */
  middleware?: Middleware[];
  devTools?: boolean;
}

export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const allowed = options.allowedChainIds;
  if (allowed) for (const id of CONNECTION_IDS) validateAllowedChainIds(allowed[id]);
  const wallet =
    preloadedState?.wallet ??
    (allowed ? createWalletState(allowed, options.session?.loadCurrent() ?? 'injected') : undefined);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: wallet ? { ...preloadedState, wallet } : preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { rpc: options.rpc } satisfies StoreExtra } }).concat(rpcApi.middleware, ...(options.middleware ?? [])),
    devTools: options.devTools ?? false,
  });
  const session = options.session;
  if (session) {
    let saved = store.getState().wallet.current;
    store.subscribe(() => {
      const current = store.getState().wallet.current;
      if (current !== saved) session.saveCurrent((saved = current));
    });
  }
  return store;
}
