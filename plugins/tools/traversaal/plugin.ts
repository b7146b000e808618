import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { baseUrlSetting } from '../shared/tool-settings.js';
import { createTraversaalSearchTool, type TraversaalSearchSettings } from './traversaal-search-tool.js';

/** TRAVERSAAL_BASE_URL: the Ares API's origin, for a test's fake; the real one by default. */
const traversaalSettingsSchema = z
  .object({ TRAVERSAAL_BASE_URL: baseUrlSetting('TRAVERSAAL_BASE_URL', 'https://api-ares.traversaal.ai') })
  .transform((settings): TraversaalSearchSettings => ({ baseUrl: settings.TRAVERSAAL_BASE_URL }));

/** LibreChat's `traversaal_search` tool: Traversaal's Ares search (TRAVERSAAL_API_KEY). */
export const traversaalSearchToolPlugin: PluginDefinition<'tool', TraversaalSearchSettings> = {
  name: 'traversaal_search',
  kind: 'tool',
  configSchema: traversaalSettingsSchema,
  setup: ({ settings }) => createTraversaalSearchTool(settings),
};
