import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/**
 * SerpApi: GET /search.json with `engine`, `q`, `api_key` (and `location`, `hl`, `gl`) in the query;
 * `organic_results` (position, title, link, snippet) and, for a query starting "what is", an
 * `answer_box`. A wrong key answers 401 `{ error }`; the query `nothing matches` answers 200 with
 * only SerpApi's "no results" `error`, as the real service does.
 */
export function startFakeSerpApi(apiKey: string): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      if (request.method !== 'GET' || request.path !== '/search.json') return notFound(request);
      const { api_key: key, q = '', engine } = request.query;
      if (key !== apiKey) return { status: 401, json: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } };
      if (engine !== 'google') return { status: 400, json: { error: 'Unsupported `engine` search engine.' } };
      const search_metadata = { id: 'fake-search', status: 'Success' };
      const search_parameters = { engine, q, location_requested: request.query.location, hl: request.query.hl, gl: request.query.gl };
      if (q === 'nothing matches') return { json: { search_metadata, search_parameters, error: "Google hasn't returned any results for this query." } };
      const organic_results = [1, 2, 3].map((position) => ({ position, title: `${q} — result ${position}`, link: `https://example.org/${position}`, snippet: `What SerpApi found about ${q} (${position}).` }));
      const answer_box = q.startsWith('what is') ? { type: 'organic_result', answer: `The answer to ${q}` } : undefined;
      return { json: { search_metadata, search_parameters, answer_box, organic_results } };
    },
    failure: ({ message }) => ({ json: { error: message ?? 'Internal error.' } }),
  });
}
