import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../core/plugin-api/index.js';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { startFakeTavily } from '../../../testing/fake-tool-services/tavily.js';
import { toolAgainstFake } from '../../../testing/fake-tool-services/tool-against-fake.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { tavilySearchToolPlugin } from './plugin.js';

const apiKey = 'tvly-secret-7';
const credentials = { TAVILY_API_KEY: apiKey };
const setup = (fake: FakeToolService) => setUpTool(tavilySearchToolPlugin, { TAVILY_BASE_URL: fake.url });
const textOf = (output: Awaited<ReturnType<Tool['execute']>>) => (output[0]?.type === 'text' ? output[0].text : '');

describe('the tavily_search_results_json tool', () => {
  const running = toolAgainstFake(() => startFakeTavily(apiKey), setup);

  it('is LibreChat\'s `tavily_search_results_json` with its manifest entry and parameters', () => {
    expect(running.tool.name).toBe('tavily_search_results_json');
    expect(running.tool.manifest).toMatchObject({ displayName: 'Tavily Search', credentials: [{ authField: 'TAVILY_API_KEY', label: 'Tavily API Key' }] });
    expect(Object.keys((running.tool.inputSchema as { properties: object }).properties)).toEqual(['query', 'max_results', 'search_depth', 'include_images', 'include_answer', 'include_raw_content', 'include_domains', 'exclude_domains']);
  });

  it('posts the query with the key as a bearer token and five results by default, and answers titles, links and contents', async () => {
    const output = await running.tool.execute({ query: 'fjords' }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest).toMatchObject({ method: 'POST', path: '/search', headers: { authorization: `Bearer ${apiKey}` }, body: { query: 'fjords', max_results: 5 } });
    expect(textOf(output)).toMatch(/^1\. fjords — source 1\n {3}https:\/\/news\.example\/1\n {3}Tavily content about fjords \(1\)\./);
    expect(textOf(output).match(/^\d+\. /gm)).toHaveLength(5);
  });

  it('passes the model\'s options through and puts the answer first and the images last', async () => {
    const output = await running.tool.execute({ query: 'fjords', max_results: 2, search_depth: 'advanced', include_answer: true, include_images: true, include_domains: ['visitnorway.com'] }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest!.body).toEqual({ query: 'fjords', max_results: 2, search_depth: 'advanced', include_answer: true, include_images: true, include_domains: ['visitnorway.com'] });
    expect(textOf(output)).toMatch(/^Answer: Tavily's answer about fjords\n\n1\. /);
    expect(textOf(output)).toMatch(/\n\nImages:\n- https:\/\/images\.example\/1\.png\n- https:\/\/images\.example\/2\.png$/);
  });

  it('says when nothing was found', async () => {
    expect(textOf(await running.tool.execute({ query: 'nothing matches' }, toolTestContext(running.fake, credentials)))).toBe('Tavily found nothing for "nothing matches".');
  });

  it('turns Tavily\'s 401 for a wrong key into its message', async () => {
    await expect(running.tool.execute({ query: 'q' }, toolTestContext(running.fake, { TAVILY_API_KEY: 'tvly-wrong' }))).rejects.toThrow('Tavily refused the credentials (401): Unauthorized: missing or invalid API key.');
  });
});

describeToolServiceFailures({ start: () => startFakeTavily(apiKey), setup, credentials: () => credentials, input: { query: 'q' }, service: 'Tavily' });
