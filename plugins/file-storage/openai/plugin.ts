import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { openAIFileStorageSettingsSchema, type OpenAIFileStorageSettings } from './settings.js';

/** `fileStrategy: openai` and records with `source: 'openai'`: an OpenAI-compatible Files API. */
export const openAIFileStoragePlugin: PluginDefinition<'file-storage', OpenAIFileStorageSettings> = {
  name: 'openai',
  kind: 'file-storage',
  configSchema: openAIFileStorageSettingsSchema,
  // The OpenAI SDK loads only when this strategy is set up.
  setup: async ({ settings }) => (await import('./openai-file-storage.js')).createOpenAIFileStorage(settings),
};
