// A wallet kind is one module: a folder src/lib/connectors/<kind>/ whose index.ts exports one
// KindDefinition. The registry (./registry.ts) is the one list of kinds; everything that exists "for
// every kind" is derived from it: CONNECTION_IDS, the store's plain description of each kind (name,
// face in the connect dialog, availability), the saga context's adapters and the Content-Security-
// Policy's hosts (each kind's csp.ts, read at build time by scripts/kindCsp.ts).
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
//     Beside it, only where the kind reaches hosts of its own (an SDK's relay): a csp.ts exporting
//     `csp(build): KindCsp`, the hosts the shipped policy must allow. The build reads it; the page
//     never loads it.
//  2. One line in ./registry.ts: the import and its place in KINDS (the order is the dialog's).
//  3. Its tests (a unit test of the folder, and it joins every "for every kind" test by itself).
// No other file names a kind: the store, the sagas and the UI read the registry's derived data.
import type { ChainTable } from '../chains';
import { switchOrAddChain } from '../chainSwitch';
import type { SiteStorage } from '../storage';
import type {
  AnnouncedWallet,
  Connector,
  ConnectorEvent,
  ConnectorListener,
  DevelopmentPhone,
  Eip1193Provider,
  ExtensionSuggestion,
  RequestArguments,
} from './types';

/** How the connect dialog and the menus show a kind: plain words, kept in the store (ConnectorInfo.face). */
export interface KindFace {
  /**
   * The note under its name in the connect dialog's list: with its browser extension in this browser
   * (listed under "Installed"), and without (under "More ways to connect"). No note: no row in that case.
   */
  note: { installed?: string; otherwise?: string };
  /**
   * The browser's own wallets (EIP-6963 announcements, or `window.ethereum`): a row per extension, the
   * user's pick among them remembered; with none, the list says how to get a wallet.
   */
  browserWallets?: true;
  /**
   * Without its extension, a connect opens a window of the wallet's own (a pop-up) or reaches its phone
   * app: the progress words say where to look, and what to do when the browser blocked the window.
   */
  ownWindow?: true;
  /** Drawn in place of a missing icon (default: the initial of its name). */
  letters?: string;
  /** What a timeout means, when it is not the wallet that failed to answer (default: "<name> did not answer in time."). */
  timeoutWords?: string;
  /** While a connect waits on the wallet (default: "Approve the connection in <name>."). */
  progress?: string;
}

/** What a kind reports about itself, cheap and synchronous (no SDK loaded): plain data. */
export interface KindStatus {
  available: boolean;
  /** Why not, in the user's words, when not available. */
  unavailableReason?: string;
  /** What this browser takes away from this kind, in the user's words (docs/behaviour.md §12). */
  limitation?: string;
  /** This kind's browser extension is in this browser. */
  installed?: boolean;
  /** Browser extensions that announced themselves (EIP-6963). */
  wallets?: AnnouncedWallet[];
  extensionSuggestion?: ExtensionSuggestion;
  /** Connecting pairs through a QR code (the QR dialog shows). */
  pairsByQrCode?: boolean;
  developmentPhone?: DevelopmentPhone;
  /** `eth_chainId` answers the wallet's own chain before the site is connected: asked beside the accounts. */
  chainIdBeforeConnect?: boolean;
  /** `wallet_revokePermissions` is worth trying on disconnect. */
  revokes?: boolean;
  /** The link to the wallet is gone for good (only a reload helps). */
  linkDead?: boolean;
  /**
   * The page is this kind's own (Safe{Wallet}'s frame, docs/behaviour.md §1.7): the only kind offered, the
   * current one, reconnected visibly at start. May change (watch says when).
   */
  ownsPage?: boolean | undefined;
  /** `eth_sendTransaction` answers a proposal's hash (a Safe's), followed by asking the wallet `walletdeck_safeProposal` (docs/behaviour.md §10.1). */
  proposes?: boolean | undefined;
}

/** What the sagas may ask a kind to do besides its lifecycle. */
export type KindCommand = { type: 'preload' } | { type: 'cancelPending' } | { type: 'choose'; rdns: string | undefined };

/**
 * A kind as the sagas use it. The provider never leaves it: every wallet call goes through `request`.
 * Every method may throw or hang (it talks to a wallet): the sagas bound and catch each call.
 */
export interface KindAdapter {
  readonly id: string;
  /** Cheap and synchronous; loads no SDK. */
  status(): KindStatus;
  /**
   * Cheap and synchronous: is there a session to reconnect silently at start (a browser extension: is
   * one present)? Loads no SDK. Throws a configuration error where the kind cannot run at all.
   */
  storedSession(): boolean;
  /**
   * One JSON-RPC request to the wallet (loading the SDK on first use). With the provider at hand (a
   * browser extension's) the wallet is asked synchronously, in the task of the click.
   */
  request(args: RequestArguments): Promise<unknown>;
  /** Loads what asking the wallet needs (its SDK); resolves at once when the provider is at hand. */
  load(): Promise<void>;
  /**
   * A user connect's own first step where the SDK needs one (QR pairing), else undefined (nothing to
   * wait for: `eth_requestAccounts` then leaves in the task of the click).
   */
  connect(options: { chainId?: number }): Promise<void> | undefined;
  /** Switch to `chainId` (adding it on 4902); resolves with the chain the wallet reports, unvalidated. */
  switchChain(chainId: number): Promise<unknown>;
  /** Ends the session on the wallet side where the SDK has one; local cleanup otherwise. */
  disconnect(): Promise<void>;
  /** The wallet's events, plain (./events.ts). Returns an unsubscribe. */
  subscribe(listener: ConnectorListener): () => void;
  /** Calls `listener` when what status() says may have changed (a wallet announced itself). */
  watch(listener: () => void): () => void;
  command(command: KindCommand): void;
}

/** The parts of the build configuration a kind may read (src/config.ts AppConfig). */
export interface KindConfig {
  appName?: string;
  appLogoUrl?: string;
  allowedChainIds: Readonly<Record<string, readonly number[]>>;
  walletConnect?: { projectId?: string; relayUrl?: string };
  coinbase?: { preference?: 'all' | 'smartWalletOnly' | 'eoaOnly'; keysUrl?: string };
  developmentPhone?: DevelopmentPhone;
  /** WALLETDECK_FRAME_ANCESTORS as set: who may frame the app (the Safe kind reads its parent's answers only from there). */
  frameAncestors?: string | undefined;
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
  const request = (args: RequestArguments): Promise<unknown> => {
    const provider = atHand();
    // No await before asking a provider at hand: the request leaves in this very task.
    return provider ? provider.request(args) : connector.getProvider().then((loaded) => loaded.request(args));
  };
  return {
    id: connector.id,
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
