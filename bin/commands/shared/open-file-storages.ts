import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { ChatboxConfig } from '../../../config/types.js';
import { createPluginRegistry } from '../../../core/plugin-host/plugin-registry.js';
import { setUpFileStorages, type FileStorageHost, type FileStorages } from '../../../core/plugin-host/file-storages.js';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { builtInPlugins } from '../../../plugins/index.js';

/** The storages an admin command reads and writes files with, set up as `chatbox serve` sets them up. */
export interface CommandFileStorages extends FileStorages {
  /** Every file-storage plugin built in (the names `--to` takes). */
  known: string[];
}

/**
 * The file storages of the configuration, without a server. Warnings (a strategy chatbox has no
 * plugin for) go to stderr as JSON lines through the logger fastify itself uses, so stdout stays the
 * command's own output. Tests hand in their own plugin list.
 */
export async function openFileStorages(config: ChatboxConfig, plugins: PluginDefinition[] = builtInPlugins): Promise<CommandFileStorages> {
  const host: FileStorageHost = { plugins: createPluginRegistry(plugins), config, log: commandLog() };
  const storages = await setUpFileStorages(host);
  return { ...storages, known: host.plugins.list('file-storage').map((definition) => definition.name) };
}

/** The logger fastify itself uses, writing JSON lines to stderr (LOG_LEVEL, default warn): stdout stays the command's. */
export function commandLog(): FastifyBaseLogger {
  return Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn', stream: process.stderr } }).log;
}
