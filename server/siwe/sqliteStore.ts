// The default SessionStore: SQLite in one file, through node-sqlite3-wasm (SQLite compiled to
// WebAssembly, reading and writing the file with Node's fs: no native build, nothing downloaded at
// install). Every write is a transaction with SQLite's rollback journal and fsync (synchronous=FULL),
// so a crash at any point leaves the last committed state, and a restart finds it.
//
// One process owns the file at a time. The library's lock is a `<file>.lock` folder, which a
// process killed in the middle of a write leaves behind (every later statement would then answer
// "database is locked"); so the owner is written in `<file>.owner` (its pid), and a process that
// finds the owner gone takes the file over, removing that stale lock, and SQLite rolls back the
// interrupted write from its journal.
import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import type { NonceState, SessionAccount, SessionRecord, SessionStore } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS nonces (
  nonce TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS nonces_expiry ON nonces (expires_at);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  accounts TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at);
`;

/** Files this process has open (a second open of one file here is a mistake, not a stale owner). */
const openHere = new Set<string>();

/** Whether a process with this pid runs now. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes this process the file's owner, or throws naming the process that is. */
function claim(file: string): void {
  if (openHere.has(file)) throw new Error(`The sign-in store ${file} is already open in this process`);
  const owner = `${file}.owner`;
  let previous: number | undefined;
  try {
    previous = Number(readFileSync(owner, 'utf8').trim());
  } catch {
    previous = undefined;
  }
  // The same pid as ours, not open here: a container restarted with the same pid.
  if (previous !== undefined && Number.isSafeInteger(previous) && previous > 0 && previous !== process.pid && alive(previous)) {
    throw new Error(`The sign-in store ${file} is in use by process ${previous}: stop it first (or, if that process is not a sign-in backend, delete ${owner})`);
  }
  if (previous !== undefined) rmSync(`${file}.lock`, { recursive: true, force: true });
  writeFileSync(owner, `${process.pid}\n`);
  openHere.add(file);
}

function release(file: string): void {
  openHere.delete(file);
  const owner = `${file}.owner`;
  try {
    if (Number(readFileSync(owner, 'utf8').trim()) === process.pid) unlinkSync(owner);
  } catch {
    // Already gone.
  }
}

const isAccount = (a: unknown): a is SessionAccount =>
  typeof a === 'object' &&
  a !== null &&
  typeof (a as SessionAccount).address === 'string' &&
  typeof (a as SessionAccount).chainId === 'number' &&
  typeof (a as SessionAccount).signedInAt === 'number' &&
  typeof (a as SessionAccount).expiresAt === 'number';

export class SqliteSessionStore implements SessionStore {
  private readonly db: Database;
  private closed = false;

  private constructor(
    private readonly file: string,
    db: Database,
  ) {
    this.db = db;
  }

  /** Opens (or creates) the store's file; throws when another live process owns it. */
  static open(file: string): SqliteSessionStore {
    const full = path.resolve(file);
    mkdirSync(path.dirname(full), { recursive: true });
    claim(full);
    let db: Database | undefined;
    try {
      db = new Database(full);
      db.exec('PRAGMA synchronous = FULL;');
      db.exec(SCHEMA);
      return new SqliteSessionStore(full, db);
    } catch (error) {
      if (db?.isOpen) db.close();
      release(full);
      throw error;
    }
  }

  /** `work` inside one write transaction: all of it is kept, or none. */
  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private state(nonce: string, now: number): NonceState {
    const row = this.db.get('SELECT expires_at, used_at FROM nonces WHERE nonce = ?', [nonce]);
    if (!row) return 'unknown';
    if (row['used_at'] !== null) return 'used';
    return Number(row['expires_at']) <= now ? 'expired' : 'fresh';
  }

  private put(session: SessionRecord): void {
    if (session.accounts.length === 0) {
      this.db.run('DELETE FROM sessions WHERE id = ?', [session.id]);
      return;
    }
    const expiresAt = Math.max(...session.accounts.map((a) => a.expiresAt));
    this.db.run('INSERT INTO sessions (id, accounts, expires_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET accounts = excluded.accounts, expires_at = excluded.expires_at', [
      session.id,
      JSON.stringify(session.accounts),
      expiresAt,
    ]);
  }

  async addNonce(nonce: string, expiresAt: number, now: number, maxLive: number): Promise<boolean> {
    return this.transaction(() => {
      const live = this.db.get('SELECT COUNT(*) AS n FROM nonces WHERE used_at IS NULL AND expires_at > ?', [now]);
      if (Number(live?.['n'] ?? 0) >= maxLive) return false;
      this.db.run('INSERT INTO nonces (nonce, expires_at, used_at) VALUES (?, ?, NULL)', [nonce, expiresAt]);
      return true;
    });
  }

  async nonceState(nonce: string, now: number): Promise<NonceState> {
    return this.state(nonce, now);
  }

  async signIn(nonce: string, now: number, session: SessionRecord, replaces?: string): Promise<NonceState> {
    return this.transaction(() => {
      const before = this.state(nonce, now);
      if (before !== 'fresh') return before;
      this.db.run('UPDATE nonces SET used_at = ? WHERE nonce = ?', [now, nonce]);
      if (replaces !== undefined && replaces !== session.id) this.db.run('DELETE FROM sessions WHERE id = ?', [replaces]);
      this.put(session);
      return before;
    });
  }

  async getSession(id: string): Promise<SessionRecord | undefined> {
    const row = this.db.get('SELECT accounts FROM sessions WHERE id = ?', [id]);
    if (!row) return undefined;
    let accounts: unknown;
    try {
      accounts = JSON.parse(String(row['accounts']));
    } catch {
      return undefined;
    }
    return Array.isArray(accounts) ? { id, accounts: accounts.filter(isAccount) } : undefined;
  }

  async putSession(session: SessionRecord): Promise<void> {
    this.transaction(() => this.put(session));
  }

  async deleteSession(id: string): Promise<void> {
    this.db.run('DELETE FROM sessions WHERE id = ?', [id]);
  }

  async prune(now: number, forgetNoncesBefore: number): Promise<void> {
    this.transaction(() => {
      this.db.run('DELETE FROM sessions WHERE expires_at <= ?', [now]);
      this.db.run('DELETE FROM nonces WHERE expires_at <= ?', [forgetNoncesBefore]);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.db.close();
    } finally {
      release(this.file);
    }
  }
}
