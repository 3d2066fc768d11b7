// Composition root: the only file that wires connectors, store, sagas and React together.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { rootSaga } from '../sagas';
import { DEFAULT_TIMEOUTS, WALLET_CONTEXT, type WalletSagaContext } from '../sagas/context';
import { setupStore } from '../store/setupStore';
import { App } from './app/App';
import { ChainsProvider } from './app/chainsContext';
import { loadConfig } from './config';
import { CoinbaseConnector } from './lib/connectors/coinbase';
import { createConnectors } from './lib/connectors/registry';
import { UnavailableConnector } from './lib/connectors/unavailable';
import { WalletConnectConnector } from './lib/connectors/walletconnect';
import { createSessionMemory } from './lib/persistence';
import { createNameMemory, createRpcRuntime } from './lib/rpc';
import './app/styles.css';

const config = loadConfig();
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
const sagaMiddleware = createSagaMiddleware({ context: { [WALLET_CONTEXT]: context } });
const store = setupStore(undefined, {
  allowedChainIds: config.allowedChainIds,
  session,
  rpc: createRpcRuntime(config.chains, { nameMemory: createNameMemory(window.localStorage) }),
  middleware: [sagaMiddleware],
  devTools: config.development,
  connectors,
});
// Runs before the first render, so a kind with a saved session shows "Reconnecting" at once.
sagaMiddleware.run(rootSaga);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ChainsProvider value={config.chains}>
        <App />
      </ChainsProvider>
    </Provider>
  </StrictMode>,
);
