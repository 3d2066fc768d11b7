// The composition root: the one factory that builds a Walletdeck from a configuration (connectors,
// store, sagas, the read-ahead). The page (src/boot.ts), the saga test harness and the DOM tests all
// build through it, so the wiring exists once. No React here: src/boot.ts runs this before React's
// modules are evaluated.
import type { Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootSaga } from '../sagas';
import { DEFAULT_TIMEOUTS, WALLET_CONTEXT, type WalletSagaContext, type WalletTimeouts } from '../sagas/context';
import { SIGNING_CONTEXT, type SigningTimeouts } from '../sagas/signingContext';
import { TRANSACTIONS_CONTEXT, type TransactionsSagaContext } from '../sagas/transactions';
import { startReadsInView } from '../store/readAhead';
import { setupStore } from '../store/setupStore';
import type { AppConfig } from './config';
import { CoinbaseConnector } from './lib/connectors/coinbase';
import { CONNECTOR_NAMES } from './lib/connectors/describe';
import { createConnectors } from './lib/connectors/registry';
import { CONNECTION_IDS, type ConnectionId, type Connector, type ConnectorRegistry } from './lib/connectors/types';
import { parentOrigins, SafeConnector } from './lib/connectors/safe';
import { UnavailableConnector } from './lib/connectors/unavailable';
import { WalletConnectConnector } from './lib/connectors/walletconnect';
import { hasWebCrypto } from './lib/environment';
import { createSessionMemory, type SessionMemory } from './lib/persistence';
import { createNameMemory, createRpcRuntime, type RpcRuntime } from './lib/rpc';
import { siteStorage, type SiteStorage } from './lib/storage';

/** What a Walletdeck is built from: the configuration, and in a browser the page. */
export interface WalletAppOptions {
  config: WalletAppConfig;
  /** The page. Without it (Node tests) a kind with no connector given is unavailable. */
  host?: Window;
  /** Default: the page's guarded site storage (src/lib/storage.ts), or memory without a page. */
  storage?: SiteStorage;
  /** Connectors to use instead of the configured ones (tests: faithful fakes). */
  connectors?: Partial<Record<ConnectionId, Connector>>;
  timeouts?: WalletTimeouts;
  signingTimeouts?: Partial<SigningTimeouts>;
  /** Read-only chain data; default a runtime over the configured chains. `null`: no chain reads (wallet tests). */
  rpc?: RpcRuntime | null;
  /** Where sent transactions are kept across reloads (docs/behaviour.md §10.3); default the site storage. */
  transactions?: TransactionsSagaContext;
  /** Middleware after the sagas', closest to the reducer (a recorder there sees every state in order, as DevTools does). */
  middleware?: Middleware[];
}

/** The parts of the build configuration (src/config.ts) the wiring reads. */
export type WalletAppConfig = Pick<AppConfig, 'chains' | 'allowedChainIds' | 'qrCloseIsError'> &
  Partial<Pick<AppConfig, 'appName' | 'appLogoUrl' | 'walletConnect' | 'coinbase' | 'development' | 'developmentPhone' | 'frameAncestors'>>;

