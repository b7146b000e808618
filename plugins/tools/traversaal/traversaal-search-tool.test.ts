import { describe, expect, it } from 'vitest';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { toolAgainstFake } from '../../../testing/fake-tool-services/tool-against-fake.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { startFakeTraversaal } from '../../../testing/fake-tool-services/traversaal.js';
import { traversaalSearchToolPlugin } from './plugin.js';

const apiKey = 'trav-secret-9';
const credentials = { TRAVERSAAL_API_KEY: apiKey };
const setup = (fake: FakeToolService) => setUpTool(traversaalSearchToolPlugin, { TRAVERSAAL_BASE_URL: fake.url });

describe('the traversaal_search tool', () => {
  const running = toolAgainstFake(() => startFakeTraversaal(apiKey), setup);

  it('is LibreChat\'s `traversaal_search` with a `query` sentence', () => {
    expect(running.tool.name).toBe('traversaal_search');
    expect(running.tool.manifest).toMatchObject({ displayName: 'Traversaal', credentials: [{ authField: 'TRAVERSAAL_API_KEY', label: 'Traversaal API Key' }] });
    expect(running.tool.inputSchema).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });
  });

  it('posts the sentence as a one-item list with the key in x-api-key, and answers the text and its sources', async () => {
    const output = await running.tool.execute({ query: 'Find the tallest mountains.' }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest).toMatchObject({ method: 'POST', path: '/live/predict', headers: { 'x-api-key': apiKey }, body: { query: ['Find the tallest mountains.'] } });
    expect(output).toEqual([{ type: 'text', text: 'Answer: Ares says: Find the tallest mountains. is well documented.\n\n1. https://source.example/a\n\n2. https://source.example/b' }]);
  });

  it('says when Ares had no response', async () => {
    expect(await running.tool.execute({ query: 'nothing matches' }, toolTestContext(running.fake, credentials))).toEqual([{ type: 'text', text: 'No response found in Traversaal API results.' }]);
  });

  it('turns the gateway\'s 403 for a wrong key into a clear error', async () => {
    await expect(running.tool.execute({ query: 'q' }, toolTestContext(running.fake, { TRAVERSAAL_API_KEY: 'wrong' }))).rejects.toThrow('Traversaal refused the credentials (403): Forbidden');
  });
});

describeToolServiceFailures({ start: () => startFakeTraversaal(apiKey), setup, credentials: () => credentials, input: { query: 'q' }, service: 'Traversaal' });
