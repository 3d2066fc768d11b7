// Every place the coinbase connector reaches past the public API of @coinbase/wallet-sdk 4.4, and
// nowhere else. Each hook tolerates a missing internal (a newer SDK must never crash a user's page)
// and says whether it found it; `probeSdkHooks` reports them all, and __tests__/unit/sdkHooks.test.ts
// fails when the installed SDK no longer has one. The storage names the shell reads before the SDK
// loads stay in shared.ts (first-visit code) and are listed here for that test.
import { SDK_SIGNER_TYPE_KEY, SDK_STORAGE_PREFIXES } from './shared';

/** CoinbaseWalletProvider.communicator: the SDK's link to its keys window (private in 4.4). */
interface SdkCommunicator {
  postMessage?: (message: unknown) => Promise<unknown>;
  disconnect?: () => void;
}

/** WalletLinkSigner._relay: the Coinbase Wallet app link, created on the signer's first request. */
interface WalletLinkRelay {
  resetAndReload?: () => void;
  connection?: { destroy?: () => Promise<unknown> };
}

/** The hooks, by where they sit on the SDK's provider, with the type each must have. */
export const COINBASE_SDK_HOOKS = {
  'communicator.postMessage': 'function',
  'communicator.disconnect': 'function',
  'signer._relay': 'object',
  'signer._relay.resetAndReload': 'function',
  'signer._relay.connection.destroy': 'function',
} as const;
export type CoinbaseSdkHook = keyof typeof COINBASE_SDK_HOOKS;

/** Text of the SDK's own UI we match: its "popup blocked" snackbar. */
export const SDK_SNACKBAR = {
  rootClass: '-cbwsdk-snackbar-root',
  resetClass: '-cbwsdk-css-reset',
  blockedText: 'Popup was blocked',
} as const;

/** Events of the keys window's protocol (posted by the window, read by the SDK's communicator). */
export const KEYS_WINDOW_EVENTS = { loaded: 'PopupLoaded', unload: 'PopupUnload' } as const;

/** Everything above that must occur in the SDK's shipped code. */
export const COINBASE_SDK_STRINGS: readonly string[] = [
  SDK_SNACKBAR.rootClass,
  SDK_SNACKBAR.resetClass,
  SDK_SNACKBAR.blockedText,
  KEYS_WINDOW_EVENTS.loaded,
  KEYS_WINDOW_EVENTS.unload,
];

/** The SDK's localStorage names the shell reads (see shared.ts); the hook test checks them on a live SDK. */
export const COINBASE_SDK_STORAGE = { signerTypeKey: SDK_SIGNER_TYPE_KEY, prefixes: SDK_STORAGE_PREFIXES } as const;

/** A property of an untrusted object; undefined when absent or when reading it throws. */
function field(owner: unknown, name: string): unknown {
  try {
    return typeof owner === 'object' && owner !== null ? (owner as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function communicatorOf(provider: unknown): SdkCommunicator | undefined {
  const communicator = field(provider, 'communicator');
  return isObject(communicator) ? (communicator as SdkCommunicator) : undefined;
}

/** The walletlink relay of the provider's signer, once the signer created it. */
export function walletLinkRelayOf(provider: unknown): WalletLinkRelay | undefined {
  const relay = field(field(provider, 'signer'), '_relay');
  return isObject(relay) ? (relay as WalletLinkRelay) : undefined;
}

/**
 * The SDK posts to its keys window without awaiting the post; a window closed before it loaded
 * leaves an "Uncaught (in promise)". The request still fails properly, so that post is marked handled.
 */
export function markAbandonedPostsHandled(provider: unknown): boolean {
  const communicator = communicatorOf(provider);
  const post = communicator?.postMessage;
  if (!communicator || typeof post !== 'function') return false;
  communicator.postMessage = (message) => {
    const posted = post(message);
    posted.catch(() => undefined);
    return posted;
  };
  return true;
}

/** Closes the keys window and rejects what the SDK waits for from it (no public call does this). */
export function closeKeysWindow(provider: unknown): boolean {
  const communicator = communicatorOf(provider);
  if (typeof communicator?.disconnect !== 'function') return false;
  try {
    communicator.disconnect();
  } catch {
    // Already closed.
  }
  return true;
}

/** The relay's reset clears storage and reloads the page; `reset` runs instead of it. */
export function replaceRelayReset(relay: WalletLinkRelay, reset: () => void): boolean {
  if (typeof relay.resetAndReload !== 'function') return false;
  relay.resetAndReload = reset;
  return true;
}

/** Closes the relay's socket, the part of the replaced reset the SDK still needs. */
export function destroyRelayConnection(relay: WalletLinkRelay): boolean {
  const connection = relay.connection;
  if (typeof connection?.destroy !== 'function') return false;
  try {
    Promise.resolve(connection.destroy()).catch(() => undefined);
  } catch {
    // Already gone.
  }
  return true;
}

/** Our error replaces the SDK's "Popup was blocked" snackbar, whose retry would revive an abandoned request. */
export function removeBlockedSnackbar(document: Document | undefined): number {
  if (!document) return 0;
  let removed = 0;
  for (const root of Array.from(document.querySelectorAll(`.${SDK_SNACKBAR.rootClass}`))) {
    if (!root.textContent?.includes(SDK_SNACKBAR.blockedText)) continue;
    (root.closest(`.${SDK_SNACKBAR.resetClass}`) ?? root).remove();
    removed += 1;
  }
  return removed;
}

/** Which hooks the provider offers now (the relay exists only once a walletlink signer made it). */
export function probeSdkHooks(provider: unknown): Record<CoinbaseSdkHook, boolean> {
  const communicator = communicatorOf(provider);
  const relay = walletLinkRelayOf(provider);
  return {
    'communicator.postMessage': typeof communicator?.postMessage === 'function',
    'communicator.disconnect': typeof communicator?.disconnect === 'function',
    'signer._relay': relay !== undefined,
    'signer._relay.resetAndReload': typeof relay?.resetAndReload === 'function',
    'signer._relay.connection.destroy': typeof relay?.connection?.destroy === 'function',
  };
}
