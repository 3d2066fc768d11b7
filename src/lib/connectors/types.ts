// The seam's plain types: what the store, the sagas and the UI may know of wallet kinds, and the
// kinds' ids. Nothing here runs a kind or imports one: the kinds themselves (each a folder exporting a
// definition, ./kind.ts) are listed in ./registry.ts, which holds one definition for each id below.

/**
 * Every kind's id, in the connect dialog's order (docs/recipes/add-a-wallet-kind.md). The registry
 * (./registry.ts) has a definition for each, and TypeScript refuses one without the other.
 */
export const CONNECTION_IDS = ['injected', 'coinbase', 'walletconnect', 'safe'] as const;

export type ConnectionId = (typeof CONNECTION_IDS)[number];

/** The current connection when the user has chosen none (docs/behaviour.md §1.2): the first kind. */
export const DEFAULT_CONNECTION: ConnectionId = CONNECTION_IDS[0];

export function isConnectionId(value: unknown): value is ConnectionId {
  return typeof value === 'string' && (CONNECTION_IDS as readonly string[]).includes(value);
}

export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/** The minimal EIP-1193 surface the sagas use. */
export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>;
}

/** A wallet value made plain for the store (see `plainValue` in errors.ts); validated by the store. */
export type PlainValue = string | number | boolean | null;

/**
 * Events a connector emits (built by events.ts). Values are plain JSON but not validated: the
 * store normalises and validates every update in one place.
 */
export type ConnectorEvent =
  | { type: 'accountsChanged'; accounts: PlainValue[] }
  | { type: 'chainChanged'; chainId: PlainValue }
  | { type: 'connect'; chainId: PlainValue }
  /** The link dropped with an error (never the extension's 1013 "reconnecting"). */
  | { type: 'disconnect'; error: unknown }
  /** The link is gone for good (MetaMask's 1011 "Page reload required"): only a reload helps. */
  | { type: 'linkDead'; error: unknown }
  /** The wallet ended the session on purpose (e.g. deleted from the phone): back to idle. */
  | { type: 'sessionEnded' }
  /** QR-code wallets: a pairing URI to show. */
  | { type: 'displayUri'; uri: string }
  /** Mobile-link wallets: the request now waits for the user on their phone, or no longer does. */
  | { type: 'awaitingWallet'; waiting: boolean }
  /**
   * QR-code wallets: the wallet behind the session says who it is (WalletConnect's peer metadata).
   * Untrusted: the store keeps the name and icon only as `readWalletIdentity` (describe.ts) passes them.
   */
  | { type: 'walletIdentified'; name: PlainValue; icon: PlainValue }
  /**
   * Wallets that open a window of their own (Coinbase Wallet's keys window): a request opened one
   * ('opened'), and the window answered the SDK's handshake ('answered'). The sagas bound the wait in between.
   */
  | { type: 'walletWindow'; state: 'opened' | 'answered' };

export type ConnectorListener = (event: ConnectorEvent) => void;

/**
 * The building block most kinds use inside their folder: an EIP-1193 provider behind lazy loading,
 * with the SDK's quirks. The app never sees it: `adapterFromConnector` (./kind.ts) wraps it into the
 * kind's small KindAdapter, and the provider stays inside.
 */
