// What `npm start` hands the development entry (through the development server's build, see
// webpack.ts): the local chain the extension wallet signs with, and where the local Verify service is.
import type { DevWalletSettings } from './extension/wallet';

export interface DevEntrySettings {
  wallet: DevWalletSettings;
  /** The local Verify service's origin, when the app's WalletConnect uses the local relay. */
  verifyOrigin?: string;
  /** The development phone's page, which pairs with a link given in `?uri=` (the app links to it). */
  phoneUrl?: string;
  /** What the app calls it there ("Open in the <name>"): its words stay out of the app's own code. */
  phoneName?: string;
}

/** What the development wallets call themselves (and what a production build must never contain). */
export const DEV_NAMES = {
  wallet: 'Development wallet',
  /** The EIP-6963 reverse domain of the development wallet. */
  rdns: 'dev.walletdeck.wallet',
  phone: 'Development phone',
  popup: 'Coinbase Wallet (development popup)',
} as const;

/** The build setting that carries them (set by `npm start`, read only in development builds). */
export const DEV_WALLETS_ENV = 'WALLETDECK_DEV_WALLETS';
