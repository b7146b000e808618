import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../../core/plugin-api/index.js';
import { startFakeAzureAiSearch } from '../../../testing/fake-tool-services/azure-ai-search.js';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { azureAiSearchToolPlugin } from './plugin.js';

const index = { indexName: 'hotels-sample-index', apiKey: 'azs-admin-key-5' };
const credentialsFor = (fake: FakeToolService) => ({ AZURE_AI_SEARCH_SERVICE_ENDPOINT: `${fake.url}/`, AZURE_AI_SEARCH_INDEX_NAME: index.indexName, AZURE_AI_SEARCH_API_KEY: index.apiKey });
const setup = (environment: Record<string, string> = {}) => setUpTool(azureAiSearchToolPlugin, environment);
const textOf = (output: Awaited<ReturnType<Tool['execute']>>) => (output[0]?.type === 'text' ? output[0].text : '');

describe('the azure-ai-search tool', () => {
  let fake: FakeToolService;
  beforeAll(async () => {
    fake = await startFakeAzureAiSearch(index);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.control.reset());

  it('is LibreChat\'s `azure-ai-search` with its three credential fields and a `query`', async () => {
    const tool = await setup();
    expect(tool.name).toBe('azure-ai-search');
    expect(tool.manifest.credentials.map((field) => field.authField)).toEqual(['AZURE_AI_SEARCH_SERVICE_ENDPOINT', 'AZURE_AI_SEARCH_INDEX_NAME', 'AZURE_AI_SEARCH_API_KEY']);
    expect(tool.inputSchema).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });
  });

  it('searches the index with LibreChat\'s defaults (2023-11-01, simple, top 5) and answers the documents as JSON lines', async () => {
    const output = await (await setup()).execute({ query: 'fjord' }, toolTestContext(fake, credentialsFor(fake)));
    expect(fake.control.lastRequest).toMatchObject({
      method: 'POST',
      path: '/indexes/hotels-sample-index/docs/search',
      query: { 'api-version': '2023-11-01' },
      headers: { 'api-key': index.apiKey },
      body: { search: 'fjord', queryType: 'simple', top: 5 },
    });
    expect(fake.control.lastRequest!.body).not.toHaveProperty('select');
    expect(textOf(output)).toBe('{"@search.score":1,"HotelId":"1","HotelName":"Fjord View","Description":"A quiet hotel by the fjord.","Category":"Boutique","Rating":4.6}');
  });

  it('sends the AZURE_AI_SEARCH_* query options the operator set', async () => {
    const tool = await setup({ AZURE_AI_SEARCH_API_VERSION: '2024-07-01', AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE: 'full', AZURE_AI_SEARCH_SEARCH_OPTION_TOP: '2', AZURE_AI_SEARCH_SEARCH_OPTION_SELECT: 'HotelName, Rating' });
    const output = await tool.execute({ query: '*' }, toolTestContext(fake, credentialsFor(fake)));
    expect(fake.control.lastRequest).toMatchObject({ query: { 'api-version': '2024-07-01' }, body: { search: '*', queryType: 'full', top: 2, select: 'HotelName,Rating' } });
    expect(textOf(output)).toBe('{"@search.score":1,"HotelName":"Fjord View","Rating":4.6}\n{"@search.score":0.9,"HotelName":"Harbour Inn","Rating":3.9}');
  });

  it('refuses query options that are not valid at start, naming the variable', () => {
    expect(settingsProblems(azureAiSearchToolPlugin, { AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE: 'fuzzy' })).toEqual(['AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE must be simple, full or semantic']);
    expect(settingsProblems(azureAiSearchToolPlugin, { AZURE_AI_SEARCH_SEARCH_OPTION_TOP: 'many' })).toEqual(['AZURE_AI_SEARCH_SEARCH_OPTION_TOP must be a whole number from 1 to 1000']);
    expect(settingsProblems(azureAiSearchToolPlugin, { AZURE_AI_SEARCH_SEARCH_OPTION_TOP: '0' })).toEqual(['AZURE_AI_SEARCH_SEARCH_OPTION_TOP must be a whole number from 1 to 1000']);
  });

  it('says when no document matched', async () => {
    expect(textOf(await (await setup()).execute({ query: 'casino' }, toolTestContext(fake, credentialsFor(fake))))).toBe('Azure AI Search found no documents for "casino".');
  });

  it('turns an unknown index and an endpoint that is not a URL into clear errors', async () => {
    const tool = await setup();
    await expect(tool.execute({ query: 'x' }, toolTestContext(fake, { ...credentialsFor(fake), AZURE_AI_SEARCH_INDEX_NAME: 'nope' }))).rejects.toThrow("Azure AI Search answered 404: The index 'nope' for service 'fake' was not found.");
    await expect(tool.execute({ query: 'x' }, toolTestContext(fake, { ...credentialsFor(fake), AZURE_AI_SEARCH_SERVICE_ENDPOINT: 'not a url' }))).rejects.toThrow('AZURE_AI_SEARCH_SERVICE_ENDPOINT is not a URL: "not a url"');
  });

  it('refuses a wrong key (403 without a body) clearly', async () => {
    await expect((await setup()).execute({ query: 'x' }, toolTestContext(fake, { ...credentialsFor(fake), AZURE_AI_SEARCH_API_KEY: 'wrong' }))).rejects.toThrow(/^Azure AI Search refused the credentials \(403\)$/);
  });
});

describeToolServiceFailures({ start: () => startFakeAzureAiSearch(index), setup: () => setup(), credentials: credentialsFor, input: { query: 'fjord' }, service: 'Azure AI Search' });
