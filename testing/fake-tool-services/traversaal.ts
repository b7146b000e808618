import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/**
 * Traversaal's Ares API: POST /live/predict with `x-api-key` and `{ query: [sentence] }`; answers
 * `{ data: { response_text, web_url: [...] } }`. A wrong key answers 403 `{ message: "Forbidden" }`
 * (its API gateway's answer); the sentence `nothing matches` answers an empty response.
 */
export function startFakeTraversaal(apiKey: string): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      if (request.method !== 'POST' || request.path !== '/live/predict') return notFound(request);
      if (request.headers['x-api-key'] !== apiKey) return { status: 403, json: { message: 'Forbidden' } };
      const query = request.body?.query;
      if (!Array.isArray(query) || typeof query[0] !== 'string') return { status: 422, json: { error: 'query must be a list of strings' } };
      if (query[0] === 'nothing matches') return { json: { data: { response_text: '', web_url: [] } } };
      return { json: { data: { response_text: `Ares says: ${query[0]} is well documented.`, web_url: ['https://source.example/a', 'https://source.example/b'] } } };
    },
    failure: ({ message }) => ({ json: { error: message ?? 'Internal Server Error' } }),
  });
}
