import type Database from 'better-sqlite3';
import type { Store } from '../types.js';
import { createBalancesRepository } from './balances.js';
import { createBansRepository } from './bans.js';
import { createConversationsRepository } from './conversations.js';
import { openConnection } from './database.js';
import { createFilesRepository } from './files.js';
import { createDocumentChunksRepository } from './document-chunks.js';
import { createKeysRepository } from './keys.js';
import { createMessagesRepository } from './messages.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { createPluginAuthsRepository } from './plugin-auths.js';
import { createAssistantsRepository } from './assistants.js';
import { createPresetsRepository } from './presets.js';
import { createSearchOutboxRepository } from './search-outbox.js';
import { createSessionsRepository } from './sessions.js';
import { createSharesRepository } from './shares.js';
import { createActionsRepository } from './actions.js';
import { createTokensRepository } from './tokens.js';
import { createUsersRepository } from './users.js';

export interface SqliteStoreOptions {
  /** A path, or ':memory:' for a private in-memory database (tests). */
  filename: string;
}

/**
 * The SQLite store, plus the handles the SQLite search index needs to live in the same database and
 * write in the same transaction as the messages it indexes.
 */
export interface SqliteStore extends Store {
  readonly driver: 'sqlite';
  readonly database: Database.Database;
  /** Runs fn in one transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T;
}

export function createSqliteStore({ filename }: SqliteStoreOptions): SqliteStore {
  const connection = openConnection(filename);
  try {
    migrate(connection, migrations);
  } catch (error) {
    connection.database.close();
    throw error;
  }
  const { database } = connection;

  return {
    driver: 'sqlite',
    database,
    transaction: connection.transaction,
    users: createUsersRepository(connection),
    sessions: createSessionsRepository(connection),
    tokens: createTokensRepository(connection),
    conversations: createConversationsRepository(connection),
    messages: createMessagesRepository(connection),
    presets: createPresetsRepository(connection),
    keys: createKeysRepository(connection),
    pluginAuths: createPluginAuthsRepository(connection),
    assistants: createAssistantsRepository(connection),
    balances: createBalancesRepository(connection),
    bans: createBansRepository(connection),
    files: createFilesRepository(connection),
    documentChunks: createDocumentChunksRepository(connection),
    searchOutbox: createSearchOutboxRepository(connection),
    shares: createSharesRepository(connection),
    actions: createActionsRepository(connection),
    async close() {
      if (database.open) database.close();
    },
  };
}
