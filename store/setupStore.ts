// The store factory: never a singleton, so every test and every page load gets its own. It builds
// the store only: the composition root (src/walletApp.ts) reads what the page remembered and passes
// it in, and a saga (sagas/sessionMemory.ts) writes it back. The read layer (store/readLayer.ts) is
// not part of it: its chunk arrives after the store is built and joins this store alone
// (`attachReadApi`): its reducer into this store's reducer, its middleware into this store's chain.
import { configureStore, createDynamicMiddleware, type Middleware } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import type { RpcRuntime } from '../src/lib/rpc';
import { validateAllowedChainIds } from '../src/lib/validation';
import { createEnvironmentState } from './environmentSlice';
import { createRootReducer, type LazyApi } from './rootReducer';
import { createWalletState } from './walletSlice';
import type { RootState } from './types';

export interface StoreOptions {
  /** Allowed chains per kind (docs/behaviour.md §2.3); each list must be non-empty. */
  allowedChainIds?: Record<ConnectionId, number[]>;
  /** What the page remembered from an earlier visit: the kind chosen last, the extension picked. */
  remembered?: { current?: ConnectionId; chosenExtension?: string; withoutExtension?: readonly ConnectionId[] };
  /** False when the browser refuses site storage (nothing survives a reload; the page says so). */
  storageRemembered?: boolean;
  /** Extra middleware (the saga middleware, wired by the composition root). */
  middleware?: Middleware[];
  devTools?: boolean;
  /** Each kind as plain data (src/lib/connectors/registry.ts describeKinds), for the UI's first render. */
  kinds?: Partial<Record<ConnectionId, unknown>>;
}

/**
 * The thunk extra argument of a store: the RPC runtime of its read layer (endpoint selection and
 * JSON-RPC for read-only chain data), which RTK Query hands every query as `api.extra`; there once
 * the read layer is attached (one runtime per store, never a module singleton).
 */
export interface StoreExtra {
  rpc?: RpcRuntime;
}

/** The read layer's API as it joins a store: its reducer (at `state.rpc`) and its middleware. */
export type ReadApi = LazyApi & { middleware: Middleware };

export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const allowed = options.allowedChainIds;
  if (allowed) for (const id of CONNECTION_IDS) validateAllowedChainIds(allowed[id]);
  const { current, chosenExtension, withoutExtension } = options.remembered ?? {};
  const wallet =
    preloadedState?.wallet ??
    (allowed
      ? createWalletState(allowed, {
          ...(current !== undefined ? { current } : {}),
          ...(options.kinds ? { kinds: options.kinds } : {}),
          ...(chosenExtension !== undefined ? { chosenExtension } : {}),
          ...(withoutExtension !== undefined ? { withoutExtension } : {}),
        })
      : undefined);
  const environment =
    preloadedState?.environment ?? (options.storageRemembered !== undefined ? createEnvironmentState({ storageRemembered: options.storageRemembered }) : undefined);
  const root = createRootReducer();
  // Where the read layer's middleware joins: where RTK Query's always sat, before the sagas'.
  const lazy = createDynamicMiddleware();
  const extra: StoreExtra = {};
  let attached = false;
  const store = configureStore({
    reducer: root.reducer,
    preloadedState: { ...preloadedState, ...(wallet ? { wallet } : {}), ...(environment ? { environment } : {}) },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(lazy.middleware, ...(options.middleware ?? [])),
    devTools: options.devTools ?? false,
  });
  return Object.assign(store, {
    /**
     * Joins the read layer to this store (store/readLayer.ts does it, once its chunk is here): its
     * API's reducer and middleware, and the runtime its queries reach. Once per store; the state
     * has `rpc` from the next action on.
     */
    attachReadApi(api: ReadApi, rpc: RpcRuntime | undefined): void {
      if (attached) return;
      attached = true;
      if (rpc) extra.rpc = rpc;
      root.inject(api);
      lazy.addMiddleware(api.middleware);
    },
  });
}
