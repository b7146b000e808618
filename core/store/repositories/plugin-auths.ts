import type { ExportBatch } from './common.js';

/** One credential a user entered when installing a tool (LibreChat's PluginAuth, kept per tool). */
export interface PluginAuth {
  userId: string;
  /** The tool's LibreChat plugin key (`google`, `dalle`). */
  pluginKey: string;
  /** The credential's first name (`DALLE3_API_KEY` for the manifest field `DALLE3_API_KEY||DALLE_API_KEY`). */
  authField: string;
  /** Encrypted by core (AES-256-GCM); the store never sees plaintext. */
  value: string;
  updatedAt: Date;
}

/**
 * The tool credentials users enter in the plugin store. Kept per user, tool and field — unlike
 * LibreChat, which shares one value per field across tools — so uninstalling one tool never takes
 * another tool's key with it.
 */
export interface PluginAuthsRepository {
  /** Saves (or replaces) one field of one tool. */
  upsert(auth: Omit<PluginAuth, 'updatedAt'>): Promise<void>;
  /** The stored fields of one tool, by authField. */
  list(userId: string, pluginKey: string): Promise<PluginAuth[]>;
  /** Removes every stored field of one tool; answers how many went. */
  delete(userId: string, pluginKey: string): Promise<number>;
  /** Removes every stored field of every tool of the user; answers how many went. */
  deleteAll(userId: string): Promise<number>;
  /** Every stored credential (still encrypted), a batch at a time, for copying the store to another driver (see ExportBatch). */
  exportBatch(after: string | null, limit: number): Promise<ExportBatch<PluginAuth>>;
}
