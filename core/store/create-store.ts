import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../errors/index.js';
import { createSqliteStore } from './sqlite/index.js';
import type { Store } from './types.js';

export interface CreateStoreOptions {
  /** The data directory; the SQLite database lives in it as chatbox.sqlite. */
  dataDir: string;
  /** Selects the MongoDB driver when set. */
  mongoUri?: string;
}

/** Picks the driver from the configuration: MongoDB when MONGO_URI is set, else embedded SQLite. */
export async function createStore({ dataDir, mongoUri }: CreateStoreOptions): Promise<Store> {
  if (mongoUri) {
    // Failing loudly beats silently writing to SQLite while the operator believes data goes to MongoDB.
    throw new ConfigError([{ path: 'MONGO_URI', message: 'MONGO_URI is set but the MongoDB driver is not available yet' }], 'Unsupported storage');
  }
  await mkdir(dataDir, { recursive: true });
  return createSqliteStore({ filename: join(dataDir, 'chatbox.sqlite') });
}
