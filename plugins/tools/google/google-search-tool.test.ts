import { describe, expect, it } from 'vitest';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { startFakeGoogleCustomSearch } from '../../../testing/fake-tool-services/google-custom-search.js';
import { toolAgainstFake } from '../../../testing/fake-tool-services/tool-against-fake.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { googleSearchToolPlugin } from './plugin.js';

const keys = { apiKey: 'AIza-test-key-123', cseId: 'cse-0123' };
const credentials = { GOOGLE_CSE_ID: keys.cseId, GOOGLE_SEARCH_API_KEY: keys.apiKey };
const setup = (fake: FakeToolService) => setUpTool(googleSearchToolPlugin, { GOOGLE_SEARCH_BASE_URL: fake.url });

describe('the google tool', () => {
  const running = toolAgainstFake(() => startFakeGoogleCustomSearch(keys), setup);

  it('is LibreChat\'s `google` with its manifest entry and function', () => {
    expect(running.tool.name).toBe('google');
    expect(running.tool.manifest).toMatchObject({ displayName: 'Google', credentials: [{ authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID' }, { authField: 'GOOGLE_SEARCH_API_KEY', label: 'Google API Key' }] });
    expect(running.tool.inputSchema).toEqual({
      type: 'object',
      properties: { query: expect.objectContaining({ type: 'string', minLength: 1 }), max_results: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 10 }) },
      required: ['query'],
    });
  });

  it('asks Custom Search with the key, the engine, the query and five results, and answers titles, links and snippets', async () => {
    const output = await running.tool.execute({ query: 'oslo weather' }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.requests).toHaveLength(1);
    expect(running.fake.control.lastRequest).toMatchObject({ method: 'GET', path: '/customsearch/v1', query: { key: keys.apiKey, cx: keys.cseId, q: 'oslo weather', num: '5' } });
    expect(output).toEqual([{ type: 'text', text: expect.stringMatching(/^1\. oslo weather — result 1\n {3}https:\/\/example\.com\/1\n {3}A snippet about oslo weather, number 1\./) }]);
    const text = output[0]!.type === 'text' ? output[0]!.text : '';
    expect(text.match(/^\d+\. /gm)).toHaveLength(5);
  });

  it('passes max_results as `num`', async () => {
    await running.tool.execute({ query: 'q', max_results: 2 }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest!.query.num).toBe('2');
  });

  it('says when nothing was found (Google then sends no `items`)', async () => {
    expect(await running.tool.execute({ query: 'nothing matches' }, toolTestContext(running.fake, credentials))).toEqual([{ type: 'text', text: 'Google found nothing for "nothing matches".' }]);
  });

  it('turns Google\'s own error (a key it does not know) into a message without the key', async () => {
    const wrong = { ...credentials, GOOGLE_SEARCH_API_KEY: 'AIza-wrong-key' };
    await expect(running.tool.execute({ query: 'q' }, toolTestContext(running.fake, wrong))).rejects.toThrow('Google Custom Search answered 400: API key not valid. Please pass a valid API key.');
    const error = await running.tool.execute({ query: 'q' }, toolTestContext(running.fake, wrong)).catch((caught: Error) => caught.message);
    expect(error).not.toContain('AIza-wrong-key');
  });

  it('reads GOOGLE_SEARCH_BASE_URL, defaulting to the real API, and refuses one that is not http(s)', () => {
    expect(googleSearchToolPlugin.configSchema.safeParse({})).toEqual({ success: true, data: { baseUrl: 'https://www.googleapis.com' } });
    expect(settingsProblems(googleSearchToolPlugin, { GOOGLE_SEARCH_BASE_URL: 'ftp://x' })).toEqual(['GOOGLE_SEARCH_BASE_URL must be an http(s) URL']);
  });
});

describeToolServiceFailures({ start: () => startFakeGoogleCustomSearch(keys), setup, credentials: () => credentials, input: { query: 'q' }, service: 'Google Custom Search' });
