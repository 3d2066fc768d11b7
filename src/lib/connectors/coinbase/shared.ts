// What the coinbase shell and its SDK session share: settings, names, and the storage the SDK uses.
import type { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk';
import { siteStorage, type WebStorage } from '../../storage';

/** Which accounts the SDK offers (COINBASE_PREFERENCE, ./buildSettings.ts): every kind, only smart wallets, or only plain accounts. */
export const COINBASE_PREFERENCES = ['all', 'eoaOnly', 'smartWalletOnly'] as const;
export type CoinbasePreference = (typeof COINBASE_PREFERENCES)[number];

/** The SDK's own keys page; `keysUrl` in the configuration replaces it (tests, staging). */
export const COINBASE_KEYS_URL = 'https://keys.coinbase.com/connect';
export const COINBASE_EXTENSION_INSTALL_URL = 'https://www.coinbase.com/wallet/downloads';

/** Where the SDK keeps a session (its localStorage scopes) and the key that says one exists (SDK internals, see sdkInternals.ts). */
export const SDK_STORAGE_PREFIXES: readonly string[] = ['-CBWSDK:', '-walletlink:'];
export const SDK_SIGNER_TYPE_KEY = '-CBWSDK:SignerConfigurator:SignerType';
/** Ours: the user connected through the Coinbase extension here (the extension keeps its own permission). */
export const EXTENSION_SESSION_KEY = 'walletdeck.coinbase.extension';

export const COINBASE_ERROR_NAMES = { popupBlocked: 'PopupBlockedError', sdkLoad: 'SdkLoadError' } as const;

export interface CoinbaseTimeouts {
  /** The keys window must say it loaded within this, or the request ends with a timeout error. */
  popupLoadMs: number;
  /** How often a closed keys window is noticed. */
  popupPollMs: number;
  /** After the window closed, time for its last answer to arrive before the request counts as rejected. */
  popupClosedGraceMs: number;
  /** Requests answered quicker than this never show "Confirm on phone". */
  awaitingDelayMs: number;
}

export const DEFAULT_COINBASE_TIMEOUTS: CoinbaseTimeouts = {
  // A backstop: a connect's window has the sagas' shorter limit (docs/behaviour.md §2.6, §9).
  popupLoadMs: 30_000,
  popupPollMs: 250,
  popupClosedGraceMs: 600,
  awaitingDelayMs: 250,
};

export type SdkModule = { createCoinbaseWalletSDK: typeof createCoinbaseWalletSDK };

/** The part of `window` this connector reads; the SDK itself always uses the real `window`. */
export type CoinbaseHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'localStorage' | 'location' | 'navigator' | 'document'> & {
  coinbaseWalletExtension?: unknown;
  ethereum?: unknown;
};

export interface CoinbaseConnectorOptions {
  appName: string;
  /** Resolved against the page, since the wallet shows it from elsewhere. */
  appLogoUrl: string;
  appChainIds: readonly number[];
  preference: CoinbasePreference;
  keysUrl?: string;
  timeouts?: Partial<CoinbaseTimeouts>;
  /** Loads the SDK; by default the lazy "coinbase" chunk. */
  loadSdk?: () => Promise<SdkModule>;
  host?: CoinbaseHost;
  /**
   * Whether the page has `crypto.subtle` and `crypto.randomUUID` (secure pages only), which the SDK's
   * pop-up and mobile-app link need; by default read from the host.
   */
  webCrypto?: boolean;
}


/** The page's guarded site storage (memory only where the browser refuses it; see src/lib/storage.ts). */
export function storageOf(host: CoinbaseHost | undefined): WebStorage | undefined {
  return host ? siteStorage(host).storage : undefined;
}

export function setStored(host: CoinbaseHost | undefined, key: string, value: string): void {
  try {
    storageOf(host)?.setItem(key, value);
  } catch {
    // Losing the memory only costs a silent reconnect.
  }
}

export function removeStored(host: CoinbaseHost | undefined, key: string): void {
  try {
    storageOf(host)?.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}

/** The SDK's session, and only it: other wallets' and the app's own keys stay. */
export function clearSdkStorage(host: CoinbaseHost | undefined): void {
  const storage = storageOf(host);
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && SDK_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
