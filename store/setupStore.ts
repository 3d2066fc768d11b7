// The store factory: never a singleton, so every test and every page load gets its own. It builds
// the store only: the composition root (src/walletApp.ts) reads what the page remembered and passes
// it in, and a saga (sagas/sessionMemory.ts) writes it back.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { CONNECTION_IDS, type ConnectionId } from '../src/lib/connectors/types';
import type { RpcRuntime } from '../src/lib/rpc';
import { validateAllowedChainIds } from '../src/lib/validation';
import { createEnvironmentState } from './environmentSlice';
import { rootReducer } from './rootReducer';
import { rpcApi, type StoreExtra } from './rpcApi';
import { createWalletState } from './walletSlice';
import type { RootState } from './types';

export interface StoreOptions {
  /** Allowed chains per kind (docs/behaviour.md §2.3); each list must be non-empty. */
  allowedChainIds?: Record<ConnectionId, number[]>;
  /** What the page remembered from an earlier visit: the kind chosen last, the extension picked. */
  remembered?: { current?: ConnectionId; chosenExtension?: string; withoutExtension?: readonly ConnectionId[] };
  /** False when the browser refuses site storage (nothing survives a reload; the page says so). */
  storageRemembered?: boolean;
  /** Endpoint selection and JSON-RPC for read-only chain data (RTK Query reaches it as `extra`). */
  rpc?: RpcRuntime;
  /** Extra middleware (the saga middleware, wired by the composition root). */
  middleware?: Middleware[];
  devTools?: boolean;
  /** Each kind as plain data (src/lib/connectors/registry.ts describeKinds), for the UI's first render. */
  kinds?: Partial<Record<ConnectionId, unknown>>;
}

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
  return configureStore({
    reducer: rootReducer,
    preloadedState: { ...preloadedState, ...(wallet ? { wallet } : {}), ...(environment ? { environment } : {}) },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { rpc: options.rpc } satisfies StoreExtra } }).concat(rpcApi.middleware, ...(options.middleware ?? [])),
    devTools: options.devTools ?? false,
  });
}
