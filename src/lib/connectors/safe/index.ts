// Safe{Wallet}: a multisig account that opens the app in a frame of its own (a Safe App) and answers
// the Safe Apps SDK's messages (docs/behaviour.md §1.7). Outside a frame the kind does not exist: it
// is never offered and loads nothing. Inside one it owns the page while the parent is asked who it is
// (the only kind, current, reconnected at start with no click); a parent that is not a Safe, answers
// garbage or never answers (SAFE_INFO_MS) leaves the app a normal page. The SDK loads with ./session.ts.
import { describeValue } from '../../errors';
import { ListenerSet } from '../events';
import { adapterFromConnector, defineKind } from '../kind';
import type { Connector, ConnectorEvent, ConnectorListener, Eip1193Provider, ProposalState } from '../types';
import type { SafeSession, SafeSessionOptions } from './session';

/** Whether the page is inside a frame; a parent that cannot even be compared is taken as one. */
export function isFramed(host: unknown): boolean {
  try {
    const page = host as Window | undefined;
    return page !== undefined && page !== null && page.parent !== null && page.parent !== undefined && page.parent !== page;
  } catch {
    return true;
  }
}

type Detection = 'unknown' | 'safe' | 'notSafe';

const SAFE_NAME = 'Safe{Wallet}';

export const SAFE_UNAVAILABLE = {
  notFramed: 'Safe{Wallet} connects only when the app is opened inside Safe{Wallet}.',
  notSafe: (why: string) => `The page around this app is not Safe{Wallet}: ${why}`,
} as const;

export class SafeConnector implements Connector {
  readonly id = 'safe' as const;
  readonly name = SAFE_NAME;
  readonly supportsRevoke = false;
  /** A transaction is proposed to the Safe: the answer is its safeTxHash (docs/behaviour.md §10.1). */
  readonly proposesTransactions = true;
  private detection: Detection;
  private refusal: string = SAFE_UNAVAILABLE.notFramed;
  private session: Promise<SafeSession> | undefined;
  private opened: SafeSession | undefined;
  private readonly availability = new ListenerSet<void>();
  private readonly events = new ListenerSet<ConnectorEvent>();

  constructor(
    host: unknown,
    private readonly options: SafeSessionOptions = {},
  ) {
    this.detection = isFramed(host) ? 'unknown' : 'notSafe';
  }

  isAvailable(): boolean {
    return this.detection !== 'notSafe';
  }

  get unavailableReason(): string | undefined {
    return this.isAvailable() ? undefined : this.refusal;
  }

  /** In a frame the parent is asked at start, visibly: Safe{Wallet} answers in a moment. */
  hasStoredSession(): boolean {
    return this.isAvailable();
  }

  /** Until the parent has shown it is not a Safe, the app is a Safe App: this kind alone, current. */
  ownsPage(): boolean {
    return this.isAvailable();
  }

  async getProvider(): Promise<Eip1193Provider> {
    return (await this.open()).provider;
  }

  /** Where a transaction proposed to this Safe stands (docs/behaviour.md §10.1). */
  async proposalState(safeTxHash: string): Promise<ProposalState> {
    return (await this.open()).proposalState(safeTxHash);
  }

  private open(): Promise<SafeSession> {
    if (!this.session) {
      this.session = this.start().catch((error: unknown) => {
        this.session = undefined;
        throw error;
      });
    }
    return this.session;
  }

  private async start(): Promise<SafeSession> {
    try {
      const { openSafeSession } = await import(/* webpackChunkName: "safe" */ './session');
      const session = await openSafeSession(this.options);
      this.opened = session;
      this.settle('safe');
      this.events.emit(this.identity(session));
      return session;
    } catch (error) {
      this.refusal = SAFE_UNAVAILABLE.notSafe(error instanceof Error ? error.message : describeValue(error));
      this.settle('notSafe');
      throw error;
    }
  }

  private settle(detection: Detection): void {
    if (this.detection === detection) return;
    this.detection = detection;
    this.availability.emit(undefined);
  }

  async disconnect(): Promise<void> {}

  private identity(session: SafeSession): ConnectorEvent {
    return { type: 'walletIdentified', name: session.info.name, icon: '' };
  }

  /** A Safe's chain and address never change in its frame: its one event is its name, once the parent has answered. */
  subscribe(listener: ConnectorListener): () => void {
    const stop = this.events.subscribe(listener);
    if (this.opened) {
      try {
        listener(this.identity(this.opened));
      } catch {
        // a listener's failure is the listener's
      }
    }
    return stop;
  }

  watchAvailability(listener: () => void): () => void {
    return this.availability.subscribe(() => listener());
  }
}

/**
 * The kind (docs/behaviour.md §1.7): offered only inside a frame (outside one it costs nothing); its
 * parent's answers read only from the deployment's frame-ancestors origins when they are set.
 */
export const safeKind = defineKind({
  id: 'safe',
  name: SAFE_NAME,
  face: {
    note: { installed: 'This Safe, in Safe{Wallet}', otherwise: 'This Safe, in Safe{Wallet}' },
    timeoutWords: 'Safe{Wallet} did not answer in time.',
    progress: 'Connecting your Safe in Safe{Wallet}.',
  },
  offered: (env) => isFramed(env.host),
  // Read in the Safe's chunk (./origins.ts): nothing of it on a page that is not framed.
  settings: (env) => ({ settings: { frameAncestors: env.config.frameAncestors, self: env.page.origin } }),
  adapter: (settings, env) => adapterFromConnector(new SafeConnector(env.host, settings), env.chains),
});
