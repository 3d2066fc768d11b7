// A real store with the real root saga and fake connectors: saga tests assert what the user would
// see in state, not which effects were yielded.
import type { WalletTimeouts } from '../../sagas/context';
import type { SignInSagaContext } from '../../sagas/signInContext';
import type { SigningTimeouts } from '../../sagas/signingContext';
import type { TransactionsSagaContext } from '../../sagas/transactionsContext';
import type { RootState } from '../../store/types';
import { buildChainTable } from '../../src/lib/chainDefaults';
import { defaultAllowedChainIds } from '../../src/lib/chainConfig';
import type { ChainTable } from '../../src/lib/chains';
import { CONNECTION_IDS, type ConnectionId, type Connector } from '../../src/lib/connectors/types';
import type { Chunks } from '../../src/chunks';
import { createWalletApp } from '../../src/walletApp';
import { WAIT_MS } from './lifecycle';
import { pause } from './wait';
import { createMemoryStorage } from './webStorage';
import type { RpcRuntime } from '../../src/lib/rpc';

// Long enough never to fire by accident on a loaded machine; tests of timeouts set their own.
export const TEST_TIMEOUTS: WalletTimeouts = { eagerMs: WAIT_MS, activateMs: WAIT_MS, revokeMs: 50 };

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
  /** The later chunks (default: the app's own loader, src/chunks.ts). */
  chunks?: Chunks;
  /** Sign-in's page side (none: sign-in is off, as in a build without a backend). */
  signIn?: SignInSagaContext;
}

/** The app as the page builds it (src/walletApp.ts), with the given fakes and no page. */
export function startWalletApp(options: HarnessOptions = {}) {
  const chains = options.chains ?? buildChainTable({}, 'http://127.0.0.1:8545');
  const storage = createMemoryStorage(options.storage);
  // As the build does: every chain that can be offered, unless the test sets a kind's list.
  const offered = defaultAllowedChainIds(chains);
  const allowedChainIds = Object.fromEntries(
    CONNECTION_IDS.map((id) => [id, options.allowedChainIds?.[id] ?? offered[id]]),
  ) as Record<ConnectionId, number[]>;
  const app = createWalletApp({
    config: { chains, allowedChainIds, qrCloseIsError: options.qrCloseIsError ?? true },
    storage: { storage, remembered: true },
    ...(options.connectors ? { connectors: options.connectors } : {}),
    timeouts: { ...TEST_TIMEOUTS, ...options.timeouts },
    ...(options.signingTimeouts ? { signingTimeouts: options.signingTimeouts } : {}),
    rpc: options.rpc ?? null,
    transactions: options.transactions ?? {},
    ...(options.chunks ? { chunks: options.chunks } : {}),
    ...(options.signIn ? { signIn: options.signIn } : {}),
  });
  const { store, session, connectors } = app;

  /** Resolves once `predicate` holds for the state, or fails with the last state after `ms`. */
  const waitFor = (predicate: (state: RootState) => boolean, ms = WAIT_MS): Promise<RootState> =>
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
    stop: () => app.stop(),
  };
}
