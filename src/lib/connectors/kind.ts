// A wallet kind is one module: a folder src/lib/connectors/<kind>/ whose index.ts exports one
// KindDefinition. The kinds are listed once: their ids in CONNECTION_IDS (./types.ts), a definition
// for each in the registry (./registry.ts). Everything that exists "for every kind" is derived from
// them: the store's plain description of each kind (name, face in the connect dialog, availability),
// the saga context's adapters, the build's settings and the Content-Security-Policy's hosts (each
// kind's buildSettings.ts and csp.ts, read at build time by scripts/buildEnv.ts and scripts/kindCsp.ts).
//
// How to add a kind (docs/recipes/add-a-wallet-kind.md does it step by step, and a test runs it):
//  1. A folder src/lib/connectors/<kind>/ with an index.ts that exports `defineKind({ ... })`:
//     - `id` (a new lower-case word) and `name` (shown to users);
//     - `face`: how the connect dialog shows it (`note` under its name with/without its extension in
//       this browser, `letters` for a missing icon, `timeoutWords`, `progress` words while it waits);
//     - `settings(env)`: reads and validates its part of the configuration and the page; returns
//       `{ settings }`, or `{ unavailable }` with words for users (and `hint` for the developer's console);
//     - `offered(env)` (optional): false where it can never work (e.g. outside its host's frame): the kind
//       then costs nothing and is not shown;
//     - `adapter(settings, env)`: builds the kind's KindAdapter. Most kinds build a `Connector`
//       (./types.ts: the provider stays inside it, an SDK imported lazily) and wrap it with
//       `adapterFromConnector`. Everything read from the page or the wallet is untrusted (../guards.ts).
//     Beside it, only where the kind needs them, two modules the build reads and the page never loads:
//     a buildSettings.ts exporting `buildSettings`, its environment variables and their checks
//     (../settingRules.ts; checked by scripts/buildEnv.ts, baked in as KindConfig.kindSettings, read
//     with `kindSetting`), and a csp.ts exporting `csp(build): KindCsp`, the hosts the shipped policy
//     must allow (an SDK's relay). Both are found by the kind's id (scripts/kindModules.ts).
//  2. Its id in CONNECTION_IDS (./types.ts; the order is the dialog's), and its definition under that
//     id in ./registry.ts (TypeScript refuses one without the other).
//  3. Its tests (a unit test of the folder, and it joins every "for every kind" test by itself).
// No other file names a kind: the store, the sagas and the UI read the ids and the registry's derived data.
import type { ChainTable } from '../chains';
import { switchOrAddChain } from '../chainSwitch';
import type { SiteStorage } from '../storage';
import type { ConnectionId, Connector, ConnectorEvent, DevelopmentPhone, Eip1193Provider, KindAdapter, KindFace, KindStatus, RequestArguments, SignInAtConnect } from './types';

// What the sagas and the composition root know of a kind, defined with the seam's other plain types.
export type { KindAdapter, KindCommand, KindFace, KindStatus } from './types';

/** The parts of the build configuration a kind may read (src/config.ts AppConfig). */
export interface KindConfig {
  appName?: string;
  appLogoUrl?: string;
  allowedChainIds: Readonly<Record<string, readonly number[]>>;
  /**
   * The kinds' own build-time settings, by name, as the build checked and baked them in: set ones
   * only, trimmed. Each kind declares its own in its folder's buildSettings.ts and reads them with
   * `kindSetting`.
   */
  kindSettings?: Readonly<Record<string, string>>;
  developmentPhone?: DevelopmentPhone;
  /** WALLETDECK_FRAME_ANCESTORS as set: who may frame the app (the Safe kind reads its parent's answers only from there). */
  frameAncestors?: string | undefined;
}

/**
 * One of a kind's build-time settings, or undefined when the build left it unset. `Declared` is the
 * kind's buildSettings (`typeof buildSettings`, imported as a type: the page never loads the checks),
 * so a name the kind does not declare, which the build would never bake in, is refused.
 */
export function kindSetting<Declared extends object>(config: KindConfig, name: keyof Declared & string): string | undefined {
  return config.kindSettings?.[name];
}

/** What a kind is built from on a page. */
export interface KindEnvironment {
  config: KindConfig;
  chains: ChainTable;
  host: Window;
  storage: SiteStorage;
  /** The page's own URL (a sandboxed frame's origin is "null", its URL is real). */
  page: URL;
}

/** What the build tells a kind's csp.ts when it derives the shipped Content-Security-Policy. */
export interface KindBuild {
  /** Build-time settings (the environment variables webpack.config.ts reads), trimmed, unset ones absent. */
  setting(name: string): string | undefined;
}

/** Hosts one kind needs in the shipped policy. */
export interface KindCsp {
  connect?: string[];
  frames?: string[];
  /** Inline styles an SDK inserts: resolved and hashed at build time by scripts/csp.js. */
  styleModules?: { package: string; files: string[] };
}

export type KindSettings<S> = { settings: S } | { unavailable: string; hint?: string };

export interface KindDefinition<Id extends string = string, S = unknown> {
  readonly id: Id;
  readonly name: string;
  readonly face: KindFace;
  settings(env: KindEnvironment): KindSettings<S>;
  offered?(env: KindEnvironment): boolean;
  adapter(settings: S, env: KindEnvironment): KindAdapter;
}

