// Composition root, first half: connectors, store and sagas, with no React (src/main.tsx evaluates
// React's modules after this has run): a returning user's wallet is asked for its accounts before
// React's code is even evaluated.
import createSagaMiddleware from 'redux-saga';
import { rootSaga } from '../sagas';
import { DEFAULT_TIMEOUTS, WALLET_CONTEXT, type WalletSagaContext } from '../sagas/context';
import { TRANSACTIONS_CONTEXT, type TransactionsSagaContext } from '../sagas/transactions';
import { startReadsInView } from '../store/readAhead';
import { setupStore } from '../store/setupStore';
import { loadConfig } from './config';
import { CoinbaseConnector } from './lib/connectors/coinbase';
import { createConnectors } from './lib/connectors/registry';
import { UnavailableConnector } from './lib/connectors/unavailable';
import { WalletConnectConnector } from './lib/connectors/walletconnect';
import { createSessionMemory } from './lib/persistence';
import { createNameMemory, createRpcRuntime } from './lib/rpc';

export const config = loadConfig();
const connectors = createConnectors(window, {
  coinbase: () =>
    new CoinbaseConnector({
      appName: config.appName,
      appLogoUrl: config.appLogoUrl,
      appChainIds: config.allowedChainIds.coinbase,
      preference: config.coinbase.preference,
      ...(config.coinbase.keysUrl ? { keysUrl: config.coinbase.keysUrl } : {}),
    }),
  walletconnect: () =>
    config.walletConnect.projectId
      ? new WalletConnectConnector({
          projectId: config.walletConnect.projectId,
          ...(config.walletConnect.relayUrl ? { relayUrl: config.walletConnect.relayUrl } : {}),
          chains: config.chains,
          metadata: {
            name: config.appName,
            description: 'Connect a wallet, pick a chain, see your accounts.',
            url: window.location.origin,
            icons: [new URL(config.appLogoUrl, window.location.origin).href],
          },
        })
      : unconfiguredWalletConnect(),
});

/** End users read that the kind is not offered here; the developer's hint goes to the console. */
function unconfiguredWalletConnect(): UnavailableConnector {
  console.info('Walletdeck: WalletConnect is off in this build. Build with WALLETCONNECT_PROJECT_ID set to offer it (see "Configuration" in README.md).');
  return new UnavailableConnector('walletconnect', 'WalletConnect', 'Connecting with a phone wallet (WalletConnect) is not available on this site.');
}
const session = createSessionMemory(window.localStorage);
const context: WalletSagaContext = {
  connectors,
  chains: config.chains,
  session,
  timeouts: DEFAULT_TIMEOUTS,
  qrCloseIsError: config.qrCloseIsError,
};
// Sent transactions are kept across reloads (SPEC section 10); even reading localStorage may throw.
const transactions: TransactionsSagaContext = (() => {
  try {
    return { storage: window.localStorage };
  } catch {
    return {};
  }
})();
const sagaMiddleware = createSagaMiddleware({ context: { [WALLET_CONTEXT]: context, [TRANSACTIONS_CONTEXT]: transactions } });
export const store = setupStore(undefined, {
  allowedChainIds: config.allowedChainIds,
  session,
  rpc: createRpcRuntime(config.chains, { nameMemory: createNameMemory(window.localStorage) }),
  middleware: [sagaMiddleware],
  devTools: config.development,
  connectors,
});
// Before React is evaluated: the eager reconnect's wallet requests leave first, and a kind with a
// saved session shows "Reconnecting" from the first render; then the reads in view start.
sagaMiddleware.run(rootSaga);
startReadsInView(store, config.chains);
