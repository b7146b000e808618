import type { ChatProvider, PluginDefinition } from '../../../core/plugin-api/index.js';
import { createAnthropicProvider } from './anthropic-provider.js';
import { anthropicSettingsSchema, type ResolvedAnthropicSettings } from './settings.js';

export { createAnthropicProvider } from './anthropic-provider.js';
export { anthropicSettingsSchema, defaultAnthropicModels, type AnthropicSettings, type ResolvedAnthropicSettings } from './settings.js';

export const anthropicProviderPlugin: PluginDefinition<ResolvedAnthropicSettings, ChatProvider> = {
  name: 'anthropic',
  kind: 'provider',
  configSchema: anthropicSettingsSchema,
  setup: ({ settings, log }) => createAnthropicProvider(settings, log),
};
