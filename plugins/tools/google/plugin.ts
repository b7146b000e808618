import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { baseUrlSetting } from '../shared/tool-settings.js';
import { createGoogleSearchTool, type GoogleSearchSettings } from './google-search-tool.js';

/** GOOGLE_SEARCH_BASE_URL: the Custom Search JSON API's origin, for a test's fake; the real one by default. */
const googleSearchSettingsSchema = z
  .object({ GOOGLE_SEARCH_BASE_URL: baseUrlSetting('GOOGLE_SEARCH_BASE_URL', 'https://www.googleapis.com') })
  .transform((settings): GoogleSearchSettings => ({ baseUrl: settings.GOOGLE_SEARCH_BASE_URL }));

/** LibreChat's `google` tool: Google Custom Search (GOOGLE_CSE_ID, GOOGLE_SEARCH_API_KEY). */
export const googleSearchToolPlugin: PluginDefinition<'tool', GoogleSearchSettings> = {
  name: 'google',
  kind: 'tool',
  configSchema: googleSearchSettingsSchema,
  setup: ({ settings }) => createGoogleSearchTool(settings),
};
