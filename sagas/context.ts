// What the sagas get through saga context instead of imports: each kind's adapter and the settings.
import type { ChainTable } from '../src/lib/chains';
import type { AdapterRegistry } from '../src/lib/connectors/types';
import type { SessionMemory } from '../src/lib/persistence';

export interface WalletTimeouts {
  /** Each kind's silent reconnect at start. */
  eagerMs: number;
  /** A user connect, from click to accounts (the user may take a while in the wallet). */
  activateMs: number;
  /** `wallet_revokePermissions` on disconnect: best effort, never blocks the user. */
  revokeMs: number;
  /** How long after start a wallet that appears late is still reconnected silently (default: eagerMs). */
  lateWalletMs?: number;
  /**
   * How long the page waits for a reconnecting wallet's chain before it shows the default chain's
   * data (default RECONNECT_VIEW_MS): a wallet answers in tens of ms, and the data of a chain it is
   * not on would be read, shown and replaced a moment later.
   */
  reconnectViewMs?: number;
  /**
   * How long a window the wallet opened for a user connect (Coinbase Wallet's keys window) may take
   * to answer the SDK's handshake (default WALLET_WINDOW_MS): an error page or a blank one never does.
   */
  walletWindowMs?: number;
}

export const RECONNECT_VIEW_MS = 1_000;

/** docs/behaviour.md §9: a wallet's own window must answer the SDK's handshake within this. */
export const WALLET_WINDOW_MS = 15_000;

export interface WalletSagaContext {
  /** Each kind's adapter (src/lib/connectors/kind.ts): the only way the sagas reach a wallet. */
  adapters: AdapterRegistry;
  chains: ChainTable;
  session: SessionMemory;
  timeouts: WalletTimeouts;
  /** docs/behaviour.md §2.5: closing the QR dialog records `User closed modal`; false makes it a plain return to idle. */
  qrCloseIsError: boolean;
}

export const DEFAULT_TIMEOUTS: WalletTimeouts = { eagerMs: 10_000, activateMs: 120_000, revokeMs: 1_500 };

export const WALLET_CONTEXT = 'wallet';

/**
 * Saga context key for `Partial<SigningTimeouts>` (sagas/signingContext.ts). Here, beside the wallet's, so that
 * the composition root names it without bringing the signing defaults into the first visit's script.
 */
export const SIGNING_CONTEXT = 'signing';
