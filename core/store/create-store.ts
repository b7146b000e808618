import { join } from 'node:path';
import { ConfigError } from '../../config/config-error.js';
import { DATABASE_FILE, prepareDataDir } from '../../config/data-dir.js';
import { createSqliteStore } from './sqlite/index.js';
import type { Store } from './types.js';

export interface CreateStoreOptions {
  /** The data directory; the SQLite database lives in it as chatbox.sqlite. */
  dataDir: string;
  /** Selects the MongoDB driver when set; the database is the one the URI's path names, else 'chatbox'. */
  mongoUri?: string;
}

/** Picks the driver from the configuration: MongoDB when MONGO_URI is set, else embedded SQLite. */
export async function createStore({ dataDir, mongoUri }: CreateStoreOptions): Promise<Store> {
  // The data directory holds more than the database (secrets, uploads), whichever driver stores the records.
  prepareDataDir(dataDir);
  if (mongoUri) return openMongo(mongoUri);
  return createSqliteStore({ filename: join(dataDir, DATABASE_FILE) });
}

async function openMongo(uri: string): Promise<Store> {
  // Loaded only here: the MongoDB driver costs an SQLite server about 20 MB of memory and a tenth of a second at start.
  const { createMongoStore } = await import('./mongo/index.js');
  try {
    return await createMongoStore({ uri });
  } catch (error) {
    // A malformed URI or an unreachable server is the operator's to fix: one clear line, not a stack.
    // The driver's messages name hosts, never the password of the URI. By name: the URI parser's
    // MongoParseError comes from a package of its own, not a subclass of the driver's MongoError.
    if (error instanceof Error && error.name.startsWith('Mongo')) throw new ConfigError([{ path: 'MONGO_URI', message: error.message }], 'Cannot open the MongoDB store');
    throw error;
  }
}
