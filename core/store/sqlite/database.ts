import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { DuplicateError } from '../../errors/index.js';
import { systemErrorCode } from '../../../config/system-error-code.js';

/** The open database and its transaction helper, handed to every repository of one store. */
export interface SqliteConnection {
  readonly database: Database.Database;
  /**
   * Runs fn in one transaction; a nested call becomes a savepoint. Writes that must not drift apart
   * (a message and, later, its full-text index row) go through here so they commit or fail together.
   */
  transaction<T>(fn: () => T): T;
}

export function openConnection(filename: string): SqliteConnection {
  createOwnerOnly(filename);
  const database = new Database(filename);
  // Wait for a concurrent writer (another process on the same file) instead of failing at once.
  database.pragma('busy_timeout = 5000');
  // WAL lets readers run while a turn is being written; NORMAL is durable enough under WAL and much faster than FULL.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Off by default in SQLite; the cascades of users.delete rely on it.
  database.pragma('foreign_keys = ON');
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection (SQLite's own default is 2 MB).
  // It fills as the database is written and stays resident: it was ~20 MB of the RSS a 200 MB import
  // added (`npm run bench -- import`: 139 and 130 MB before, 100.7 and 98.8 with the import's own
  // allocations cut, 86 MB with this; load average 5-10 on the shared 2 cores). 4 MB holds the hot
  // pages of chat (indexes, recent messages); colder pages come from the OS page cache. The history
  // bench (1M messages) gave the same p95s with 16 and 4 MB (open a 1,000-message conversation 18.8
  // and 14.3 ms), and the 1-stream stream bench no loss (added TTFT p99 25.9 ms before, -1.8 and -1.5 after).
  database.pragma('cache_size = -4000');
  return {
    database,
    transaction: <T>(fn: () => T): T => database.transaction(fn)(),
  };
}

/**
 * Creates a missing database file readable by its owner only: it holds password hashes and users'
 * encrypted keys. SQLite gives the -wal and -shm files it makes later the mode of the database file.
 */
function createOwnerOnly(filename: string): void {
  if (filename === ':memory:' || filename === '') return;
  try {
    closeSync(openSync(filename, 'wx', 0o600));
  } catch (error) {
    if (systemErrorCode(error) !== 'EEXIST') throw error;
  }
}

const uniqueViolationCodes = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Runs a write, turning a unique-constraint failure into the store's DuplicateError. `message` may
 * pick the text from SQLite's own message, which names the constraint's columns.
 */
export function rethrowDuplicate<T>(write: () => T, message: string | ((sqliteMessage: string) => string), details: Record<string, unknown> = {}): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof Database.SqliteError && uniqueViolationCodes.has(error.code)) {
      throw new DuplicateError(typeof message === 'string' ? message : message(error.message), details);
    }
    throw error;
  }
}
