import { z } from 'zod';
import type { PluginDefinition } from '../../../core/plugin-api/index.js';
import { commaList, environmentText } from '../../shared/environment-text.js';
import { createAzureAiSearchTool, type AzureAiSearchSettings } from './azure-ai-search-tool.js';

/**
 * The query options LibreChat reads from the environment (the service endpoint, index and key are
 * credentials, per user or from the environment): AZURE_AI_SEARCH_API_VERSION (2023-11-01),
 * AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE (simple, full or semantic; simple),
 * AZURE_AI_SEARCH_SEARCH_OPTION_TOP (5) and AZURE_AI_SEARCH_SEARCH_OPTION_SELECT (fields, comma-separated).
 */
const azureAiSearchSettingsSchema = z
  .object({
    AZURE_AI_SEARCH_API_VERSION: environmentText.transform((value) => value ?? '2023-11-01'),
    AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE: environmentText.pipe(z.enum(['simple', 'full', 'semantic'], { error: 'AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE must be simple, full or semantic' }).optional()),
    AZURE_AI_SEARCH_SEARCH_OPTION_TOP: environmentText
      .refine((value) => value === undefined || (/^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000), 'AZURE_AI_SEARCH_SEARCH_OPTION_TOP must be a whole number from 1 to 1000')
      .transform((value) => (value === undefined ? undefined : Number(value))),
    AZURE_AI_SEARCH_SEARCH_OPTION_SELECT: environmentText,
  })
  .transform(
    (settings): AzureAiSearchSettings => ({
      apiVersion: settings.AZURE_AI_SEARCH_API_VERSION,
      queryType: settings.AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE ?? 'simple',
      top: settings.AZURE_AI_SEARCH_SEARCH_OPTION_TOP ?? 5,
      select: commaList(settings.AZURE_AI_SEARCH_SEARCH_OPTION_SELECT),
    }),
  );

/** LibreChat's `azure-ai-search` tool: a query against one Azure AI Search index. */
export const azureAiSearchToolPlugin: PluginDefinition<'tool', AzureAiSearchSettings> = {
  name: 'azure-ai-search',
  kind: 'tool',
  configSchema: azureAiSearchSettingsSchema,
  setup: ({ settings }) => createAzureAiSearchTool(settings),
};
