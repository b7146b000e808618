import { ConfigError } from '../../../config/config-error.js';
import type { SqliteConnection } from './database.js';

/** One schema step. Versions only grow; a shipped migration is never edited, a new one is added. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies every migration the database has not seen yet, each in its own immediate transaction so two
 * processes starting on the same file cannot both apply one.
 */
export function migrate(connection: SqliteConnection, migrations: readonly Migration[]): void {
  const { database } = connection;
  database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT',
  );
  const findApplied = database.prepare<[number], { version: number }>('SELECT version FROM schema_migrations WHERE version = ?');
  const recordApplied = database.prepare<[number, string, number]>('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');

  let previousVersion = 0;
  for (const migration of migrations) {
    if (migration.version <= previousVersion) throw new Error(`Migration ${migration.version} (${migration.name}) is out of order`);
    previousVersion = migration.version;
    database
      .transaction(() => {
        if (findApplied.get(migration.version)) return;
        database.exec(migration.sql);
        recordApplied.run(migration.version, migration.name, Date.now());
      })
      .immediate();
  }

  // A database written by a newer chatbox has tables this code does not know how to keep consistent.
  const newest = database.prepare<[], { version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations').get();
  if (newest?.version && newest.version > previousVersion) {
    throw new ConfigError(
      [{ path: 'dataDir', message: `the database schema is at version ${newest.version}, newer than this chatbox (${previousVersion}); upgrade chatbox` }],
      'Unsupported database',
    );
  }
}
