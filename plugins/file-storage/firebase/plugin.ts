import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { firebaseFileStorageSettingsSchema, type FirebaseFileStorageSettings } from './settings.js';

/** `fileStrategy: firebase`: Firebase Storage through the official Firebase web SDK, as LibreChat. */
export const firebaseFileStoragePlugin: PluginDefinition<'file-storage', FirebaseFileStorageSettings> = {
  name: 'firebase',
  kind: 'file-storage',
  configSchema: firebaseFileStorageSettingsSchema,
  // The Firebase SDK loads only when this strategy is set up.
  setup: async ({ settings }) => (await import('./firebase-file-storage.js')).createFirebaseFileStorage(settings),
};
