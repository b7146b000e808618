import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { s3FileStorageSettingsSchema, type S3FileStorageSettings } from './settings.js';

/** `fileStrategy: s3`: files in an S3 bucket (or an S3-compatible store at AWS_ENDPOINT_URL). */
export const s3FileStoragePlugin: PluginDefinition<'file-storage', S3FileStorageSettings> = {
  name: 's3',
  kind: 'file-storage',
  configSchema: s3FileStorageSettingsSchema,
  // The AWS SDK (about 26 MB) loads only when the s3 strategy is set up.
  setup: async ({ settings }) => (await import('./s3-file-storage.js')).createS3FileStorage(settings),
};
