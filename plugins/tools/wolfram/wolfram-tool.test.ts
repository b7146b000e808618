import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../core/plugin-api/index.js';
import type { FakeToolService } from '../../../testing/fake-tool-services/fake-tool-service.js';
import { toolAgainstFake } from '../../../testing/fake-tool-services/tool-against-fake.js';
import { describeToolServiceFailures } from '../../../testing/fake-tool-services/tool-service-conformance.js';
import { settingsProblems, setUpTool, toolTestContext } from '../../../testing/fake-tool-services/tool-test-context.js';
import { startFakeWolframAlpha } from '../../../testing/fake-tool-services/wolfram-alpha.js';
import { wolframToolPlugin } from './plugin.js';

const appId = 'WOLF-APP-1234';
const credentials = { WOLFRAM_APP_ID: appId };
const setup = (fake: FakeToolService) => setUpTool(wolframToolPlugin, { WOLFRAM_BASE_URL: fake.url });
const textOf = (output: Awaited<ReturnType<Tool['execute']>>) => (output[0]?.type === 'text' ? output[0].text : '');

describe('the wolfram tool', () => {
  const running = toolAgainstFake(() => startFakeWolframAlpha(appId), setup);

  it('is LibreChat\'s `wolfram` with an `input` string', () => {
    expect(running.tool.name).toBe('wolfram');
    expect(running.tool.manifest).toMatchObject({ displayName: 'Wolfram', credentials: [{ authField: 'WOLFRAM_APP_ID', label: 'Wolfram App ID' }] });
    expect(running.tool.inputSchema).toMatchObject({ type: 'object', properties: { input: { type: 'string' } }, required: ['input'] });
  });

  it('asks the LLM API with the App ID and a one-line input, and answers its text', async () => {
    const output = await running.tool.execute({ input: '`France\n population`' }, toolTestContext(running.fake, credentials));
    expect(running.fake.control.lastRequest).toMatchObject({ method: 'GET', path: '/api/v1/llm-api', query: { appid: appId, input: 'France population', maxchars: '6000' } });
    expect(textOf(output)).toMatch(/^Query:\n"France population"\n\nInput interpretation:\nFrance population\n\nResult:\n42\n/);
  });

  it('hands the model Wolfram\'s "not understood" answer (501) with its suggestions, to rephrase from', async () => {
    expect(textOf(await running.tool.execute({ input: 'gibberish' }, toolTestContext(running.fake, credentials)))).toBe('Wolfram|Alpha did not understand the input. No good results found. Things to try instead:\n1. "gibberish meaning"');
  });

  it('turns Wolfram\'s 403 for a wrong App ID into its message, without the App ID', async () => {
    const message = await running.tool.execute({ input: 'pi' }, toolTestContext(running.fake, { WOLFRAM_APP_ID: 'WRONG-ID' })).catch((error: Error) => error.message);
    expect(message).toBe('Wolfram|Alpha refused the credentials (403): Error 1: Invalid appid');
  });
});

describeToolServiceFailures({ start: () => startFakeWolframAlpha(appId), setup, credentials: () => credentials, input: { input: 'pi' }, service: 'Wolfram|Alpha', answersText: true });
