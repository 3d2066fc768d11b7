// How the UI offers and draws each wallet kind, in one table keyed by every ConnectionId: a kind added
// to CONNECTION_IDS fails the typecheck here until it has its entry. Its name is the connector's
// (CONNECTOR_NAMES, src/lib/connectors/describe.ts); whether it is installed or available, the store's.
import type { ConnectionId } from '../../lib/connectors/types';

export interface KindFace {
  /**
   * The note under its name in the connect dialog's list: with its browser extension in this browser
   * (listed under "Installed"), and without (under "More ways to connect"). No note: no row in that case.
   */
  note: { installed?: string; otherwise?: string };
  /**
   * The browser's own wallets (EIP-6963 announcements, or `window.ethereum`): a row per extension, the
   * user's pick among them remembered; with none, the list says how to get a wallet.
   */
  browserWallets?: true;
  /** Drawn in place of a missing icon (default: the initial of its name). */
  letters?: string;
  /** What a timeout means, when it is not the wallet that failed to answer (default: "<name> did not answer in time."). */
  timeoutWords?: string;
}

export const KIND_FACES: Readonly<Record<ConnectionId, KindFace>> = {
  injected: { note: { installed: 'Browser extension' }, browserWallets: true },
  coinbase: { note: { installed: 'Browser extension', otherwise: 'Mobile app or browser window' } },
  walletconnect: {
    note: { otherwise: 'Scan a QR code with a phone wallet' },
    letters: 'WC',
    timeoutWords: 'WalletConnect could not be reached. Check your connection and try again.',
  },
  // Only inside Safe{Wallet}'s frame, where it is the one way to connect (docs/behaviour.md §1.7).
  safe: { note: { installed: 'This Safe, in Safe{Wallet}', otherwise: 'This Safe, in Safe{Wallet}' }, timeoutWords: 'Safe{Wallet} did not answer in time.' },
};
