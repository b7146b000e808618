import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../errors/index.js';
import type { FileStorage } from '../../plugin-api/index.js';
import { toPluginLogger } from '../../server/plugin-logger.js';
import type { FileSource } from '../../store/types.js';

/** The storages of the files routes: the one new uploads go to, and any a stored record names. */
export interface FileStorages {
  /** `fileStrategy`'s storage; null when the server was built without file-storage plugins. */
  current: { source: FileSource; storage: FileStorage } | null;
  /** The storage a record was saved with (its `source`), set up on first use; null when none is registered. */
  forSource(source: string): Promise<FileStorage | null>;
}

const fileSources: readonly FileSource[] = ['local', 'firebase', 'openai', 's3', 'vectordb'];
const isFileSource = (name: string): name is FileSource => fileSources.some((source) => source === name);

/**
 * Sets up `fileStrategy`'s storage at start, so a misspelled strategy stops the server with the
 * names it could have been. Storages of other sources are set up when a record needs them: files
 * saved before the operator changed the strategy stay readable and deletable.
 */
export async function setUpFileStorages(app: FastifyInstance): Promise<FileStorages> {
  const known = app.plugins.list('file-storage').map((definition) => definition.name);
  const strategy = app.config.yaml.fileStrategy;
  const byName = new Map<string, Promise<FileStorage>>();

  const setUp = (name: string): Promise<FileStorage> => {
    let storage = byName.get(name);
    if (!storage) {
      storage = app.plugins.setup('file-storage', name, storageSettings(app, name), toPluginLogger(app.log.child({ fileStorage: name })));
      byName.set(name, storage);
    }
    return storage;
  };

  let current: FileStorages['current'] = null;
  if (known.length > 0) {
    if (!known.includes(strategy) || !isFileSource(strategy)) {
      throw new ConfigError([{ path: 'fileStrategy', message: `unknown file strategy "${strategy}"; known: ${known.join(', ')}` }]);
    }
    current = { source: strategy, storage: await setUp(strategy) };
  } else {
    // Only servers built without plugins (tests of other routes) get here; `chatbox serve` always has `local`.
    app.log.warn('no file-storage plugin is registered: uploads are off');
  }

  return {
    current,
    async forSource(source) {
      return known.includes(source) ? setUp(source) : null;
    },
  };
}

/** What each storage is set up with; cloud storages will read their own environment variables. */
function storageSettings(app: FastifyInstance, name: string): unknown {
  return name === 'local' ? { uploadsDir: join(app.config.dataDir, 'uploads') } : {};
}
