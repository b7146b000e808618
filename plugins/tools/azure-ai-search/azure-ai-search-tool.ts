import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { MAX_SEARCH_TEXT } from '../shared/search-results.js';
import { errorFieldMessage, requestServiceJson } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface AzureAiSearchSettings {
  apiVersion: string;
  queryType: 'simple' | 'full' | 'semantic';
  top: number;
  /** The fields each document answers; all retrievable ones when absent. */
  select?: string[];
}

const SERVICE = 'Azure AI Search';

/** The most of one document the model sees: an index may store whole pages in a field. */
const MAX_DOCUMENT_CHARS = 2_000;

const inputSchema = z.object({ query: z.string().min(1).describe('Search word or phrase to Azure AI Search') });

const answerSchema = z.object({ value: z.array(z.record(z.string(), z.unknown())) });

/**
 * Azure AI Search's Search Documents REST call (POST {endpoint}/indexes/{index}/docs/search with
 * `api-version`, the key in `api-key`), which LibreChat makes through @azure/search-documents. The
 * endpoint is a user's credential, so it goes through the guarded fetch like any supplied URL.
 */
export function createAzureAiSearchTool(settings: AzureAiSearchSettings): Tool {
  return defineZodTool({
    name: 'azure-ai-search',
    manifest: {
      displayName: 'Azure AI Search',
      summary: 'Use Azure AI Search to find information',
      icon: '/assets/tools/azure-ai-search.svg',
      credentials: [
        { authField: 'AZURE_AI_SEARCH_SERVICE_ENDPOINT', label: 'Azure AI Search Endpoint', description: 'The URL of your search service, for example https://example.search.windows.net.' },
        { authField: 'AZURE_AI_SEARCH_INDEX_NAME', label: 'Azure AI Search Index Name', description: 'The name of the index to search.' },
        { authField: 'AZURE_AI_SEARCH_API_KEY', label: 'Azure AI Search API Key', description: 'A query or admin key of the search service (its value, not its name).' },
      ],
    },
    description: "Use the 'azure-ai-search' tool to retrieve search results relevant to your input",
    input: inputSchema,
    async execute({ query }, context) {
      const credential = requireCredentials(context, 'Azure AI Search', ['AZURE_AI_SEARCH_SERVICE_ENDPOINT', 'AZURE_AI_SEARCH_INDEX_NAME', 'AZURE_AI_SEARCH_API_KEY']);
      const url = searchUrl(credential('AZURE_AI_SEARCH_SERVICE_ENDPOINT'), credential('AZURE_AI_SEARCH_INDEX_NAME'), settings.apiVersion);
      const { value } = await requestServiceJson(context, {
        service: SERVICE,
        url,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'api-key': credential('AZURE_AI_SEARCH_API_KEY') },
          body: JSON.stringify({ search: query, queryType: settings.queryType, top: settings.top, ...(settings.select ? { select: settings.select.join(',') } : {}) }),
        },
        secrets: [credential('AZURE_AI_SEARCH_API_KEY')],
        describeError: errorFieldMessage,
      }, answerSchema);
      return [{ type: 'text', text: value.length === 0 ? `Azure AI Search found no documents for "${query}".` : formatDocuments(value) }];
    },
  });
}

function searchUrl(endpoint: string, indexName: string, apiVersion: string): URL {
  let url: URL;
  try {
    url = new URL(`${endpoint.replace(/\/+$/, '')}/indexes/${encodeURIComponent(indexName)}/docs/search`);
  } catch {
    throw new Error(`AZURE_AI_SEARCH_SERVICE_ENDPOINT is not a URL: "${endpoint}"`);
  }
  url.searchParams.set('api-version', apiVersion);
  return url;
}

/**
 * The documents as JSON, one a line, as LibreChat answers them (its tool stringifies the documents),
 * each cut to MAX_DOCUMENT_CHARS and all within MAX_SEARCH_TEXT; the `@search.*` annotations other
 * than the score are left out.
 */
function formatDocuments(documents: Array<Record<string, unknown>>): string {
  const lines: string[] = [];
  let length = 0;
  for (const document of documents) {
    const fields = Object.fromEntries(Object.entries(document).filter(([name]) => !name.startsWith('@search.') || name === '@search.score'));
    const json = JSON.stringify(fields);
    const line = json.length > MAX_DOCUMENT_CHARS ? `${json.slice(0, MAX_DOCUMENT_CHARS - 1)}…` : json;
    if (length + line.length + 1 > MAX_SEARCH_TEXT) break;
    lines.push(line);
    length += line.length + 1;
  }
  if (lines.length < documents.length) lines.push(`(${documents.length - lines.length} more documents left out)`);
  return lines.join('\n');
}
