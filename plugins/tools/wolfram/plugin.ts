import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { baseUrlSetting } from '../shared/tool-settings.js';
import { createWolframTool, type WolframSettings } from './wolfram-tool.js';

/** WOLFRAM_BASE_URL: the Wolfram|Alpha API's origin, for a test's fake; the real one by default. */
const wolframSettingsSchema = z
  .object({ WOLFRAM_BASE_URL: baseUrlSetting('WOLFRAM_BASE_URL', 'https://www.wolframalpha.com') })
  .transform((settings): WolframSettings => ({ baseUrl: settings.WOLFRAM_BASE_URL }));

/** LibreChat's `wolfram` tool: the Wolfram|Alpha LLM API (WOLFRAM_APP_ID). */
export const wolframToolPlugin: PluginDefinition<'tool', WolframSettings> = {
  name: 'wolfram',
  kind: 'tool',
  configSchema: wolframSettingsSchema,
  setup: ({ settings }) => createWolframTool(settings),
};
