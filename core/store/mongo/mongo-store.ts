import { MongoClient, type Db } from 'mongodb';
import type { Store } from '../types.js';
import { createBalancesRepository } from './balances.js';
import { createBansRepository } from './bans.js';
import { ensureIndexes, openCollections, type Collections } from './collections.js';
import { createConversationsRepository } from './conversations.js';
import { createFilesRepository } from './files.js';
import { createDocumentChunksRepository } from './document-chunks.js';
import { createKeysRepository } from './keys.js';
import { createMessagesRepository } from './messages.js';
import { createPluginAuthsRepository } from './plugin-auths.js';
import { createAssistantsRepository } from './assistants.js';
import { createPresetsRepository } from './presets.js';
import { createSearchOutbox } from './search-outbox.js';
import { createSessionsRepository } from './sessions.js';
import { createSharesRepository } from './shares.js';
import { createActionsRepository } from './actions.js';
import { createTokensRepository } from './tokens.js';
import { createUsersRepository } from './users.js';

export interface MongoStoreOptions {
  /** A MongoDB connection string (MONGO_URI). */
  uri: string;
  /** The database; by default the one the URI's path names, else 'chatbox'. */
  dbName?: string;
}

/** The MongoDB store, plus the handles `chatbox migrate` needs to write records as they are. */
export interface MongoStore extends Store {
  readonly driver: 'mongodb';
  readonly client: MongoClient;
  readonly database: Db;
  readonly collections: Collections;
}

/** The database a connection string names (`mongodb://host/chatbox?…` → chatbox), or 'chatbox'. */
export function databaseNameFromUri(uri: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(uri)?.[1];
  return path ? decodeURIComponent(path) : 'chatbox';
}

/** Connects, creates the indexes the queries need, and returns the store. */
export async function createMongoStore({ uri, dbName }: MongoStoreOptions): Promise<MongoStore> {
  // ignoreUndefined: an undefined field is left out, never stored as null (absent stays absent).
  const client = new MongoClient(uri, { ignoreUndefined: true, appName: 'chatbox' });
  await client.connect();
  const database = client.db(dbName ?? databaseNameFromUri(uri));
  const collections = openCollections(database);
  try {
    await ensureIndexes(collections);
  } catch (error) {
    await client.close();
    throw error;
  }

  const searchOutbox = createSearchOutbox(collections);

  return {
    driver: 'mongodb',
    client,
    database,
    collections,
    users: createUsersRepository(collections, searchOutbox.record),
    sessions: createSessionsRepository(collections),
    tokens: createTokensRepository(collections),
    conversations: createConversationsRepository(collections, searchOutbox.record),
    messages: createMessagesRepository(collections, searchOutbox.record),
    presets: createPresetsRepository(collections),
    keys: createKeysRepository(collections),
    pluginAuths: createPluginAuthsRepository(collections),
    assistants: createAssistantsRepository(collections),
    balances: createBalancesRepository(collections),
    bans: createBansRepository(collections),
    files: createFilesRepository(collections, searchOutbox.record),
    documentChunks: createDocumentChunksRepository(collections, searchOutbox.record),
    searchOutbox: searchOutbox.repository,
    shares: createSharesRepository(collections),
    actions: createActionsRepository(collections),
    async close() {
      await client.close();
    },
  };
}
