// Every place the coinbase connector reaches past the public API of @coinbase/wallet-sdk 4.4, and
// nowhere else. Each hook tolerates a missing internal (a newer SDK must never crash a user's page)
// and says whether it found it; `probeSdkHooks` reports them all, and
// __tests__/unit/sdkHooks.coinbase.test.ts fails when the installed SDK no longer has one. The storage
// names the shell reads before the SDK loads stay in shared.ts (first-visit code) and are listed here
// for that test.
import { SDK_SIGNER_TYPE_KEY, SDK_STORAGE_PREFIXES } from './shared';
import { methodAt, objectAt } from '../events';

/** The hooks, by where they sit on the SDK's provider, with the type each must have. */
export const COINBASE_SDK_HOOKS = {
  'communicator.postMessage': 'function',
  'communicator.disconnect': 'function',
  'communicator.waitForPopupLoaded': 'function',
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


/** CoinbaseWalletProvider.communicator: the SDK's link to its keys window (private in 4.4). */
const communicatorOf = (provider: unknown) => objectAt(provider, 'communicator');
const postMessageOf = (communicator: unknown) => methodAt(communicator, 'postMessage');
const closeOf = (communicator: unknown) => methodAt(communicator, 'disconnect');
const windowWaitOf = (communicator: unknown) => methodAt(communicator, 'waitForPopupLoaded');
/** WalletLinkSigner._relay: the Coinbase Wallet app link, made by the walletlink signer. */
export const walletLinkRelayOf = (provider: unknown) => objectAt(objectAt(provider, 'signer'), '_relay');
const resetOf = (relay: unknown) => methodAt(relay, 'resetAndReload');
const connectionOf = (relay: unknown) => objectAt(relay, 'connection');
const destroyOf = (connection: unknown) => methodAt(connection, 'destroy');

/** Assigns a property; false when the object refuses (frozen, a Proxy). */
function replace(owner: object, name: string, value: unknown): boolean {
  try {
    (owner as Record<string, unknown>)[name] = value;
    return true;
  } catch {
    return false;
  }
}

/**
 * The SDK posts to its keys window without awaiting the post; a window closed before it loaded
 * leaves an "Uncaught (in promise)". The request still fails properly, so that post is marked handled.
 */
export function markAbandonedPostsHandled(provider: unknown): boolean {
  const communicator = communicatorOf(provider);
  const post = postMessageOf(communicator);
  if (!communicator || !post) return false;
  return replace(communicator, 'postMessage', (message: unknown) => {
    const posted = post.call(communicator, message);
    Promise.resolve(posted).catch(() => undefined);
    return posted;
  });
}

/** Closes the keys window and rejects what the SDK waits for from it (no public call does this). */
export function closeKeysWindow(provider: unknown): boolean {
  const communicator = communicatorOf(provider);
  const close = closeOf(communicator);
  if (!close) return false;
  try {
    close.call(communicator);
  } catch {
    // Already closed.
  }
  return true;
}

/**
 * The SDK opens its keys window again for a request whose window we closed (a cancel between two of
 * its steps), to ask there once more; while `mayOpen` says no, that request fails with `refusal` instead.
 */
export function guardKeysWindowOpening(provider: unknown, mayOpen: () => boolean, refusal: () => unknown): boolean {
  const communicator = communicatorOf(provider);
  const wait = windowWaitOf(communicator);
  if (!communicator || !wait) return false;
  return replace(communicator, 'waitForPopupLoaded', (...args: unknown[]) => (mayOpen() ? wait.apply(communicator, args) : Promise.reject(refusal())));
}

/** The relay's reset clears storage and reloads the page; `reset` runs instead of it. */
export function replaceRelayReset(relay: object, reset: () => void): boolean {
  return resetOf(relay) !== undefined && replace(relay, 'resetAndReload', reset);
}

/** Closes the relay's socket, the part of the replaced reset the SDK still needs. */
export function destroyRelayConnection(relay: object): boolean {
  const connection = connectionOf(relay);
  const destroy = destroyOf(connection);
  if (!destroy) return false;
  try {
    Promise.resolve(destroy.call(connection)).catch(() => undefined);
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
    'communicator.postMessage': postMessageOf(communicator) !== undefined,
    'communicator.disconnect': closeOf(communicator) !== undefined,
    'communicator.waitForPopupLoaded': windowWaitOf(communicator) !== undefined,
    'signer._relay': relay !== undefined,
    'signer._relay.resetAndReload': resetOf(relay) !== undefined,
    'signer._relay.connection.destroy': destroyOf(connectionOf(relay)) !== undefined,
  };
}
