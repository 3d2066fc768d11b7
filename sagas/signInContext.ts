// What the sign-in sagas get through saga context (docs/behaviour.md §13), in a module of its own so that
// the watcher (sagas/signIn.ts, first script) and the workflow (chunk "signin") share it without a loop.
import type { SignInEnvironment } from '../src/lib/signIn/page';

export const SIGN_IN_CONTEXT = 'signIn';

export interface SignInTimeouts {
  /** Loading the sign-in code. */
  loadMs: number;
  /** One request to the backend (docs/behaviour.md §9). */
  requestMs: number;
  /** The wallet's answer to the signature request. */
  walletMs: number;
  /**
   * A user's connect that may sign in within the same approval (docs/behaviour.md §13.8): how long it
   * waits for the sign-in code and a nonce before the wallet is asked the usual way.
   */
  atConnectMs: number;
}

export const DEFAULT_SIGN_IN_TIMEOUTS: SignInTimeouts = { loadMs: 20_000, requestMs: 10_000, walletMs: 300_000, atConnectMs: 3_000 };

/** What the sign-in sagas get through saga context: the page's side of sign-in, absent when it is off. */
export type SignInSagaContext = SignInEnvironment & { timeouts?: Partial<SignInTimeouts> };

