// Where the sign-in backend keeps nonces and sessions: an interface a deployer can implement over
// their own database (Postgres, Redis…). The default is SQLite in one file (sqliteStore.ts).
// Times are milliseconds since the epoch; the backend passes its own clock's `now` to every call,
// so an implementation never reads a clock of its own.

/** One address signed in within a session. */
export interface SessionAccount {
  /** EIP-55 checksummed. */
  address: string;
  /** The chain the message named (a chain switch later keeps the session). */
  chainId: number;
  signedInAt: number;
  expiresAt: number;
}

/** One browser's session: the cookie's secret is never stored, only its SHA-256 (`id`). */
export interface SessionRecord {
  id: string;
  accounts: SessionAccount[];
}

export type NonceState = 'fresh' | 'used' | 'unknown' | 'expired';

export interface SessionStore {
  /**
   * Keeps a new nonce until `expiresAt`. Answers false, keeping nothing, when `maxLive` nonces are
   * already waiting (issued, unused, unexpired at `now`).
   */
  addNonce(nonce: string, expiresAt: number, now: number, maxLive: number): Promise<boolean>;
  /** The nonce's state at `now`, changing nothing ('unknown': never issued, or forgotten since). */
  nonceState(nonce: string, now: number): Promise<NonceState>;
  /**
   * In one step: marks the nonce used if it is 'fresh' at `now`, and only then saves `session` in
   * place of the session `replaces` (if given). Answers the nonce's state before the call: only a
   * 'fresh' answer saved anything. Two calls with one nonce never both get 'fresh'.
   */
  signIn(nonce: string, now: number, session: SessionRecord, replaces?: string): Promise<NonceState>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  /** Saves the session (replacing one of the same id); a session with no accounts is deleted. */
  putSession(session: SessionRecord): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /**
   * Forgets sessions whose every account expired before `now`, and nonces that expired before
   * `forgetNoncesBefore` (a nonce is remembered past its expiry so that a replay is named one).
   */
  prune(now: number, forgetNoncesBefore: number): Promise<void>;
  close(): Promise<void>;
}
