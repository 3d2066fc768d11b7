// The composition root: the one factory that builds a Walletdeck from a configuration (connectors,
// store, sagas, the read-ahead, the one loader of later chunks). The page (src/boot.ts), the saga
// test harness and the DOM tests all build through it, so the wiring exists once. No React here:
// src/boot.ts runs this before React's modules are evaluated.
import type { Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootSaga } from '../sagas';
import { CHUNKS_CONTEXT } from '../sagas/chunks';
import { SIGN_IN_CONTEXT, type SignInSagaContext } from '../sagas/signInContext';
import { DEFAULT_TIMEOUTS, SIGNING_CONTEXT, WALLET_CONTEXT, type WalletSagaContext, type WalletTimeouts } from '../sagas/context';
import type { SigningTimeouts } from '../sagas/signingContext';
import { TRANSACTIONS_CONTEXT, type TransactionsSagaContext } from '../sagas/transactionsContext';
import { rpcApi } from '../store/rpcApi';
import { startReadsInView } from '../store/readAhead';
import { setupStore } from '../store/setupStore';
import { createChunks, type Chunks } from './chunks';
import type { AppConfig } from './config';
import { adapterFromConnector, type KindAdapter, type KindConfig } from './lib/connectors/kind';
import { describeKinds } from './lib/connectors/describe';
import { createAdapters } from './lib/connectors/registry';
import type { AdapterRegistry, ConnectionId, Connector } from './lib/connectors/types';
import { createSessionMemory, type SessionMemory } from './lib/persistence';
import { createRpcRuntime, type RpcRuntime } from './lib/rpc';
import { pageSignInEnvironment } from './lib/signIn/page';
import { siteStorage, type SiteStorage } from './lib/storage';
import { kindEnvironment } from './startKinds';

/** What a Walletdeck is built from: the configuration, and in a browser the page. */
export interface WalletAppOptions {
  config: WalletAppConfig;
  /** The page. Without it (Node tests) a kind with no connector given is unavailable. */
  host?: Window;
  /** Default: the page's guarded site storage (src/lib/storage.ts), or memory without a page. */
  storage?: SiteStorage;
  /** Connectors to use instead of the registry's (tests: faithful fakes), each wrapped as its kind's adapter. */
  connectors?: Partial<Record<ConnectionId, Connector>>;
  /** Adapters to use instead of the registry's (tests). */
  adapters?: Partial<Record<ConnectionId, KindAdapter>>;
  timeouts?: WalletTimeouts;
  signingTimeouts?: Partial<SigningTimeouts>;
  /** Read-only chain data; default a runtime over the configured chains. `null`: no chain reads (wallet tests). */
  rpc?: RpcRuntime | null;
  /** The later chunks (docs/architecture.md); default the app's one loader (src/chunks.ts). */
  chunks?: Chunks;
  /** Where sent transactions are kept across reloads (docs/behaviour.md §10.3); default the site storage. */
  transactions?: TransactionsSagaContext;
  /** Sign-in's page side (docs/behaviour.md §13); default the page's, when the build has a backend. */
  signIn?: SignInSagaContext;
  /** Middleware after the sagas', closest to the reducer (a recorder there sees every state in order, as DevTools does). */
  middleware?: Middleware[];
}

/** The parts of the build configuration the wiring reads; each kind reads its own (KindConfig, src/lib/connectors/kind.ts). */
export type WalletAppConfig = Pick<AppConfig, 'chains' | 'allowedChainIds' | 'qrCloseIsError'> & Partial<Pick<AppConfig, 'development' | 'names' | 'signIn'>> & Omit<KindConfig, 'allowedChainIds'>;

export function createWalletApp(options: WalletAppOptions) {
  const { config, host } = options;
  const storage = options.storage ?? siteStorage(host);
  const session: SessionMemory = createSessionMemory(storage.storage);
  const adapters = buildAdapters(options, storage);
  const context: WalletSagaContext = {
    adapters,
    chains: config.chains,
    session,
    timeouts: options.timeouts ?? DEFAULT_TIMEOUTS,
    qrCloseIsError: config.qrCloseIsError,
  };
  const transactions: TransactionsSagaContext = options.transactions ?? { storage: storage.storage };
  const chunks = options.chunks ?? createChunks();
  const signIn = options.signIn ?? (config.signIn && host ? pageSignInEnvironment(config.signIn.url, host) : undefined);
  const sagaMiddleware = createSagaMiddleware({
    context: { [WALLET_CONTEXT]: context, [SIGNING_CONTEXT]: options.signingTimeouts, [TRANSACTIONS_CONTEXT]: transactions, [CHUNKS_CONTEXT]: chunks, [SIGN_IN_CONTEXT]: signIn },
  });
  const rpc =
    options.rpc === null ? undefined : (options.rpc ?? createRpcRuntime(config.chains, { nameStorage: storage.storage, ...(config.names ? { nameSettings: config.names } : {}) }));
  const choice = session.loadChoice();
  const chosenExtension = session.loadChosenExtension();
  const withoutExtension = session.loadWithoutExtension();
  const store = setupStore(undefined, {
    allowedChainIds: config.allowedChainIds,
    remembered: { ...(choice !== undefined ? { current: choice } : {}), ...(chosenExtension !== undefined ? { chosenExtension } : {}), withoutExtension },
    storageRemembered: storage.remembered,
    kinds: describeKinds(adapters),
    middleware: [sagaMiddleware, ...(options.middleware ?? [])],
    devTools: config.development ?? false,
    ...(rpc ? { rpc } : {}),
    chunks,
  });
  // The eager reconnect's wallet requests leave first, and a kind with a saved session shows
  // "Reconnecting" from the first render.
  const task: Task = sagaMiddleware.run(rootSaga);
  // Then, in the same task: the reads in view (a returning user's block and balance leave beside the
  // wallet's eth_accounts). All else a returning user's first screen needs is in this script.
  const stopReads = rpc ? startReadsInView(store, config.chains, session.loadLastAccount()) : undefined;
  return {
    store,
    adapters,
    /** The connectors a caller gave (tests reach their fakes through them). */
    connectors: options.connectors ?? {},
    session,
    storage,
    chains: config.chains,
    chunks,
    /**
     * Ends the sagas and the read-ahead, and empties the read cache, whose unused entries each hold a
     * removal timer (tests, a hot reload; a page simply goes away): nothing keeps running.
     */
    stop(): void {
      task.cancel();
      stopReads?.();
      store.dispatch(rpcApi.util.resetApiState());
    },
  };
}

export type WalletApp = ReturnType<typeof createWalletApp>;

/** One adapter per kind of the registry, built once: from its definition, or from what the caller gives. */
function buildAdapters(options: WalletAppOptions, storage: SiteStorage): AdapterRegistry {
  const { config, host } = options;
  const given: Partial<Record<ConnectionId, KindAdapter>> = { ...options.adapters };
  for (const [id, connector] of Object.entries(options.connectors ?? {}) as Array<[ConnectionId, Connector | undefined]>) {
    if (connector) given[id] = adapterFromConnector(connector, config.chains);
  }
  // Outside a browser (Node tests) only the adapters a caller gives exist.
  return createAdapters(host ? kindEnvironment(config, host, storage) : undefined, given);
}
