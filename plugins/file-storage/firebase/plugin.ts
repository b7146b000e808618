import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createFirebaseFileStorage } from './firebase-file-storage.js';
import { firebaseFileStorageSettingsSchema, type FirebaseFileStorageSettings } from './settings.js';

/** `fileStrategy: firebase`: Firebase Storage through the official Firebase web SDK, as LibreChat. */
export const firebaseFileStoragePlugin: PluginDefinition<'file-storage', FirebaseFileStorageSettings> = {
  name: 'firebase',
  kind: 'file-storage',
  configSchema: firebaseFileStorageSettingsSchema,
  setup: ({ settings }) => createFirebaseFileStorage(settings),
};
