// The store factory: never a singleton, so every test and every page load gets its own.
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { describeConnectors } from '../src/lib/connectors/describe';
import { CONNECTION_IDS, type ConnectionId, type ConnectorRegistry } from '../src/lib/connectors/types';
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
  /** The connectors, described as plain data for the UI before the first render. */
  connectors?: ConnectorRegistry;
}

export function setupStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const allowed = options.allowedChainIds;
  if (allowed) for (const id of CONNECTION_IDS) validateAllowedChainIds(allowed[id]);
  const session = options.session;
  const choice = session?.loadChoice();
  const chosenExtension = session?.loadChosenExtension();
  const wallet =
    preloadedState?.wallet ??
    (allowed
      ? createWalletState(allowed, {
          ...(choice !== undefined ? { current: choice } : {}),
          ...(options.connectors ? { kinds: describeConnectors(options.connectors) } : {}),
          ...(chosenExtension !== undefined ? { chosenExtension } : {}),
        })
      : undefined);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: wallet ? { ...preloadedState, wallet } : preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { rpc: options.rpc } satisfies StoreExtra } }).concat(rpcApi.middleware, ...(options.middleware ?? [])),
    devTools: options.devTools ?? false,
  });
  if (session) {
    let saved = store.getState().wallet;
    store.subscribe(() => {
      const wallet = store.getState().wallet;
      if (wallet.current !== saved.current || (wallet.chosen && !saved.chosen)) session.saveCurrent(wallet.current);
      if (wallet.chosenExtension !== saved.chosenExtension) session.saveChosenExtension(wallet.chosenExtension);
      saved = wallet;
    });
  }
  return store;
}
