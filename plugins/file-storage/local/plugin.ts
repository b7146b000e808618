import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createLocalFileStorage } from './local-file-storage.js';
import { localFileStorageSettingsSchema, type LocalFileStorageSettings } from './settings.js';

/** `fileStrategy: local` (LibreChat's default): files on the server's disk, under the data dir. */
export const localFileStoragePlugin: PluginDefinition<'file-storage', LocalFileStorageSettings> = {
  name: 'local',
  kind: 'file-storage',
  configSchema: localFileStorageSettingsSchema,
  setup: ({ settings }) => createLocalFileStorage(settings),
};
