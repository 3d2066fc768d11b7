// The composition root: the one factory that builds a Walletdeck from a configuration (connectors,
// store, sagas, the read layer). The page (src/boot.ts), the saga test harness and the DOM tests all
// build through it, so the wiring exists once. No React here: src/boot.ts runs this before React's
// modules are evaluated. The read layer (RTK Query, the RPC runtime, the read-ahead) is a chunk of
// its own, asked for by a saga in the same run (sagas/readLayer.ts) and attached here when it arrives.
import type { Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootSaga } from '../sagas';
import { DEFAULT_TIMEOUTS, READS_CONTEXT, SIGNING_CONTEXT, WALLET_CONTEXT, type ReadLayerLoader, type WalletSagaContext, type WalletTimeouts } from '../sagas/context';
import type { SigningTimeouts } from '../sagas/signingContext';
import { TRANSACTIONS_CONTEXT, type TransactionsSagaContext } from '../sagas/transactionsContext';
import { setupStore } from '../store/setupStore';
import type { AppStore } from '../store/types';
import type { AppConfig } from './config';
import { adapterFromConnector, type KindAdapter, type KindConfig } from './lib/connectors/kind';
import { describeKinds } from './lib/connectors/describe';
import { createAdapters } from './lib/connectors/registry';
import type { AdapterRegistry, ConnectionId, Connector } from './lib/connectors/types';
import { createSessionMemory, type LastAccount, type SessionMemory } from './lib/persistence';
import type { RpcOptions, RpcRuntime } from './lib/rpc';
import { siteStorage, type SiteStorage } from './lib/storage';

type ReadLayerCode = typeof import('../store/readLayer');
const loadReadLayer = (): Promise<ReadLayerCode> => import(/* webpackChunkName: "read-layer" */ '../store/readLayer');

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
  /**
   * Where the read layer's code comes from: default its chunk, loaded at start. Given as the module
   * itself (tests), it is attached at once; as a function, when its promise resolves.
   */
  readLayer?: ReadLayerCode | (() => Promise<ReadLayerCode>);
  /** Where sent transactions are kept across reloads (docs/behaviour.md §10.3); default the site storage. */
  transactions?: TransactionsSagaContext;
  /** Middleware after the sagas', closest to the reducer (a recorder there sees every state in order, as DevTools does). */
  middleware?: Middleware[];
}

/** The parts of the build configuration the wiring reads; each kind reads its own (KindConfig, src/lib/connectors/kind.ts). */
export type WalletAppConfig = Pick<AppConfig, 'chains' | 'allowedChainIds' | 'qrCloseIsError'> & Partial<Pick<AppConfig, 'development' | 'names'>> & Omit<KindConfig, 'allowedChainIds'>;

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
  const sagaMiddleware = createSagaMiddleware({
    // The read layer's loader joins once the store it attaches to is built.
    context: { [WALLET_CONTEXT]: context, [SIGNING_CONTEXT]: options.signingTimeouts, [TRANSACTIONS_CONTEXT]: transactions, [READS_CONTEXT]: undefined as ReadLayerLoader | undefined },
  });
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
  });
  const reads =
    options.rpc === null
      ? undefined
      : readLayerLoader(store, config.chains, options.rpc ?? { nameStorage: storage.storage, ...(config.names ? { nameSettings: config.names } : {}) }, options.readLayer ?? loadReadLayer, session.loadLastAccount());
  if (reads) sagaMiddleware.setContext({ [READS_CONTEXT]: reads });
  // The eager reconnect's wallet requests leave first, and a kind with a saved session shows
  // "Reconnecting" from the first render; then the read layer's chunk is asked for.
  const task: Task = sagaMiddleware.run(rootSaga);
  return {
    store,
    adapters,
    /** The connectors a caller gave (tests reach their fakes through them). */
    connectors: options.connectors ?? {},
    session,
    storage,
    chains: config.chains,
    /**
     * Ends the sagas and the read-ahead, and empties the read layer's cache, whose unused entries each
     * hold a removal timer (tests, a hot reload; a page simply goes away): nothing keeps running, and
     * a read layer that arrives later is not attached.
     */
    stop(): void {
      task.cancel();
      reads?.stop();
    },
  };
}

/**
 * The read layer for one store: loaded (or given), attached to the store with its runtime (the one
 * given, or one over the chain table made by the chunk's own code), and the read-ahead started, in
 * the task its code arrives in: the reads in view, a returning user's balance among them, leave then.
 */
function readLayerLoader(
  store: AppStore,
  chains: WalletAppConfig['chains'],
  rpc: RpcRuntime | RpcOptions,
  source: ReadLayerCode | (() => Promise<ReadLayerCode>),
  last: LastAccount | undefined,
): ReadLayerLoader & { stop(): void } {
  let stopped = false;
  let attached: { stopReads: () => void; reset: () => void } | undefined;
  const attach = (code: ReadLayerCode) => {
    if (stopped || attached) return;
    code.attachReadLayer(store, isRuntime(rpc) ? rpc : code.createRpcRuntime(chains, rpc));
    attached = { stopReads: code.startReadsInView(store, chains, last), reset: () => code.resetReads(store) };
  };
  return {
    attach: () => (typeof source === 'function' ? source().then(attach) : attach(source)),
    stop() {
      stopped = true;
      attached?.stopReads();
      attached?.reset();
    },
  };
}

const isRuntime = (rpc: RpcRuntime | RpcOptions): rpc is RpcRuntime => typeof (rpc as Partial<RpcRuntime>).client === 'function';

export type WalletApp = ReturnType<typeof createWalletApp>;

/** One adapter per kind of the registry, built once: from its definition, or from what the caller gives. */
function buildAdapters(options: WalletAppOptions, storage: SiteStorage): AdapterRegistry {
  const { config, host } = options;
  const given: Partial<Record<ConnectionId, KindAdapter>> = { ...options.adapters };
  for (const [id, connector] of Object.entries(options.connectors ?? {}) as Array<[ConnectionId, Connector | undefined]>) {
    if (connector) given[id] = adapterFromConnector(connector, config.chains);
  }
  // Outside a browser (Node tests) only the adapters a caller gives exist.
  return createAdapters(host ? { config, chains: config.chains, host, storage, page: new URL(host.location.href) } : undefined, given);
}
