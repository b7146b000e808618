import Database from 'better-sqlite3';

// SQLite result codes that mean the database could not be written or read, not that a query was wrong.
const sqliteFailureCodes = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|BUSY|LOCKED|NOMEM)/;
// The same from the file system (uploads, the data directory).
const fileSystemFailureCodes = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS']);

/**
 * Why a store call failed when the cause is the storage itself (a full disk, an I/O error, a database
 * the server cannot reach), as a short reason for a message and a log line; undefined for anything
 * else (a bug, a bad query), which stays an internal error.
 */
export function storageFailureReason(error: unknown): string | undefined {
  if (error instanceof Database.SqliteError) return sqliteFailureCodes.test(error.code) ? `${error.code}: ${error.message}` : undefined;
  if (!(error instanceof Error)) return undefined;
  const code = 'code' in error ? String(error.code) : '';
  if (fileSystemFailureCodes.has(code)) return `${code}: ${error.message}`;
  // By name, as the MongoDB driver is loaded only when it is used (create-store.ts). A duplicate key
  // never reaches here: the Mongo repositories turn it into a DuplicateError.
  if (error.name.startsWith('Mongo')) return `${error.name}: ${error.message}`;
  return undefined;
}
