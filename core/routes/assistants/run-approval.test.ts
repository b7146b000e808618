import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { readSseFrames, type SseFrame } from '../../../testing/sse-frames.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;
let base = '';

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({
    plugins: testToolPlugins().plugins,
    // The calculator asks first; an unanswered call is denied after 1.5 s.
    yaml: 'tools:\n  requiresApproval: [calculator]\n  approvalTimeout: 1500\n',
    env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false' },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await server?.close();
  await upstreams?.close();
});
beforeEach(() => {
  upstreams.reset();
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? '' : `Tool said: ${toolResultsIn(request.body).join()}`),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_calc', name: 'calculator', input: { input: '6*7' } }] : []),
  });
});

const post = (path: string, body: unknown, account: SignedInUser = server.alice) =>
  fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...bearer(account) } });

interface Call {
  progress: number;
  function: { output: string | null };
  approval?: { id: string; status: string; expiresAt?: string };
}

/** A run over HTTP, frame by frame: `onPending` is called once, while the run waits on the call. */
async function run(onPending: (approval: { id: string; expiresAt?: string }) => Promise<void>) {
  const created = await server.request('POST', '/api/assistants', { name: 'Counter', model: 'gpt-4o', tools: ['calculator'] });
  const response = await post('/api/assistants/chat', { text: 'What is 6 times 7?', assistant_id: created.json().id });
  const frames: SseFrame[] = [];
  for await (const frame of readSseFrames(response)) {
    frames.push(frame);
    const call: Call | undefined = frame.data.tool_call;
    if (call?.approval?.status === 'pending') await onPending(call.approval);
  }
  const calls: Call[] = frames.filter((frame) => frame.data.type === 'tool_call').map((frame) => frame.data.tool_call);
  return { frames, calls, final: frames.at(-1)!.data };
}

describe('a tool that needs approval inside an assistants run', () => {
  it('pauses on the call until the user allows it, then runs it', async () => {
    let approvalsBefore = -1;
    const { calls, final } = await run(async (approval) => {
      // The model was not asked again while the run waits.
      approvalsBefore = upstreams.openai.control.requests.length;
      expect(Date.parse(approval.expiresAt!)).toBeGreaterThan(Date.now());
      // Only its user can answer it.
      expect((await post('/api/ask/approval', { approvalId: approval.id, allow: true }, server.bob)).status).toBe(404);
      const answered = await post('/api/ask/approval', { approvalId: approval.id, allow: true });
      expect(await answered.json()).toEqual({ approvalId: approval.id, status: 'allowed' });
    });
    expect(approvalsBefore).toBe(1);
    expect(calls.map((call) => [call.progress, call.approval?.status ?? null, call.function.output])).toEqual([
      [0.01, null, null],
      [0.01, 'pending', null],
      [0.01, 'allowed', null],
      [1, 'allowed', '42'],
    ]);
    expect(final.responseMessage.text).toBe('Tool said: 42');
    expect(final.responseMessage.content[0].tool_call).toMatchObject({ progress: 1, approval: { status: 'allowed' }, function: { output: '42' } });
  });

  it('answers the model that the user declined on Deny, and on the timeout', async () => {
    const denied = await run(async (approval) => {
      await post('/api/ask/approval', { approvalId: approval.id, allow: false });
    });
    expect(denied.calls.at(-1)).toMatchObject({ progress: 1, approval: { status: 'denied' }, function: { output: 'The user denied this call of calculator: it did not run.' } });
    expect(denied.final.responseMessage.text).toBe('Tool said: The user denied this call of calculator: it did not run.');

    const started = Date.now();
    const expired = await run(async () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(expired.calls.at(-1)).toMatchObject({ progress: 1, approval: { status: 'expired' }, function: { output: expect.stringContaining('did not approve this call of calculator') } });
    expect(toolResultsIn(upstreams.openai.control.requests.at(-1)!.body).join()).toContain('did not approve');
  });
});
