import { z } from 'zod';
import type { Tool } from '../../../core/plugin-api/index.js';
import { formatSearchHits } from '../shared/search-results.js';
import { requestServiceJson } from '../shared/service-request.js';
import { requireCredentials } from '../shared/tool-credentials.js';
import { defineZodTool } from '../shared/zod-tool-input.js';

export interface TraversaalSearchSettings {
  /** The Ares API's origin, without a trailing slash. */
  baseUrl: string;
}

const SERVICE = 'Traversaal';

/** LibreChat's `traversaal_search`: Ares reads a sentence, not keywords. */
const inputSchema = z.object({
  query: z.string().min(1).describe("A properly written sentence to be interpreted by an AI to search the web according to the user's request."),
});

/** Ares answers a written answer and the pages it used. */
const answerSchema = z.object({
  data: z.object({ response_text: z.string().nullish(), web_url: z.array(z.string()).nullish() }),
});

/** Ares' errors are `{ error }` or `{ message }`. */
const aresError = (body: unknown) => {
  const parsed = z.object({ error: z.string().optional(), message: z.string().optional() }).safeParse(body);
  return parsed.success ? (parsed.data.error ?? parsed.data.message) : undefined;
};

/** Traversaal's Ares live search (POST /live/predict, the key in `x-api-key`, the query as a one-item list). */
export function createTraversaalSearchTool(settings: TraversaalSearchSettings): Tool {
  return defineZodTool({
    name: 'traversaal_search',
    manifest: {
      displayName: 'Traversaal',
      summary: 'Traversaal is a robust search API tailored for LLM Agents. Get an API key here: https://api.traversaal.ai',
      icon: '/assets/tools/traversaal_search.svg',
      credentials: [{ authField: 'TRAVERSAAL_API_KEY', label: 'Traversaal API Key', description: 'Get your API key from api.traversaal.ai.' }],
    },
    description:
      'An AI search engine optimized for comprehensive, accurate, and trusted results. Useful for when you need to answer questions about current events. ' +
      'Input should be a specific sentence the search AI can act on, for example "Find information about the highest mountains in the world."',
    input: inputSchema,
    async execute({ query }, context) {
      const credential = requireCredentials(context, 'Traversaal search', ['TRAVERSAAL_API_KEY']);
      const { data } = await requestServiceJson(context, {
        service: SERVICE,
        url: new URL(`${settings.baseUrl}/live/predict`),
        init: { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': credential('TRAVERSAAL_API_KEY') }, body: JSON.stringify({ query: [query] }) },
        secrets: [credential('TRAVERSAAL_API_KEY')],
        describeError: aresError,
      }, answerSchema);
      const sources = (data.web_url ?? []).map((url) => ({ title: url }));
      return [{ type: 'text', text: formatSearchHits(sources, { answer: data.response_text ?? undefined, nothing: 'No response found in Traversaal API results.' }) }];
    },
  });
}
