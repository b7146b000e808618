import type { ChatProvider, PluginDefinition } from '../../../core/plugin-api/index.js';
import { createAzureOpenAIProvider } from './azure-openai-provider.js';
import { azureOpenAISettingsSchema, type ResolvedAzureOpenAISettings } from './settings.js';

export { createAzureOpenAIProvider } from './azure-openai-provider.js';
export { resolveAzureTarget, type AzureTarget } from './resolve-target.js';
export {
  azureGroupSettingsSchema,
  azureOpenAISettingsSchema,
  type AzureGroupSettings,
  type AzureOpenAISettings,
  type ResolvedAzureOpenAISettings,
} from './settings.js';

export const azureOpenAIProviderPlugin: PluginDefinition<ResolvedAzureOpenAISettings, ChatProvider> = {
  name: 'azureOpenAI',
  kind: 'provider',
  configSchema: azureOpenAISettingsSchema,
  setup: ({ settings }) => createAzureOpenAIProvider(settings),
};
