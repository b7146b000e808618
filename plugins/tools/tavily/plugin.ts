import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { baseUrlSetting } from '../shared/tool-settings.js';
import { createTavilySearchTool, type TavilySearchSettings } from './tavily-search-tool.js';

/** TAVILY_BASE_URL: Tavily's API origin, for a test's fake; the real one by default. */
const tavilySettingsSchema = z
  .object({ TAVILY_BASE_URL: baseUrlSetting('TAVILY_BASE_URL', 'https://api.tavily.com') })
  .transform((settings): TavilySearchSettings => ({ baseUrl: settings.TAVILY_BASE_URL }));

/** LibreChat's `tavily_search_results_json` tool: Tavily's search API (TAVILY_API_KEY). */
export const tavilySearchToolPlugin: PluginDefinition<'tool', TavilySearchSettings> = {
  name: 'tavily_search_results_json',
  kind: 'tool',
  configSchema: tavilySettingsSchema,
  setup: ({ settings }) => createTavilySearchTool(settings),
};
