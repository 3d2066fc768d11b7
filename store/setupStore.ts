// The store factory: never a singleton, so every test and every page load gets its own. It builds
// the store only: the composition root (src/walletApp.ts) reads what the page remembered and passes
// it in, and a saga (sagas/sessionMemory.ts) writes it back. RTK Query's reducer and middleware are
// part of it from the start; its queries reach this store's RPC runtime and the names code through
// the thunk extra argument (`api.extra`), one of each per store, never a module singleton.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import type { RpcRuntime } from '../src/lib/rpc';
import { validateAllowedChainIds } from '../src/lib/validation';
import { createEnvironmentState } from './environmentSlice';
import type { StoreChunks } from './namesLookup';
import { createRootReducer, type CombinedState } from './rootReducer';
import { rpcApi } from './rpcApi';
import type { StoreExtra } from './storeExtra';
import { createWalletState } from './walletSlice';

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
  /** Read-only chain data: endpoint selection and JSON-RPC (none: every read fails with the reason). */
  rpc?: RpcRuntime;
  /** The later chunks RTK Query's endpoints load (the app's one loader, src/chunks.ts). */
  chunks?: StoreChunks;
}

export function setupStore(preloadedState?: Partial<CombinedState>, options: StoreOptions = {}) {
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
  const extra: StoreExtra = { ...(options.rpc ? { rpc: options.rpc } : {}), ...(options.chunks ? { chunks: options.chunks } : {}) };
  return configureStore({
    reducer: createRootReducer(),
    preloadedState: { ...preloadedState, ...(wallet ? { wallet } : {}), ...(environment ? { environment } : {}) },
    // RTK Query's middleware before the sagas', where it always sat.
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(rpcApi.middleware, ...(options.middleware ?? [])),
    devTools: options.devTools ?? false,
  });
}
