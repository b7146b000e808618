import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createDallETool } from './dall-e-tool.js';
import { dallESettingsSchema, type DallESettings } from './settings.js';

/** LibreChat's `dall-e` tool (DALL-E 2, through the OpenAI SDK). */
export const dallEToolPlugin: PluginDefinition<'tool', DallESettings> = {
  name: 'dall-e',
  kind: 'tool',
  configSchema: dallESettingsSchema,
  setup: ({ settings }) => createDallETool(settings),
};
