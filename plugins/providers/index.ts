/**
 * The built-in model providers, listed explicitly (no globbing). plugins/index.ts includes them.
 * Each says through its `discovery` which endpoints the environment and librechat.yaml turn on, so a
 * new provider is its folder plus one line here. Every setup returns a ChatProvider; `custom` is set
 * up once per `endpoints.custom[]` entry.
 */
import type { PluginDefinition } from '../../core/plugin-api/index.js';
import { anthropicProviderPlugin } from './anthropic/plugin.js';
import { assistantsProviderPlugin } from './assistants/plugin.js';
import { azureOpenAIProviderPlugin } from './azure-openai/plugin.js';
import { bingProviderPlugin } from './bing-ai/plugin.js';
import { chatGPTBrowserProviderPlugin } from './chatgpt-browser/plugin.js';
import { customProviderPlugin } from './custom/plugin.js';
import { googleProviderPlugin } from './google/plugin.js';
import { openAIProviderPlugin } from './openai/plugin.js';

export { anthropicProviderPlugin, assistantsProviderPlugin, azureOpenAIProviderPlugin, bingProviderPlugin, chatGPTBrowserProviderPlugin, customProviderPlugin, googleProviderPlugin, openAIProviderPlugin };
// Types only: the factories stay in each provider's index, so importing this list loads no SDK.
export type { AnthropicSettings } from './anthropic/index.js';
export type { AzureOpenAISettings } from './azure-openai/index.js';
export type { BingSettings } from './bing-ai/index.js';
export type { ChatGPTBrowserSettings } from './chatgpt-browser/index.js';
export type { CustomEndpointSettings } from './custom/index.js';
export type { GoogleSettings } from './google/index.js';
export type { OpenAISettings } from './openai/index.js';

export const providerPlugins: Array<PluginDefinition<'provider'>> = [
  openAIProviderPlugin,
  assistantsProviderPlugin,
  azureOpenAIProviderPlugin,
  anthropicProviderPlugin,
  googleProviderPlugin,
  bingProviderPlugin,
  chatGPTBrowserProviderPlugin,
  customProviderPlugin,
];
