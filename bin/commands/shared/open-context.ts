import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../config/index.js';
import type { ChatboxConfig } from '../../../config/types.js';
import { createStore } from '../../../core/store/create-store.js';
import { DATABASE_FILE } from '../../../config/data-dir.js';
import type { Store } from '../../../core/store/types.js';
import { CliError } from './cli-error.js';

export interface CommandContext {
  config: ChatboxConfig;
  store: Store;
}

/** Loads the configuration and opens the store for an admin command, closing it afterwards. */
export async function withContext<T>(options: { config?: string; dataDir: string }, run: (context: CommandContext) => Promise<T>): Promise<T> {
  requireChatboxData(options.dataDir);
  const config = await loadConfig({ configPath: options.config, dataDir: options.dataDir, env: process.env });
  const store = await createStore({ dataDir: config.dataDir, mongoUri: config.env.MONGO_URI });
  try {
    return await run({ config, store });
  } finally {
    await store.close();
  }
}

/**
 * Only `serve` makes a new installation. An admin command pointed at a mistyped data dir would
 * otherwise create an empty database there, and its next `user create` a second administrator.
 * With MongoDB the records live in the database, not in the data dir.
 */
function requireChatboxData(dataDir: string): void {
  if (process.env.MONGO_URI?.trim()) return;
  if (existsSync(join(dataDir, DATABASE_FILE))) return;
  throw new CliError(`no chatbox data in ${dataDir}; \`chatbox serve --data-dir ${dataDir}\` creates one`);
}
