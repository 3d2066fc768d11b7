// Safe{Wallet}: a multisig account that opens the app in a frame of its own (a Safe App) and answers
// the Safe Apps SDK's messages (docs/behaviour.md §1.7). Outside a frame the kind is not offered: it
// is never shown and loads nothing. Inside one it owns the page while the parent is asked who it is
// (the only kind, current, reconnected at start with no click); a parent that is not a Safe, answers
// garbage or never answers (SAFE_INFO_MS) leaves the app a normal page. Kept small: it is on every
// first visit; the SDK, our provider and every check of the parent's answers are in ./session.ts.
import { ListenerSet } from '../events';
import { adapterFromConnector, defineKind } from '../kind';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider } from '../types';
import type { SafeConnectorState, SafeSessionOptions } from './session';

/** Whether the page is inside a frame; a parent that cannot even be compared is taken as one. */
export function isFramed(host: unknown): boolean {
  try {
    const page = host as Window | undefined;
    return page?.parent != null && page !== page.parent;
  } catch {
    return true;
  }
}

/**
 * Built only inside a frame (the kind's `offered`): until the parent has shown it is not a Safe, the
 * page is a Safe App. Only what must answer synchronously is here; ./session.ts (the Safe's chunk)
 * asks the parent and settles this state (its `connectSafe`).
 */
export class SafeConnector implements Connector, SafeConnectorState {
  readonly id = 'safe' as const;
  readonly supportsRevoke = false;
  /** A transaction is proposed to the Safe: the answer is its safeTxHash (docs/behaviour.md §10.1). */
  readonly proposesTransactions = true;
  /** Why the parent is not a Safe, once it has shown it; undefined until then. */
  unavailableReason: string | undefined;
  /** The Safe's name, once the parent has answered. */
  shownName: string | undefined;
  /** Events (the Safe's name) and, as undefined, "availability changed". */
  readonly changes = new ListenerSet<ConnectorEvent | undefined>();
  session: Promise<Eip1193Provider> | undefined;

  constructor(readonly env: SafeSessionOptions = {}) {}

  isAvailable(): boolean {
    return this.unavailableReason === undefined;
  }

  /** In a frame the parent is asked at start, visibly: Safe{Wallet} answers in a moment. */
  hasStoredSession(): boolean {
    return this.isAvailable();
  }

  ownsPage(): boolean {
    return this.isAvailable();
  }

  getProvider(): Promise<Eip1193Provider> {
    return (this.session ??= import(/* webpackChunkName: "safe" */ './session').then((chunk) => chunk.connectSafe(this)));
  }

  async disconnect(): Promise<void> {}

  /** A Safe's chain and address never change in its frame: its one event is its name, once the parent has answered. */
  subscribe(listener: ConnectorListener): () => void {
    if (this.shownName !== undefined) listener({ type: 'walletIdentified', name: this.shownName, icon: '' });
    return this.changes.subscribe((event) => event && listener(event));
  }

  watchAvailability(listener: () => void): () => void {
    return this.changes.subscribe((event) => event ?? listener());
  }
}

/**
 * The kind (docs/behaviour.md §1.7): offered only inside a frame; its parent's answers read only from
 * the deployment's frame-ancestors origins when they are set (./origins.ts, in the Safe's chunk).
 */
export const safeKind = defineKind({
  id: 'safe',
  name: 'Safe{Wallet}',
  // Its timeout and progress words are the defaults ("Safe{Wallet} did not answer in time.").
  face: { note: { otherwise: 'This Safe, in Safe{Wallet}' } },
  offered: (env) => isFramed(env.host),
  // The environment's frame-ancestors and page origin are read in the Safe's chunk (./session.ts).
  settings: () => ({ settings: undefined }),
  adapter: (_settings, env) => adapterFromConnector(new SafeConnector(env), env.chains),
});
