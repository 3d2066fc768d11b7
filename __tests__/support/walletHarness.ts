// A real store with the real root saga and fake connectors: saga tests assert what the user would
// see in state, not which effects were yielded.
import createSagaMiddleware from 'redux-saga';
import { rootSaga } from '../../sagas';
import { WALLET_CONTEXT, type WalletSagaContext, type WalletTimeouts } from '../../sagas/context';
import { SIGNING_CONTEXT, type SigningTimeouts } from '../../sagas/signingContext';
import { TRANSACTIONS_CONTEXT, type TransactionsSagaContext } from '../../sagas/transactions';
import { setupStore } from '../../store/setupStore';
import type { RootState } from '../../store/types';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { defaultAllowedChainIds } from '../../src/lib/chainConfig';
import type { ChainTable } from '../../src/lib/chains';
import { CONNECTION_IDS, type ConnectionId, type Connector, type ConnectorRegistry } from '../../src/lib/connectors/types';
import { UnavailableConnector } from '../../src/lib/connectors/unavailable';
import { createSessionMemory } from '../../src/lib/persistence';
import { pause } from './wait';
import { createMemoryStorage } from './webStorage';
import type { RpcRuntime } from '../../src/lib/rpc';

// Long enough never to fire by accident on a loaded machine; tests of timeouts set their own.
export const TEST_TIMEOUTS: WalletTimeouts = { eagerMs: 1000, activateMs: 2000, revokeMs: 50 };

export interface HarnessOptions {
  connectors?: Partial<Record<ConnectionId, Connector>>;
  storage?: Record<string, string>;
  timeouts?: Partial<WalletTimeouts>;
  chains?: ChainTable;
  allowedChainIds?: Partial<Record<ConnectionId, number[]>>;
  qrCloseIsError?: boolean;
  /** Signing and sending: their timeouts, and the read layer that follows transactions. */
  signingTimeouts?: Partial<SigningTimeouts>;
  rpc?: RpcRuntime;
  /** Where sent transactions are kept across reloads (none: nothing is kept), and the clock that stamps them. */
  transactions?: TransactionsSagaContext;
}

export function startWalletApp(options: HarnessOptions = {}) {
  const chains = options.chains ?? buildChainTable({}, 'http://127.0.0.1:8545');
  const storage = createMemoryStorage(options.storage);
  const session = createSessionMemory(storage);
  const connectors: ConnectorRegistry = {
    injected: options.connectors?.injected ?? new UnavailableConnector('injected', 'Browser wallet', 'not in this test'),
    coinbase: options.connectors?.coinbase ?? new UnavailableConnector('coinbase', 'Coinbase Wallet', 'not in this test'),
    walletconnect: options.connectors?.walletconnect ?? new UnavailableConnector('walletconnect', 'WalletConnect', 'not in this test'),
  };
  const context: WalletSagaContext = {
    connectors,
    chains,
    session,
    timeouts: { ...TEST_TIMEOUTS, ...options.timeouts },
    qrCloseIsError: options.qrCloseIsError ?? true,
  };
  // As the build does: every chain that can be offered, unless the test sets a kind's list.
  const offered = defaultAllowedChainIds(chains);
  const allowedChainIds = Object.fromEntries(
    CONNECTION_IDS.map((id) => [id, options.allowedChainIds?.[id] ?? offered[id]]),
  ) as Record<ConnectionId, number[]>;
  const sagaMiddleware = createSagaMiddleware({ context: { [WALLET_CONTEXT]: context, [SIGNING_CONTEXT]: options.signingTimeouts, [TRANSACTIONS_CONTEXT]: options.transactions } });
  const store = setupStore(undefined, { allowedChainIds, session, connectors, middleware: [sagaMiddleware], ...(options.rpc ? { rpc: options.rpc } : {}) });
  const task = sagaMiddleware.run(rootSaga);

  /** Resolves once `predicate` holds for the state, or fails with the last state after `ms`. */
  const waitFor = (predicate: (state: RootState) => boolean, ms = 2000): Promise<RootState> =>
    new Promise((resolve, reject) => {
      if (predicate(store.getState())) return resolve(store.getState());
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`state never matched; last wallet state: ${JSON.stringify(store.getState().wallet, null, 1)}`));
      }, ms);
      const unsubscribe = store.subscribe(() => {
        if (predicate(store.getState())) {
          clearTimeout(timer);
          unsubscribe();
          resolve(store.getState());
        }
      });
    });

  return {
    store,
    storage,
    session,
    connectors,
    chains,
    waitFor,
    /** Lets pending promises and saga steps run. */
    settle: (ms = 10) => pause(ms),
    stop: () => task.cancel(),
  };
}
