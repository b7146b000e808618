import type { PluginDefinition } from '../core/plugin-api/index.js';
import { anthropicProviderPlugin } from './providers/anthropic/index.js';
import { azureOpenAIProviderPlugin } from './providers/azure-openai/index.js';
import { customProviderPlugin } from './providers/custom/index.js';
import { openAIProviderPlugin } from './providers/openai/index.js';

/** Every built-in plugin, listed explicitly: no globbing, so the build sees them all. */
export const builtInPlugins = [openAIProviderPlugin, azureOpenAIProviderPlugin, anthropicProviderPlugin, customProviderPlugin] as PluginDefinition[];
