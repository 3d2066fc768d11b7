// The connector seam: every wallet kind sits behind this one small interface. Wallet quirks stay
// inside a connector; what leaves it is an EIP-1193 provider and plain, normalised events.

export const CONNECTION_IDS = ['injected', 'coinbase', 'walletconnect'] as const;
export type ConnectionId = (typeof CONNECTION_IDS)[number];

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

/**
 * Events a connector emits. Values are normalised (chain id as number or the raw string when it
 * cannot be parsed) but not validated: the store validates every update in one place.
 */
export type ConnectorEvent =
  | { type: 'accountsChanged'; accounts: unknown[] }
  | { type: 'chainChanged'; chainId: number | string }
  | { type: 'connect'; chainId: number | string }
  /** The link dropped with an error (never the extension's 1013 "reconnecting"). */
  | { type: 'disconnect'; error: unknown }
  /** The wallet ended the session on purpose (e.g. deleted from the phone): back to idle. */
  | { type: 'sessionEnded' }
  /** QR-code wallets: a pairing URI to show. */
  | { type: 'displayUri'; uri: string }
  /** Mobile-link wallets: the request now waits for the user on their phone, or no longer does. */
  | { type: 'awaitingWallet'; waiting: boolean };

export type ConnectorListener = (event: ConnectorEvent) => void;

export interface Connector {
  readonly id: ConnectionId;
  /** Shown in the UI. */
  readonly name: string;
  /**
   * Cheap and synchronous: is there a session to reconnect silently at start? Must not load an SDK.
   * The browser-extension wallet answers whether an extension is present.
   */
  hasStoredSession(): boolean;
  /** Whether this kind can be used at all in this build (e.g. SDK configured). */
  isAvailable(): boolean;
  /** Why not, in the user's words, when isAvailable() is false. */
  readonly unavailableReason?: string;
  /** Loads the SDK on first use and returns the EIP-1193 provider. Rejects with a typed error. */
  getProvider(): Promise<Eip1193Provider>;
  /** Starts a user connection where the SDK needs more than `eth_requestAccounts` (QR pairing). */
  connect?(provider: Eip1193Provider, options: { chainId?: number }): Promise<void>;
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
}

export interface ExtensionSuggestion {
  /** The extension's name, e.g. "Coinbase Wallet extension". */
  name: string;
  installUrl: string;
}

export type ConnectorRegistry = Readonly<Record<ConnectionId, Connector>>;
