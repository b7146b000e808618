import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/**
 * Tavily: POST /search with `Authorization: Bearer <key>` and a JSON body (`query`, `max_results`,
 * `search_depth`, `include_answer`, `include_images` …); answers `{ query, answer, images, results:
 * [{ title, url, content, score }], response_time }`. A missing or wrong key answers 401, errors are
 * Tavily's `{ detail: { error } }`.
 */
export function startFakeTavily(apiKey: string): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      if (request.method !== 'POST' || request.path !== '/search') return notFound(request);
      if (request.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } };
      const body = request.body ?? {};
      if (typeof body.query !== 'string' || body.query === '') return { status: 400, json: { detail: { error: 'Query is missing.' } } };
      const count = typeof body.max_results === 'number' ? body.max_results : 5;
      const results = body.query === 'nothing matches' ? [] : Array.from({ length: count }, (_, index) => ({ title: `${body.query} — source ${index + 1}`, url: `https://news.example/${index + 1}`, content: `Tavily content about ${body.query} (${index + 1}).`, score: 0.9 - index / 10, raw_content: null }));
      return {
        json: {
          query: body.query,
          follow_up_questions: null,
          answer: body.include_answer ? `Tavily's answer about ${body.query}` : null,
          images: body.include_images ? ['https://images.example/1.png', 'https://images.example/2.png'] : [],
          results,
          response_time: 0.42,
        },
      };
    },
    failure: ({ message }) => ({ json: { detail: { error: message ?? 'Internal server error' } } }),
  });
}
