import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createOpenAIFileStorage } from './openai-file-storage.js';
import { openAIFileStorageSettingsSchema, type OpenAIFileStorageSettings } from './settings.js';

/** `fileStrategy: openai` and records with `source: 'openai'`: an OpenAI-compatible Files API. */
export const openAIFileStoragePlugin: PluginDefinition<'file-storage', OpenAIFileStorageSettings> = {
  name: 'openai',
  kind: 'file-storage',
  configSchema: openAIFileStorageSettingsSchema,
  setup: ({ settings }) => createOpenAIFileStorage(settings),
};
