// What `npm start` hands the development entry (through the development server's build, see
// webpack.ts): the local chain the extension wallet signs with, and where the local Verify service is.
import type { DevWalletSettings } from './extension/wallet';

export interface DevEntrySettings {
  wallet: DevWalletSettings;
  /** The local Verify service's origin, when the app's WalletConnect uses the local relay. */
  verifyOrigin?: string;
}

/** The build setting that carries them (set by `npm start`, read only in development builds). */
export const DEV_WALLETS_ENV = 'WALLETDECK_DEV_WALLETS';
