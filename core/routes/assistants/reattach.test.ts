import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { hasRedisServer, startTestRedis, type TestRedis } from '../../../testing/redis-server.js';
import { readSseFrames, type SseFrame } from '../../../testing/sse-frames.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

// Issue 22 §2 for assistants runs: a reload mid-run re-attaches through GET /api/ask/stream/:conversationId.
const story = 'word '.repeat(150);
let upstreams: FakeUpstreams;
let redis: TestRedis | undefined;
const testTools = testToolPlugins();

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  if (hasRedisServer) redis = await startTestRedis();
});
afterAll(async () => {
  await upstreams?.close();
  await redis?.close();
});

async function readAll(response: Response): Promise<SseFrame[]> {
  const all: SseFrame[] = [];
  for await (const frame of readSseFrames(response)) all.push(frame);
  return all;
}

const places: Array<[string, () => Record<string, string> | null]> = [
  ['in memory', () => ({})],
  ['on Redis', () => (redis ? { REDIS_URI: redis.uri, REDIS_KEY_PREFIX: 'assistants-reattach:' } : null)],
];

describe.each(places)('re-attaching to an assistants run %s', (_place, placeEnv) => {
  let server: AssistantsTestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a reload mid-run gets sync, every part so far (text, the finished call), the rest live and final', async (context) => {
    const env = placeEnv();
    if (!env) return context.skip('redis-server is not installed');
    server = await startAssistantsServer({ plugins: testTools.plugins, env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false', ...env } });
    const { alice, bob } = server;
    const created = await server.request('POST', '/api/assistants', { name: 'Tutor', model: 'gpt-4o', tools: ['calculator'] });
    const assistantId = created.json().id;
    // The calculator first, then a long answer streamed slowly enough to re-attach in the middle.
    upstreams.openai.control.configure({
      reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Let me compute.' : `It is ${toolResultsIn(request.body).join()}. ${story}`),
      toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_calc_1', name: 'calculator', input: { input: '6*7' } }] : []),
      chunkSize: 5,
      delayMs: 15,
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const controller = new AbortController();
    const asked = await fetch(`${base}/api/assistants/chat`, {
      method: 'POST', signal: controller.signal, headers: { 'content-type': 'application/json', ...bearer(alice) },
      body: JSON.stringify({ text: 'What is 6 times 7?', assistant_id: assistantId, model: 'gpt-4o', endpoint: 'assistants' }),
    });
    let conversationId = '';
    let responseId = '';
    let answerSoFar = '';
    for await (const frame of readSseFrames(asked)) {
      if (frame.data.sync) (conversationId = frame.data.conversationId), (responseId = frame.data.responseMessage.messageId);
      if (frame.data.type === 'text' && frame.data.index === 2) answerSoFar = frame.data.text;
      if (answerSoFar.length > 20) break;
    }
    // The page reloads: the asking request goes away, the run goes on for whoever re-attaches.
    controller.abort();

    expect((await fetch(`${base}/api/ask/stream/${conversationId}`, { headers: bearer(bob) })).status).toBe(404);
    const attached = await fetch(`${base}/api/ask/stream/${conversationId}`, { headers: bearer(alice) });
    expect(attached.status).toBe(200);
    const frames = (await readAll(attached)).map((frame) => frame.data);

    expect(frames[0]).toMatchObject({ sync: true, conversationId, requestMessage: { text: 'What is 6 times 7?', isCreatedByUser: true }, responseMessage: { messageId: responseId } });
    // The replay: each part as it stands, in order, before anything live.
    expect(frames[1]).toMatchObject({ type: 'text', index: 0, messageId: responseId, text: 'Let me compute.' });
    expect(frames[2]).toMatchObject({ type: 'tool_call', index: 1, tool_call: { id: 'call_calc_1', progress: 1, function: { name: 'calculator', output: '42' } } });
    expect(frames[3]).toMatchObject({ type: 'text', index: 2 });
    expect(frames[3].text.startsWith(answerSoFar)).toBe(true);
    const lastText = frames.filter((frame) => frame.type === 'text' && frame.index === 2).at(-1);
    expect(lastText.text).toBe(`It is 42. ${story}`);
    const final = frames.at(-1);
    expect(final).toMatchObject({ final: true, conversation: { conversationId, endpoint: 'assistants' }, responseMessage: { messageId: responseId, finish_reason: 'stop', unfinished: false } });
    expect(final.runMessages.at(-1).content.map((part: { type: string }) => part.type)).toEqual(['text', 'tool_call', 'text']);

    // Over: nothing to re-attach to any more, and the reply is stored whole.
    expect((await fetch(`${base}/api/ask/stream/${conversationId}`, { headers: bearer(alice) })).status).toBe(404);
    const stored = await server.app.store.messages.find(alice.userId, responseId);
    expect(stored?.text).toContain(`It is 42. ${story}`);
  });
});
