import { startFakeToolService, notFound, type FakeToolService } from './fake-tool-service.js';

/** What the fake search service holds: one index of hotel documents, and the key it accepts. */
export interface FakeAzureAiSearchIndex {
  indexName: string;
  apiKey: string;
}

const hotels = [
  { HotelId: '1', HotelName: 'Fjord View', Description: 'A quiet hotel by the fjord.', Category: 'Boutique', Rating: 4.6 },
  { HotelId: '2', HotelName: 'Harbour Inn', Description: 'Rooms over the harbour, close to the fish market.', Category: 'Budget', Rating: 3.9 },
  { HotelId: '3', HotelName: 'Old Town Lodge', Description: 'Timber lodge in the old town.', Category: 'Lodge', Rating: 4.2 },
];

const searchError = (code: string, message: string) => ({ error: { code, message } });

/**
 * Azure AI Search's Search Documents call: POST /indexes/{index}/docs/search?api-version=… with the
 * key in `api-key` and `{ search, queryType, top, select }` (select comma-separated); answers
 * `{ "@odata.context", value: [{ "@search.score", …fields }] }`, documents whose text contains a
 * word of `search` (`*` matches all). A wrong key answers 403 with no body, an unknown index 404,
 * a missing api-version 400, errors `{ error: { code, message } }`, as the service does.
 */
export function startFakeAzureAiSearch(index: FakeAzureAiSearchIndex): Promise<FakeToolService> {
  return startFakeToolService({
    answer(request) {
      const match = /^\/indexes\/([^/]+)\/docs\/search$/.exec(request.path);
      if (request.method !== 'POST' || !match) return notFound(request);
      if (request.headers['api-key'] !== index.apiKey) return { status: 403, text: '' };
      if (!request.query['api-version']) return { status: 400, json: searchError('MissingRequiredParameter', "The request is invalid. Details: The 'api-version' query parameter is missing.") };
      if (decodeURIComponent(match[1]!) !== index.indexName) return { status: 404, json: searchError('ResourceNameNotFound', `The index '${decodeURIComponent(match[1]!)}' for service 'fake' was not found.`) };
      const { search = '*', top = 50, select } = request.body ?? {};
      const words = String(search).toLowerCase().split(/\s+/).filter(Boolean);
      const found = hotels.filter((hotel) => search === '*' || words.some((word) => JSON.stringify(hotel).toLowerCase().includes(word)));
      const fields = typeof select === 'string' ? select.split(',') : undefined;
      const value = found.slice(0, Number(top)).map((hotel, position) => ({
        '@search.score': 1 - position / 10,
        ...(fields ? Object.fromEntries(Object.entries(hotel).filter(([name]) => fields.includes(name))) : hotel),
      }));
      return { json: { '@odata.context': `https://fake.search.windows.net/indexes('${index.indexName}')/$metadata#docs(*)`, value } };
    },
    failure: ({ message, code }) => ({ json: searchError(code ?? 'ServiceUnavailable', message ?? 'Service unavailable') }),
  });
}
