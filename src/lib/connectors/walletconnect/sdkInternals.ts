// Every place the WalletConnect connector reaches past the API of @walletconnect/ethereum-provider
// 2.25 itself (into its sign client, its storage and its codes), and nowhere else. Each hook
// tolerates a missing internal (a newer SDK must never crash a user's page) and says whether it found
// it; `probeSdkHooks` reports them all, and __tests__/unit/sdkHooks.walletconnect.test.ts fails when
// the installed SDK no longer has one. The session storage key the shell reads before the SDK loads
// stays in shared.ts (first-visit code) and is listed here for that test.
import { WC_SESSION_KEY } from './shared';
import { field } from '../../guards';
import { methodAt } from '../events';

/** The hooks, by where they sit on the SDK's provider, with the type each must have. */
export const WALLETCONNECT_SDK_HOOKS = {
  'signer.client.on': 'function',
  'signer.client.core.pairing.disconnect': 'function',
} as const;
export type WalletConnectSdkHook = keyof typeof WALLETCONNECT_SDK_HOOKS;

/** The sign client's event for a session that ran out (the provider itself does not say). */
export const SESSION_EXPIRE_EVENT = 'session_expire';

/** The SDK's code for a session deleted on purpose (by the wallet or by us): not an error. */
export const SDK_USER_DISCONNECTED_CODE = 6000;

/** The SDK's name for the sign client's session store in its key-value storage (see shared.ts). */
export const WALLETCONNECT_SDK_STORAGE = { sessionKey: WC_SESSION_KEY } as const;


/** EthereumProvider.signer.client: the sign client under the provider. */
const signClientOf = (provider: unknown) => field(field(provider, 'signer'), 'client');
const subscribeOf = (client: unknown) => methodAt(client, 'on');
/** The sign client's core keeps the pairings (the topics behind QR codes). */
const pairingsOf = (client: unknown) => field(field(client, 'core'), 'pairing');
const forgetOf = (pairings: unknown) => methodAt(pairings, 'disconnect');

/** Calls `listener` with the topic of each session that expires; false when the sign client cannot say. */
export function onSessionExpire(provider: unknown, listener: (topic: unknown) => void): boolean {
  const client = signClientOf(provider);
  const subscribe = subscribeOf(client);
  if (!subscribe) return false;
  try {
    subscribe.call(client, SESSION_EXPIRE_EVENT, ((event: unknown) => listener(field(event, 'topic'))));
    return true;
  } catch {
    return false;
  }
}

/**
 * Forgets a pairing whose proposal nobody answers any more, so the next connect shows a fresh QR
 * code (the provider only ends sessions). Undefined when the sign client offers no way to.
 */
export function disconnectPairing(provider: unknown, topic: string): Promise<void> | undefined {
  const pairings = pairingsOf(signClientOf(provider));
  const forget = forgetOf(pairings);
  if (!forget) return undefined;
  try {
    return Promise.resolve(forget.call(pairings, { topic })).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return undefined;
  }
}

/**
 * The SDK turns a wallet's refusal of the proposal into a bare Error in the SDK's words ("User
 * rejected."), without a code: its message, when `error` is one.
 */
export function codelessRejectionMessage(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return message && /reject/i.test(message) && field(error, 'code') === undefined ? message : undefined;
}

/** Which hooks the provider offers. */
export function probeSdkHooks(provider: unknown): Record<WalletConnectSdkHook, boolean> {
  const client = signClientOf(provider);
  return {
    'signer.client.on': subscribeOf(client) !== undefined,
    'signer.client.core.pairing.disconnect': forgetOf(pairingsOf(client)) !== undefined,
  };
}
