import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { formatSearchHits } from '../shared/search-results.js';
import { errorFieldMessage, requestServiceJson } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface GoogleSearchSettings {
  /** The Custom Search JSON API's origin, without a trailing slash. */
  baseUrl: string;
}

const SERVICE = 'Google Custom Search';

/** LibreChat's `google` function: a query and how many results (1–10, five unless asked). */
const inputSchema = z.object({
  query: z.string().min(1).describe('The search query string.'),
  max_results: z.number().int().min(1).max(10).optional().describe('The maximum number of search results to return. Defaults to 5.'),
});

/** The fields of a Custom Search answer the tool reads; `items` is absent when nothing matched. */
const answerSchema = z.object({
  items: z.array(z.object({ title: z.string().catch(''), link: z.string().optional(), snippet: z.string().optional() })).optional(),
});

/**
 * Google Custom Search through its JSON API (GET /customsearch/v1 with `key`, `cx`, `q`, `num`):
 * each hit's title, link and snippet. LibreChat's tool goes on to download every result page; this
 * one answers the snippets, which keeps a call to one request and within the output budget.
 */
export function createGoogleSearchTool(settings: GoogleSearchSettings): Tool {
  return defineZodTool({
    name: 'google',
    manifest: {
      displayName: 'Google',
      summary: 'Use Google Search to find information about the weather, news, sports, and more.',
      icon: '/assets/tools/google.svg',
      credentials: [
        { authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID', description: 'The ID of your Programmable Search Engine (cx), from programmablesearchengine.google.com.' },
        { authField: 'GOOGLE_SEARCH_API_KEY', label: 'Google API Key', description: 'An API key of a Google Cloud project with the Custom Search API enabled.' },
      ],
    },
    description: 'A search engine optimized for comprehensive, accurate, and trusted results. Useful for when you need to answer questions about current events.',
    input: inputSchema,
    async execute({ query, max_results: count = 5 }, context) {
      const credential = requireCredentials(context, 'Google search', ['GOOGLE_CSE_ID', 'GOOGLE_SEARCH_API_KEY']);
      const url = new URL(`${settings.baseUrl}/customsearch/v1`);
      url.search = new URLSearchParams({ key: credential('GOOGLE_SEARCH_API_KEY'), cx: credential('GOOGLE_CSE_ID'), q: query, num: String(count) }).toString();
      const { items = [] } = await requestServiceJson(context, { service: SERVICE, url, secrets: [credential('GOOGLE_SEARCH_API_KEY')], describeError: errorFieldMessage }, answerSchema);
      return [{ type: 'text', text: formatSearchHits(items, { nothing: `Google found nothing for "${query}".` }) }];
    },
  });
}