export function createWalletApp(options: WalletAppOptions) {
  const { config, host } = options;
  const storage = options.storage ?? siteStorage(host);
  const session: SessionMemory = createSessionMemory(storage.storage);
  const connectors = buildConnectors(options, storage);
  const rpc = options.rpc === null ? undefined : (options.rpc ?? createRpcRuntime(config.chains, { nameMemory: createNameMemory(storage.storage) }));
  const context: WalletSagaContext = {
    connectors,
    chains: config.chains,
    session,
    timeouts: options.timeouts ?? DEFAULT_TIMEOUTS,
    qrCloseIsError: config.qrCloseIsError,
  };
  const transactions: TransactionsSagaContext = options.transactions ?? { storage: storage.storage };
  const sagaMiddleware = createSagaMiddleware({
    context: { [WALLET_CONTEXT]: context, [SIGNING_CONTEXT]: options.signingTimeouts, [TRANSACTIONS_CONTEXT]: transactions },
  });
  const choice = session.loadChoice();
  const chosenExtension = session.loadChosenExtension();
  const withoutExtension = session.loadWithoutExtension();
  const store = setupStore(undefined, {
    allowedChainIds: config.allowedChainIds,
    remembered: { ...(choice !== undefined ? { current: choice } : {}), ...(chosenExtension !== undefined ? { chosenExtension } : {}), withoutExtension },
    storageRemembered: storage.remembered,
    connectors,
    middleware: [sagaMiddleware, ...(options.middleware ?? [])],
    devTools: config.development ?? false,
    ...(rpc ? { rpc } : {}),
  });
  // Sagas first: the eager reconnect's wallet requests leave first, and a kind with a saved session
  // shows "Reconnecting" from the first render; then the reads in view start.
  const task: Task = sagaMiddleware.run(rootSaga);
  const stopReads = rpc ? startReadsInView(store, config.chains) : () => undefined;
  return {
    store,
    connectors,
    session,
    storage,
    chains: config.chains,
    /** Ends the sagas and the read-ahead (tests; a page simply goes away). */
    stop(): void {
      stopReads();
      task.cancel();
    },
  };
}

export type WalletApp = ReturnType<typeof createWalletApp>;

function buildConnectors(options: WalletAppOptions, storage: SiteStorage): ConnectorRegistry {
  const { config, host } = options;
  const given = options.connectors ?? {};
  if (!host) {
    // Outside a browser only the connectors a test provides exist.
    const none = (id: ConnectionId) => new UnavailableConnector(id, CONNECTOR_NAMES[id], `${CONNECTOR_NAMES[id]} needs a browser`);
    return Object.fromEntries(CONNECTION_IDS.map((id) => [id, given[id] ?? none(id)])) as Record<ConnectionId, Connector>;
  }
  const appName = config.appName ?? 'Walletdeck';
  const appLogoUrl = config.appLogoUrl ?? '/favicon.svg';
  // The page's own URL, not `location.origin`: a sandboxed frame's origin is "null", its URL is real.
  const page = new URL(host.location.href);
  return createConnectors(host, {
    ...(given.injected ? { injected: () => given.injected! } : {}),
    safe: () => given.safe ?? new SafeConnector(host, { allowedOrigins: parentOrigins(config.frameAncestors, page.origin) }),
    coinbase: () =>
      given.coinbase ??
      new CoinbaseConnector({
        appName,
        appLogoUrl,
        appChainIds: config.allowedChainIds.coinbase,
        preference: config.coinbase?.preference ?? 'all',
        webCrypto: hasWebCrypto(host),
        ...(config.coinbase?.keysUrl ? { keysUrl: config.coinbase.keysUrl } : {}),
      }),
    walletconnect: () => {
      if (given.walletconnect) return given.walletconnect;
      const projectId = config.walletConnect?.projectId;
      if (!projectId) return unconfiguredWalletConnect();
      return new WalletConnectConnector({
        projectId,
        ...(config.walletConnect?.relayUrl ? { relayUrl: config.walletConnect.relayUrl } : {}),
        chains: config.chains,
        storage: storage.storage,
        storageRemembered: storage.remembered,
        ...(config.developmentPhone ? { developmentPhone: config.developmentPhone } : {}),
        metadata: {
          name: appName,
          description: 'Connect a wallet, pick a chain, see your accounts.',
          url: page.origin,
          icons: [new URL(appLogoUrl, page).href],
        },
      });
    },
  });
}

/** End users read that the kind is not offered here; the developer's hint goes to the console. */
function unconfiguredWalletConnect(): UnavailableConnector {
  console.info('Walletdeck: WalletConnect is off in this build. Build with WALLETCONNECT_PROJECT_ID set to offer it (see "Configuration" in README.md).');
  return new UnavailableConnector('walletconnect', 'WalletConnect', 'Connecting with a phone wallet (WalletConnect) is not available on this site.');
}
