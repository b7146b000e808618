import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { baseUrlSetting } from '../shared/tool-settings.js';
import { createSerpApiTool, type SerpApiSettings } from './serpapi-tool.js';

/** SERPAPI_BASE_URL: SerpApi's origin, for a test's fake; the real one by default. */
const serpApiSettingsSchema = z
  .object({ SERPAPI_BASE_URL: baseUrlSetting('SERPAPI_BASE_URL', 'https://serpapi.com') })
  .transform((settings): SerpApiSettings => ({ baseUrl: settings.SERPAPI_BASE_URL }));

/** LibreChat's `serpapi` tool: Google results through SerpApi (SERPAPI_API_KEY). */
export const serpApiToolPlugin: PluginDefinition<'tool', SerpApiSettings> = {
  name: 'serpapi',
  kind: 'tool',
  configSchema: serpApiSettingsSchema,
  setup: ({ settings }) => createSerpApiTool(settings),
};
