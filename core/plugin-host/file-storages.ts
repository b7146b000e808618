import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config/config-error.js';
import type { FileStorage } from '../plugin-api/index.js';
import { toPluginLogger } from './plugin-logger.js';
import { isFileSource, type FileSource } from '../store/repositories/files.js';

/** The storages of the files routes: the one new uploads go to, and any a stored record names. */
export interface FileStorages {
  /** `fileStrategy`'s storage; null when the server was built without file-storage plugins. */
  current: { source: FileSource; storage: FileStorage } | null;
  /** The storage a record was saved with (its `source`), set up on first use; null when none is registered. */
  forSource(source: string): Promise<FileStorage | null>;
  /** A registered storage by name, set up on first use; rejects with why it cannot start (an admin command says so). */
  open(name: string): Promise<FileStorage>;
}

/** What the storages are set up from: the server, or an admin command (`chatbox files …`) that has no server. */
export type FileStorageHost = Pick<FastifyInstance, 'plugins' | 'config' | 'log'>;

/**
 * Where files whose link a browser loads go (avatars, generated images): `fileStrategy`'s storage,
 * unless it gives no such link (the OpenAI Files API wants the server's key): then local, served by /uploads.
 */
export async function browserLinkedStorage(storages: FileStorages): Promise<FileStorages['current']> {
  const current = storages.current;
  if (!current || current.storage.browserLinks !== false) return current;
  const local = await storages.forSource('local');
  return local ? { source: 'local', storage: local } : null;
}

/**
 * Sets up `fileStrategy`'s storage at start, so a misspelled strategy stops the server with the
 * names it could have been. Storages of other sources are set up when a record needs them: files
 * saved before the operator changed the strategy stay readable and deletable.
 */
export async function setUpFileStorages(app: FileStorageHost): Promise<FileStorages> {
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
    const name = chosenStrategy(app, strategy, known);
    if (!isFileSource(name)) throw new ConfigError([{ path: 'fileStrategy', message: `unknown file strategy "${name}"; known: ${known.join(', ')}` }]);
    current = { source: name, storage: await setUp(name) };
  } else {
    // Only servers built without plugins (tests of other routes) get here; `chatbox serve` always has `local`.
    app.log.warn('no file-storage plugin is registered: uploads are off');
  }

  return {
    current,
    async forSource(source) {
      if (!known.includes(source)) return null;
      // A storage that cannot be set up (the variables of a strategy used before are gone) is as absent as
      // an unknown one: its records still list and delete, and their downloads answer 501.
      return setUp(source).catch((error: unknown) => {
        app.log.warn({ err: error, source }, 'file storage unavailable; records of this source cannot reach their bytes');
        return null;
      });
    },
    open: setUp,
  };
}

/**
 * The storage new uploads go to. A LibreChat strategy chatbox has no plugin for yet (azure_blob, …)
 * must not stop a LibreChat file from starting (issue 13's rule): uploads then go to `local`, and the
 * start-up log says so. A name LibreChat does not know either is a typo: an error.
 */
function chosenStrategy(app: FileStorageHost, strategy: string, known: string[]): string {
  if (known.includes(strategy)) return strategy;
  if (!libreChatStrategies.has(strategy)) {
    throw new ConfigError([{ path: 'fileStrategy', message: `unknown file strategy "${strategy}"; known: ${known.join(', ')}` }]);
  }
  app.log.warn(`fileStrategy "${strategy}" is not available in chatbox yet (available: ${known.join(', ')}): new uploads are stored with local`);
  return 'local';
}

/** The storage names LibreChat releases accept for `fileStrategy`. */
const libreChatStrategies: ReadonlySet<string> = new Set(['local', 's3', 'firebase', 'azure_blob', 'azure', 'cloudfront', 'openai', 'vectordb']);

/**
 * What each storage is set up with: `local` its folder under the data dir; cloud storages the environment
 * as it was at boot, from which their settings schemas read their own variables (FIREBASE_*, …), so a
 * missing one stops the start with its name.
 */
function storageSettings(app: FileStorageHost, name: string): unknown {
  return name === 'local' ? { uploadsDir: join(app.config.dataDir, 'uploads') } : app.config.rawEnv;
}
