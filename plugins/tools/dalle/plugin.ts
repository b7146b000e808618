import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { createDalleTool } from './dalle-tool.js';
import { dalleSettingsSchema, type DalleSettings } from './settings.js';

/** LibreChat's `dalle` tool (DALL-E-3 or a gpt-image model, through the OpenAI SDK). */
export const dalleToolPlugin: PluginDefinition<'tool', DalleSettings> = {
  name: 'dalle',
  kind: 'tool',
  configSchema: dalleSettingsSchema,
  setup: ({ settings }) => createDalleTool(settings),
};