export interface Connector {
  readonly id: string;
  /**
   * Cheap and synchronous: is there a session to reconnect silently at start? Must not load an SDK.
   * The browser-extension wallet answers whether an extension is present.
   */
  hasStoredSession(): boolean;
  /** Whether this kind can be used at all in this build (e.g. SDK configured). */
  isAvailable(): boolean;
  /** Why not, in the user's words, when isAvailable() is false. */
  readonly unavailableReason?: string;
  /**
   * What this browser takes away from this kind, in the user's words (docs/behaviour.md §12): a limit on
   * a kind that works (a session that ends with the page), or why it cannot work here.
   */
  readonly limitation?: string;
  /** Loads the SDK on first use and returns the EIP-1193 provider. Rejects with a typed error. */
  getProvider(): Promise<Eip1193Provider>;
  /**
   * The provider when it is at hand with nothing to load (a browser extension's), else undefined: a
   * connect then asks the wallet in the very task of the click. Never throws.
   */
  providerNow?(): Eip1193Provider | undefined;
  /**
   * `eth_chainId` answers the wallet's own chain before the site is connected (a browser extension's
   * does; an SDK may answer a default until then): a connect asks it beside `eth_requestAccounts`.
   */
  readonly chainIdBeforeConnect?: boolean;
  /** Starts a user connection where the SDK needs more than `eth_requestAccounts` (QR pairing). */
  connect?(provider: Eip1193Provider, options: { chainId?: number }): Promise<void>;
  /**
   * A user connection that signs in within the same approval (docs/behaviour.md §13.8): ERC-7846
   * `wallet_connect` with `signInWithEthereum`, or WalletConnect's one-click auth. Resolves with the
   * wallet's sign-in answer, unchecked, once it is connected; with undefined when this wallet cannot
   * (the method is unknown to it, or its chain is not one of the request's): the usual connect follows.
   */
  connectSignedIn?(provider: Eip1193Provider, request: SignInAtConnect, options: { chainId?: number }): Promise<{ proof: unknown } | undefined>;
  /** Ends the session on the wallet side where the SDK has one; local cleanup otherwise. */
  disconnect(): Promise<void>;
  /** Whether `wallet_revokePermissions` should be tried on disconnect. */
  readonly supportsRevoke: boolean;
  /** Subscribes to the provider's events; returns an unsubscribe. Never throws. */
  subscribe(listener: ConnectorListener): () => void;
  /** Warms up a lazily loaded SDK (e.g. on hover) so that a popup can open inside the click. */
  preload?(): void;
  /** Rejects every request still waiting on the wallet with 4001 (the user pressed Cancel in our UI). */
  cancelPendingRequests?(): void;
  /** A browser extension worth suggesting before connecting, when it is not installed; else undefined. */
  extensionSuggestion?(): ExtensionSuggestion | undefined;
  /** True when the provider's link is gone for good (e.g. `isConnected()` false after a hang). */
  isLinkDead?(): boolean;
  /**
   * Calls `listener` whenever what this connector can offer changes (a wallet announced itself or
   * was injected late); returns an unsubscribe. Never throws.
   */
  watchAvailability?(listener: () => void): () => void;
  /** Browser extensions that announced themselves (EIP-6963), for the user to pick from. */
  wallets?(): AnnouncedWallet[];
  /** Whether this kind's browser extension is in this browser (cheap, synchronous, loads no SDK). */
  isInstalled?(): boolean;
  /** The extension the user picked (by EIP-6963 rdns); undefined goes back to the default choice. */
  choose?(rdns: string | undefined): void;
  /** Development builds only: a page that pairs with a QR code's link given as `?uri=` (docs/behaviour.md §11). */
  readonly developmentPhone?: DevelopmentPhone;
  /**
   * The page is this kind's own (Safe{Wallet}'s frame, docs/behaviour.md §1.7): the only kind offered, the
   * current one, reconnected visibly at start. Cheap and synchronous; may change (watchAvailability says when).
   */
  ownsPage?(): boolean;
  /**
   * `eth_sendTransaction` answers a proposal's hash (a Safe's `safeTxHash`), not a chain transaction
   * (docs/behaviour.md §10.1): the record is followed by asking the wallet `walletdeck_safeProposal`
   * (a ProposalState, checked by the kind).
   */
  readonly proposesTransactions?: boolean;
}

/** Where a transaction proposed to a multisig stands (Safe's getTxBySafeTxHash, checked): the answer to `walletdeck_safeProposal`. */
export type ProposalState =
  | { status: 'awaiting'; confirmations?: { submitted: number; required: number } }
  | { status: 'executed'; hash: string; success: boolean }
  | { status: 'cancelled' };

