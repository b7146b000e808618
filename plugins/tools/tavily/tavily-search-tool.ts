import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { formatSearchHits } from '../shared/search-results.js';
import { requestServiceJson } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface TavilySearchSettings {
  /** Tavily's API origin, without a trailing slash. */
  baseUrl: string;
}

const SERVICE = 'Tavily';

/** LibreChat's `tavily_search_results_json` parameters; all but `query` go to Tavily as they are. */
const inputSchema = z.object({
  query: z.string().min(1).describe('The search query string.'),
  max_results: z.number().int().min(1).max(10).optional().describe('The maximum number of search results to return. Defaults to 5.'),
  search_depth: z.enum(['basic', 'advanced']).optional().describe('The depth of the search: basic (quick) or advanced (in depth, slower).'),
  include_images: z.boolean().optional().describe('Whether to include a list of query-related images in the response.'),
  include_answer: z.boolean().optional().describe('Whether to include a short answer in the search results.'),
  include_raw_content: z.boolean().optional().describe('Whether to include the raw content of each result.'),
  include_domains: z.array(z.string()).optional().describe('A list of domains to specifically include in the search results.'),
  exclude_domains: z.array(z.string()).optional().describe('A list of domains to specifically exclude from the search results.'),
});

const answerSchema = z.object({
  answer: z.string().nullish(),
  results: z.array(z.object({ title: z.string().catch(''), url: z.string().optional(), content: z.string().optional() })),
  images: z.array(z.union([z.string(), z.object({ url: z.string() })])).optional().catch(undefined),
});

/** Tavily's errors are `{ detail: { error } }`. */
const tavilyError = (body: unknown) => {
  const parsed = z.object({ detail: z.object({ error: z.string() }) }).safeParse(body);
  return parsed.success ? parsed.data.detail.error : undefined;
};

/** The most image links listed after the results. */
const MAX_IMAGES = 5;

/** Tavily's search (POST /search, the key as a bearer token). */
export function createTavilySearchTool(settings: TavilySearchSettings): Tool {
  return defineZodTool({
    name: 'tavily_search_results_json',
    manifest: {
      displayName: 'Tavily Search',
      summary: 'Tavily Search is a robust search API tailored specifically for LLM Agents. It seamlessly integrates with diverse data sources to ensure a superior, relevant search experience.',
      icon: '/assets/tools/tavily_search_results_json.svg',
      credentials: [{ authField: 'TAVILY_API_KEY', label: 'Tavily API Key', description: 'Your key from app.tavily.com.' }],
    },
    description: 'A search engine optimized for comprehensive, accurate, and trusted results. Useful for when you need to answer questions about current events.',
    input: inputSchema,
    async execute(parameters, context) {
      const credential = requireCredentials(context, 'Tavily search', ['TAVILY_API_KEY']);
      const answer = await requestServiceJson(context, {
        service: SERVICE,
        url: new URL(`${settings.baseUrl}/search`),
        init: { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${credential('TAVILY_API_KEY')}` }, body: JSON.stringify({ max_results: 5, ...parameters }) },
        secrets: [credential('TAVILY_API_KEY')],
        describeError: tavilyError,
      }, answerSchema);
      const hits = answer.results.map((result) => ({ title: result.title, link: result.url, snippet: result.content }));
      const text = formatSearchHits(hits, { answer: answer.answer ?? undefined, nothing: `Tavily found nothing for "${parameters.query}".` });
      const images = (answer.images ?? []).slice(0, MAX_IMAGES).map((image) => (typeof image === 'string' ? image : image.url));
      return [{ type: 'text', text: images.length > 0 ? `${text}\n\nImages:\n${images.map((image) => `- ${image}`).join('\n')}` : text }];
    },
  });
}