/** Keeps the id's literal type (ConnectionId is derived from the registry's ids). */
export function defineKind<const Id extends string, S>(definition: KindDefinition<Id, S>): KindDefinition<Id, S> {
  return definition;
}

/**
 * Whether the silent reconnect at start asks this kind's wallet (sagas/eager.ts; src/startKinds.ts asks
 * it before the store exists): the kind is available, the user did not disconnect it on purpose, and
 * it has something to reconnect. Throws what the adapter throws.
 */
export function reconnectsAtStart(adapter: KindAdapter, id: ConnectionId, session: { wasDisconnected(id: ConnectionId): boolean }): boolean {
  return adapter.status().available && !session.wasDisconnected(id) && adapter.storedSession() === true;
}

/** The silent reconnect's questions (sagas/activate.ts eagerSequence), in the order it asks them. */
const RECONNECT_QUESTIONS = ['eth_accounts', 'eth_chainId'] as const;

/**
 * A KindAdapter over a Connector (./types.ts): the provider stays inside; `request` asks the provider
 * at hand synchronously, else loads it first.
 */
export function adapterFromConnector(connector: Connector, chains: ChainTable): KindAdapter {
  const atHand = (): Eip1193Provider | undefined => {
    try {
      return connector.providerNow?.();
    } catch {
      return undefined;
    }
  };
  // askReconnect's questions, by method, until the lifecycle's first requests take them. Anything the
  // wallet reports meanwhile, or a user's connect, makes them stale: they are dropped and asked again.
  const asked = new Map<string, Promise<unknown>>();
  let stopWatching: (() => void) | undefined;
  const dropAsked = () => {
    asked.clear();
    const stop = stopWatching;
    stopWatching = undefined;
    try {
      stop?.();
    } catch {
      // The wallet's listener is gone with the answers.
    }
  };
  const request = (args: RequestArguments): Promise<unknown> => {
    const answer = args.params === undefined ? asked.get(args.method) : undefined;
    if (answer) {
      asked.delete(args.method);
      if (asked.size === 0) dropAsked();
      return answer;
    }
    if (asked.size > 0 && args.method === 'eth_requestAccounts') dropAsked();
    const provider = atHand();
    // No await before asking a provider at hand: the request leaves in this very task.
    return provider ? provider.request(args) : connector.getProvider().then((loaded) => loaded.request(args));
  };
  return {
    id: connector.id,
    askReconnect() {
      const provider = atHand();
      if (!provider || asked.size > 0) return;
      for (const method of RECONNECT_QUESTIONS) {
        try {
          const answer = Promise.resolve(provider.request({ method }));
          // The lifecycle that takes it handles a failure; until then it is no unhandled rejection.
          answer.catch(() => undefined);
          asked.set(method, answer);
        } catch {
          // Not kept: the lifecycle asks itself and meets the same failure.
        }
      }
      if (asked.size === 0) return;
      try {
        stopWatching = connector.subscribe(() => dropAsked());
      } catch {
        // A wallet whose events cannot be followed is asked again by the lifecycle.
        dropAsked();
      }
    },
    status(): KindStatus {
      const available = connector.isAvailable();
      let linkDead = false;
      try {
        linkDead = connector.isLinkDead?.() === true;
      } catch {
        // A connector that throws here is not believed.
      }
      return {
        available,
        unavailableReason: available ? undefined : connector.unavailableReason,
        limitation: connector.limitation,
        extensionSuggestion: connector.extensionSuggestion?.(),
        wallets: connector.wallets?.(),
        installed: connector.isInstalled?.() === true,
        pairsByQrCode: typeof connector.connect === 'function',
        developmentPhone: connector.developmentPhone,
        chainIdBeforeConnect: connector.chainIdBeforeConnect === true,
        signsInAtConnect: typeof connector.connectSignedIn === 'function',
        revokes: connector.supportsRevoke,
        linkDead,
        // Read as `=== true` where they are used.
        ownsPage: connector.ownsPage?.(),
        proposes: connector.proposesTransactions,
      };
    },
    storedSession: () => connector.hasStoredSession() === true,
    request,
    load: async () => {
      await connector.getProvider();
    },
    connect(options) {
      const step = connector.connect;
      if (!step) return undefined;
      return connector.getProvider().then((p) => step.call(connector, p, options));
    },
    ...(connector.connectSignedIn
      ? {
          connectSignedIn(signIn: SignInAtConnect, options: { chainId?: number }) {
            const step = connector.connectSignedIn;
            if (!step) return Promise.resolve(undefined);
            // A stored answer of an earlier silent reconnect is stale once the user connects.
            dropAsked();
            const provider = atHand();
            return provider ? step.call(connector, provider, signIn, options) : connector.getProvider().then((p) => step.call(connector, p, signIn, options));
          },
        }
      : {}),
    switchChain: (chainId) => switchOrAddChain({ request }, chains, chainId),
    disconnect: () => connector.disconnect(),
    subscribe: (listener: (event: ConnectorEvent) => void) => connector.subscribe(listener),
    watch: (listener) => connector.watchAvailability?.(listener) ?? (() => undefined),
    command(command) {
      if (command.type === 'preload') connector.preload?.();
      else if (command.type === 'cancelPending') connector.cancelPendingRequests?.();
      else connector.choose?.(command.rdns);
    },
  };
}