/**
 * What a wallet is asked to sign in with at connect (docs/behaviour.md §13.8): the EIP-4361 fields the
 * page itself wrote. The wallet picks one of `chainIds` (an extension: the one it is on) and the account.
 */
export interface SignInAtConnect {
  /** The page's host (and port): the message's domain. */
  domain: string;
  /** The page's origin and "/": the message's URI. */
  uri: string;
  /** 'http' on a page served over plain HTTP (absent means https). */
  scheme?: string;
  nonce: string;
  /** The chains the app and the backend both allow, the wallet's own first where known. */
  chainIds: number[];
  statement?: string;
  /** ISO 8601. */
  issuedAt: string;
  expirationTime: string;
}

/** `npm start`'s development phone: its page, and what the app calls it. */
export interface DevelopmentPhone {
  url: string;
  name: string;
}

/** An EIP-6963 announcement as the UI may show it: plain strings, icon only a safe data URI or ''. */
export interface AnnouncedWallet {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/** The wallet behind a session, as the UI may show it: a display-safe name, an icon that is a safe data URI or ''. */
export interface WalletIdentity {
  name: string;
  icon: string;
}

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
  /** A connect may sign in within the same approval (KindAdapter.connectSignedIn). */
  signsInAtConnect?: boolean;
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
  /**
   * A returning user's page, before its store and sagas exist (src/startKinds.ts): sends the silent
   * reconnect's two questions, `eth_accounts` and `eth_chainId`, to a provider at hand (nothing
   * otherwise). The lifecycle's own two requests then take these answers instead of asking again,
   * unless the wallet reported a change in between (docs/behaviour.md §1.3).
   */
  askReconnect?(): void;
  /** Loads what asking the wallet needs (its SDK); resolves at once when the provider is at hand. */
  load(): Promise<void>;
  /**
   * A user connect's own first step where the SDK needs one (QR pairing), else undefined (nothing to
   * wait for: `eth_requestAccounts` then leaves in the task of the click).
   */
  connect(options: { chainId?: number }): Promise<void> | undefined;
  /**
   * In place of `connect`, when sign-in is on and status() says signsInAtConnect: connects and signs in
   * within one approval. Resolves with the wallet's answer (unchecked) or undefined (this wallet cannot:
   * connect the usual way); a refusal rejects as a connect's does.
   */
  connectSignedIn?(request: SignInAtConnect, options: { chainId?: number }): Promise<{ proof: unknown } | undefined>;
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

/** What the UI knows about a connector: plain data, read from the store, never by calling it. */
export interface ConnectorInfo {
  name: string;
  /** How the dialog shows this kind (its definition's face). */
  face: KindFace;
  available: boolean;
  unavailableReason?: string;
  /** What this browser takes away from this kind (see Connector.limitation), in the user's words. */
  limitation?: string;
  extensionSuggestion?: ExtensionSuggestion;
  /** The browser-extension kind: the wallets that announced themselves. */
  wallets?: AnnouncedWallet[];
  /** Connecting pairs through a QR code / pairing link (the QR dialog shows for this kind). */
  pairsByQrCode?: boolean;
  /** This kind's browser extension is in this browser (listed among the installed wallets). */
  installed?: boolean;
  /** Development builds only: the development phone (see Connector.developmentPhone). */
  developmentPhone?: DevelopmentPhone;
  /** The page is this kind's own (see Connector.ownsPage): no other kind is offered. */
  ownsPage?: boolean;
}

export interface ExtensionSuggestion {
  /** The extension's name, e.g. "Coinbase Wallet extension". */
  name: string;
  installUrl: string;
}

/** Each kind's adapter (the saga context's). */
export type AdapterRegistry = Readonly<Record<ConnectionId, KindAdapter>>;
