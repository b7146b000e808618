export { createAzureOpenAIProvider } from './azure-openai-provider.js';
export { resolveAzureTarget, type AzureTarget } from './resolve-target.js';
export {
  azureGroupSettingsSchema,
  azureOpenAISettingsSchema,
  type AzureGroupSettings,
  type AzureOpenAISettings,
  type ResolvedAzureOpenAISettings,
} from './settings.js';
export { azureOpenAIProviderPlugin } from './plugin.js';
