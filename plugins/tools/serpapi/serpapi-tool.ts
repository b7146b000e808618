import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { formatSearchHits } from '../shared/search-results.js';
import { errorFieldMessage, requestServiceJson } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface SerpApiSettings {
  /** SerpApi's origin, without a trailing slash. */
  baseUrl: string;
}

const SERVICE = 'SerpApi';

/**
 * What LibreChat's `serpapi` plugin fixes for every search (handleTools.js): results as seen from
 * Austin, in English, from google.com's US index.
 */
const FIXED_PARAMETERS = { engine: 'google', location: 'Austin,Texas,United States', hl: 'en', gl: 'us' };

/** LangChain's SerpAPI tool, which LibreChat uses: a function named `search` taking one string, `input`. */
const inputSchema = z.object({ input: z.string().min(1).describe('The search query.') });

/** SerpApi's answer: a direct answer box, a knowledge graph, organic results; `error` when Google had none. */
const answerSchema = z.object({
  error: z.string().optional(),
  answer_box: z.object({ answer: z.string().optional(), snippet: z.string().optional(), result: z.string().optional() }).optional().catch(undefined),
  knowledge_graph: z.object({ title: z.string().optional(), description: z.string().optional() }).optional().catch(undefined),
  organic_results: z.array(z.object({ title: z.string().catch(''), link: z.string().optional(), snippet: z.string().optional() })).optional(),
});

/** SerpApi's Google search (GET /search.json, `api_key` in the query). */
export function createSerpApiTool(settings: SerpApiSettings): Tool {
  return defineZodTool({
    name: 'search',
    manifest: {
      displayName: 'Serpapi',
      summary: 'SerpApi is a real-time API to access search engine results.',
      icon: '/assets/tools/serpapi.svg',
      credentials: [{ authField: 'SERPAPI_API_KEY', label: 'Serpapi Private API Key', description: 'Your private key from serpapi.com/manage-api-key.' }],
    },
    description: 'A search engine. Useful for when you need to answer questions about current events. Input should be a search query.',
    input: inputSchema,
    async execute({ input: query }, context) {
      const credential = requireCredentials(context, 'SerpApi search', ['SERPAPI_API_KEY']);
      const url = new URL(`${settings.baseUrl}/search.json`);
      url.search = new URLSearchParams({ ...FIXED_PARAMETERS, q: query, api_key: credential('SERPAPI_API_KEY') }).toString();
      const answer = await requestServiceJson(context, { service: SERVICE, url, secrets: [credential('SERPAPI_API_KEY')], describeError: errorFieldMessage }, answerSchema);
      const direct = answer.answer_box?.answer ?? answer.answer_box?.result ?? answer.answer_box?.snippet ?? answer.knowledge_graph?.description;
      // With status 200, `error` is SerpApi's "Google hasn't returned any results for this query.": no results, not a failure.
      return [{ type: 'text', text: formatSearchHits(answer.organic_results ?? [], { answer: direct, nothing: answer.error ?? `No results for "${query}".` }) }];
    },
  });
}
