/**
 * The built-in model providers, listed explicitly (no globbing). plugins/index.ts includes them.
 * Every setup returns a ChatProvider; `custom` is set up once per `endpoints.custom[]` entry.
 */
import type { ChatProvider, PluginDefinition } from '../../core/plugin-api/index.js';
import { anthropicProviderPlugin } from './anthropic/index.js';
import { azureOpenAIProviderPlugin } from './azure-openai/index.js';
import { customProviderPlugin } from './custom/index.js';
import { googleProviderPlugin } from './google/index.js';
import { openAIProviderPlugin } from './openai/index.js';

export { anthropicProviderPlugin, azureOpenAIProviderPlugin, customProviderPlugin, googleProviderPlugin, openAIProviderPlugin };
export { createAnthropicProvider, type AnthropicSettings } from './anthropic/index.js';
export { createAzureOpenAIProvider, type AzureOpenAISettings } from './azure-openai/index.js';
export { createCustomProvider, type CustomEndpointSettings } from './custom/index.js';
export { createGoogleProvider, type GoogleSettings } from './google/index.js';
export { createOpenAIProvider, type OpenAISettings } from './openai/index.js';

export const providerPlugins: Array<PluginDefinition<unknown, ChatProvider>> = [
  openAIProviderPlugin,
  azureOpenAIProviderPlugin,
  anthropicProviderPlugin,
  googleProviderPlugin,
  customProviderPlugin,
];
