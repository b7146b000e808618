import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/** What the fake Custom Search accepts. */
export interface FakeGoogleSearchKeys {
  apiKey: string;
  cseId: string;
}

const googleError = (code: number, message: string, status: string) => ({ error: { code, message, errors: [{ message, domain: 'global', reason: status.toLowerCase() }], status } });

/**
 * Google's Custom Search JSON API: GET /customsearch/v1 with `key`, `cx`, `q` and `num` (1–10) in the
 * query; hits in `items` (title, link, snippet, displayLink), no `items` at all when the query is
 * `nothing matches`. A wrong key answers 400 API_KEY_INVALID as Google does; errors are Google's
 * `{ error: { code, message, errors, status } }`.
 */
export function startFakeGoogleCustomSearch(keys: FakeGoogleSearchKeys): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      if (request.method !== 'GET' || request.path !== '/customsearch/v1') return notFound(request);
      const { key, cx, q, num = '10' } = request.query;
      if (key !== keys.apiKey) return { status: 400, json: googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT') };
      if (cx !== keys.cseId) return { status: 400, json: googleError(400, 'Request contains an invalid argument.', 'INVALID_ARGUMENT') };
      const count = Number(num);
      if (!Number.isInteger(count) || count < 1 || count > 10) return { status: 400, json: googleError(400, 'Invalid value at \'num\'', 'INVALID_ARGUMENT') };
      const searchInformation = { searchTime: 0.21, formattedSearchTime: '0.21', totalResults: q === 'nothing matches' ? '0' : '1230', formattedTotalResults: '1,230' };
      if (q === 'nothing matches') return { json: { kind: 'customsearch#search', queries: { request: [{ searchTerms: q }] }, searchInformation } };
      const items = Array.from({ length: count }, (_, index) => ({
        kind: 'customsearch#result',
        title: `${q} — result ${index + 1}`,
        htmlTitle: `<b>${q}</b> — result ${index + 1}`,
        link: `https://example.com/${index + 1}`,
        displayLink: 'example.com',
        snippet: `A snippet about ${q}, number ${index + 1}.`,
      }));
      return { json: { kind: 'customsearch#search', queries: { request: [{ searchTerms: q, count }] }, searchInformation, items } };
    },
    failure: ({ status, message, type }) => ({ json: googleError(status, message ?? 'The service is unavailable.', type ?? 'UNAVAILABLE') }),
  });
}
