import { loadConfig } from '../../../config/index.js';
import type { ChatboxConfig } from '../../../config/types.js';
import { createStore } from '../../../core/store/create-store.js';
import type { Store } from '../../../core/store/types.js';

export interface CommandContext {
  config: ChatboxConfig;
  store: Store;
}

/** Loads the configuration and opens the store for an admin command, closing it afterwards. */
export async function withContext<T>(options: { config?: string; dataDir: string }, run: (context: CommandContext) => Promise<T>): Promise<T> {
  const config = await loadConfig({ configPath: options.config, dataDir: options.dataDir, env: process.env });
  const store = await createStore({ dataDir: config.dataDir, mongoUri: config.env.MONGO_URI });
  try {
    return await run({ config, store });
  } finally {
    await store.close();
  }
}
