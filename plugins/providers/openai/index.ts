import type { ChatProvider, PluginDefinition } from '../../../core/plugin-api/index.js';
import { createOpenAIProvider } from './openai-provider.js';
import { openAISettingsSchema, type ResolvedOpenAISettings } from './settings.js';

export { createOpenAIProvider } from './openai-provider.js';
export { defaultOpenAIModels, openAISettingsSchema, type OpenAISettings, type ResolvedOpenAISettings } from './settings.js';

export const openAIProviderPlugin: PluginDefinition<ResolvedOpenAISettings, ChatProvider> = {
  name: 'openAI',
  kind: 'provider',
  configSchema: openAISettingsSchema,
  setup: ({ settings, log }) => createOpenAIProvider(settings, log),
};
