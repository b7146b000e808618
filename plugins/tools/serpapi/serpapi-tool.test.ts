import { describe, expect, it } from 'vitest';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { startFakeSerpApi } from '../../../testing/fake-tool-services/serpapi.js';
import { toolAgainstFake } from '../../../testing/fake-tool-services/tool-against-fake.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { serpApiToolPlugin } from './plugin.js';

const apiKey = 'serp-secret-42';
const credentials = { SERPAPI_API_KEY: apiKey };
const setup = (fake: FakeToolService) => setUpTool(serpApiToolPlugin, { SERPAPI_BASE_URL: fake.url });

describe('the serpapi tool', () => {
  const running = toolAgainstFake(() => startFakeSerpApi(apiKey), setup);

  it('is LibreChat\'s `serpapi`, calling LangChain\'s `search` function with one `input` string', () => {
    expect(running.tool.name).toBe('search');
    expect(running.tool.manifest).toMatchObject({ displayName: 'Serpapi', credentials: [{ authField: 'SERPAPI_API_KEY', label: 'Serpapi Private API Key' }] });
    expect(running.tool.inputSchema).toMatchObject({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'] });
    expect(serpApiToolPlugin.name).toBe('serpapi');
  });

  it('searches search.json with LibreChat\'s fixed location, language and country, and answers the results', async () => {
    const output = await running.tool.execute({ input: 'austin coffee' }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest).toMatchObject({
      method: 'GET',
      path: '/search.json',
      query: { engine: 'google', q: 'austin coffee', api_key: apiKey, location: 'Austin,Texas,United States', hl: 'en', gl: 'us' },
    });
    expect(output).toEqual([{ type: 'text', text: expect.stringContaining('1. austin coffee — result 1\n   https://example.org/1\n   What SerpApi found about austin coffee (1).') }]);
    expect(output[0]!.type === 'text' && output[0]!.text).toContain('3. austin coffee — result 3');
  });

  it('puts the answer box first', async () => {
    const output = await running.tool.execute({ input: 'what is a fake' }, toolTestContext(running.fake, credentials));
    expect(output[0]!.type === 'text' && output[0]!.text).toMatch(/^Answer: The answer to what is a fake\n\n1\. /);
  });

  it('answers SerpApi\'s "no results" as a result, not a failure', async () => {
    expect(await running.tool.execute({ input: 'nothing matches' }, toolTestContext(running.fake, credentials))).toEqual([{ type: 'text', text: "Google hasn't returned any results for this query." }]);
  });

  it('turns SerpApi\'s 401 for a wrong key into its message', async () => {
    await expect(running.tool.execute({ input: 'q' }, toolTestContext(running.fake, { SERPAPI_API_KEY: 'wrong' }))).rejects.toThrow('SerpApi refused the credentials (401): Invalid API key.');
  });
});

describeToolServiceFailures({ start: () => startFakeSerpApi(apiKey), setup, credentials: () => credentials, input: { input: 'q' }, service: 'SerpApi' });
