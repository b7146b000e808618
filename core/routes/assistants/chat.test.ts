import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { messageFrameSchema } from '../../protocol/stream-frames.js';
import { bearer, type SignedInUser } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams, type RecordedRequest } from '../../../testing/fake-upstreams/index.js';
import { parseSseFrames, readSseFrames } from '../../../testing/sse-frames.js';
import { toolResultsIn } from '../../../testing/tool-results-in.js';
import { testToolPlugins } from '../../../testing/test-tool-plugins.js';
import { clientUpload, multipartBody } from '../../../testing/multipart-body.js';
import sharp from 'sharp';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;
const testTools = testToolPlugins();

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({ plugins: testTools.plugins, env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false' } });
});
afterAll(async () => {
  await server?.close();
  await upstreams?.close();
});
beforeEach(() => upstreams.reset());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const chatRequests = () => upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'));

async function createAssistant(body: Record<string, unknown> = {}, account?: SignedInUser): Promise<string> {
  const response = await server.request('POST', '/api/assistants', { name: 'Tutor', instructions: 'You are a patient tutor.', model: 'gpt-4o', ...body }, account);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function chat(payload: Record<string, unknown>, account: SignedInUser = server.alice) {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(account), payload });
  return { status: response.statusCode, frames: parseSseFrames(response.body), body: response.body };
}

/** Calls the calculator first, then answers with its result. */
function calculatorScript() {
  upstreams.openai.control.configure({
    reply: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? 'Let me compute.' : `It is ${toolResultsIn(request.body).join()}.`),
    toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_calc_1', name: 'calculator', input: { input: '6*7' } }] : []),
  });
}

describe('POST /api/assistants/chat', () => {
  it('streams sync, cumulative text parts, a function call with its progress and output, and final; stores the thread', async () => {
    const assistantId = await createAssistant({ tools: ['calculator'] });
    calculatorScript();
    const { status, frames } = await chat({ text: 'What is 6 times 7?', assistant_id: assistantId, model: 'gpt-4o', parentMessageId: NO_PARENT, messageId: 'client-id', endpoint: 'assistants' });
    expect(status).toBe(200);
    expect(frames.every((frame) => frame.event === 'message')).toBe(true);
    // chatbox's own UI parses every frame with the shared protocol schema.
    for (const frame of frames) expect(messageFrameSchema.safeParse(frame.data).success, JSON.stringify(frame.data).slice(0, 120)).toBe(true);

    const sync = frames[0]!.data;
    expect(sync).toMatchObject({ sync: true, conversationId: expect.stringMatching(uuid) });
    const { conversationId } = sync;
    const threadId = sync.requestMessage.thread_id;
    expect(threadId).toMatch(/^thread_[A-Za-z0-9]{24}$/);
    expect(sync.requestMessage).toMatchObject({ messageId: expect.stringMatching(uuid), parentMessageId: NO_PARENT, conversationId, text: 'What is 6 times 7?', isCreatedByUser: true, assistant_id: assistantId, thread_id: threadId, model: assistantId, user: server.alice.userId, file_ids: [] });
    expect(sync.requestMessage.messageId).not.toBe('client-id');
    const responseId = sync.responseMessage.messageId;
    expect(sync.responseMessage).toEqual({ messageId: expect.stringMatching(uuid), parentMessageId: sync.requestMessage.messageId, conversationId, thread_id: threadId, assistant_id: assistantId, model: assistantId, user: server.alice.userId });

    const parts = frames.filter((frame) => frame.data.type);
    for (const part of parts) expect(part.data).toMatchObject({ messageId: responseId, conversationId, thread_id: threadId });
    const texts = parts.filter((frame) => frame.data.type === 'text').map((frame) => frame.data);
    const first = texts.filter((frame) => frame.index === 0);
    expect(first[0]).toMatchObject({ message: true, initial: true });
    expect(first.slice(1).every((frame) => frame.initial === false)).toBe(true);
    // Cumulative: each frame repeats the whole part so far.
    first.reduce((previous, frame) => (expect(frame.text.startsWith(previous)).toBe(true), frame.text), '');
    expect(first.at(-1)!.text).toBe('Let me compute.');

    const calls = parts.filter((frame) => frame.data.type === 'tool_call').map((frame) => frame.data);
    expect(calls).toEqual([
      expect.objectContaining({ index: 1, tool_call: { id: 'call_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: null }, progress: 0.01 } }),
      expect.objectContaining({ index: 1, tool_call: { id: 'call_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: '42' }, progress: 1 } }),
    ]);
    const answer = texts.filter((frame) => frame.index === 2);
    expect(answer[0]!.initial).toBe(true);
    expect(answer.at(-1)!.text).toBe('It is 42.');

    const final = frames.at(-1)!.data;
    expect(final).toMatchObject({ final: true, conversation: { conversationId, endpoint: 'assistants', assistant_id: assistantId, thread_id: threadId, model: 'gpt-4o' } });
    const content = [
      { type: 'text', text: { value: 'Let me compute.', annotations: [] } },
      { type: 'tool_call', tool_call: { id: 'call_calc_1', type: 'function', function: { name: 'calculator', arguments: '{"input":"6*7"}', output: '42' }, progress: 1 } },
      { type: 'text', text: { value: 'It is 42.', annotations: [] } },
    ];
    expect(final.responseMessage).toMatchObject({ messageId: responseId, content, text: 'Let me compute.\n\nIt is 42.', thread_id: threadId, model: assistantId, unfinished: false, error: false, finish_reason: 'stop' });
    expect(final.runMessages.map((message: { messageId: string }) => message.messageId)).toEqual([sync.requestMessage.messageId, responseId]);

    // Upstream: the assistant's instructions as the system prompt, the calculator offered, its result sent back.
    const [firstCall, secondCall] = chatRequests();
    expect(firstCall!.body.model).toBe('gpt-4o');
    expect(firstCall!.body.messages[0]).toEqual({ role: 'system', content: 'You are a patient tutor.' });
    expect(JSON.stringify(firstCall!.body.tools)).toContain('"calculator"');
    expect(toolResultsIn(secondCall!.body)).toEqual(['42']);

    const stored = (await server.request('GET', `/api/messages/${conversationId}`)).json();
    expect(stored).toEqual([expect.objectContaining({ thread_id: threadId, isCreatedByUser: true }), expect.objectContaining({ messageId: responseId, content, thread_id: threadId })]);
  });

  it('continues a thread over two turns, sending its history, the override and the additional instructions', async () => {
    const assistantId = await createAssistant();
    upstreams.openai.control.configure({ reply: 'First answer.' });
    const one = await chat({ text: 'Hello', assistant_id: assistantId, model: 'gpt-4o-mini', promptPrefix: 'Answer in French.' });
    const sync = one.frames[0]!.data;
    upstreams.openai.control.configure({ reply: 'Second answer.' });
    const two = await chat({ text: 'And again', assistant_id: assistantId, conversationId: sync.conversationId, thread_id: sync.requestMessage.thread_id, parentMessageId: sync.responseMessage.messageId, instructions: 'Be terse.' });
    const final = two.frames.at(-1)!.data;
    expect(final.final).toBe(true);
    expect(final.runMessages.map((message: { text: string }) => message.text)).toEqual(['Hello', 'First answer.', 'And again', 'Second answer.']);
    expect(two.frames[0]!.data.requestMessage.thread_id).toBe(sync.requestMessage.thread_id);
    const second = chatRequests().at(-1)!.body;
    expect(second.model).toBe('gpt-4o');
    expect(second.messages).toEqual([
      { role: 'system', content: 'Be terse.\n\nAnswer in French.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'And again' },
    ]);
  });

  it("refuses another user's assistant, conversation and thread, and reports bad requests", async () => {
    const alices = await createAssistant();
    const bobs = await createAssistant({}, server.bob);
    upstreams.openai.control.configure({ reply: 'Hi.' });
    const started = (await chat({ text: 'Hello', assistant_id: alices })).frames[0]!.data;
    const errorOf = async (payload: Record<string, unknown>, account?: SignedInUser) => {
      const { status, frames } = await chat(payload, account);
      expect(status).toBe(200);
      expect(frames).toHaveLength(1);
      expect(frames[0]!.event).toBe('error');
      expect(frames[0]!.data).toMatchObject({ error: true, final: true, isCreatedByUser: false, unfinished: false, sender: 'System', messageId: expect.stringMatching(uuid), conversationId: expect.any(String) });
      return frames[0]!.data.text as string;
    };
    expect(await errorOf({ text: 'Hi', assistant_id: alices }, server.bob)).toBe(`Assistant not found: ${alices}`);
    expect(await errorOf({ text: 'Hi', assistant_id: bobs, conversationId: started.conversationId, thread_id: started.requestMessage.thread_id }, server.bob)).toBe('Conversation not found');
    expect(await errorOf({ text: 'Hi', assistant_id: alices, conversationId: started.conversationId, thread_id: 'thread_someone_elses' })).toBe('thread_id: the conversation\'s thread is not "thread_someone_elses"');
    expect(await errorOf({ text: 'Hi', assistant_id: alices, thread_id: started.requestMessage.thread_id })).toMatch(/a new conversation starts its own thread/);
    expect(await errorOf({ text: 'Hi', assistant_id: alices, conversationId: started.conversationId })).toBe('The Assistant run failed to initialize. Try sending a message in a new conversation.');
    expect(await errorOf({ text: 'Hi' })).toBe('The Assistant run failed to initialize. Try sending a message in a new conversation.');
    expect(await errorOf({ text: 'x'.repeat(32_769), assistant_id: alices })).toBe('Message too long. The Assistants API has a limit of 32,768 characters per message. Please shorten it and try again.');
    expect(await errorOf({ text: 'Hi', assistant_id: alices, model: 'gpt-9' })).toMatch(/The model \\"gpt-9\\" is not offered/);
    expect(await errorOf({ text: 'Hi', assistant_id: alices, parentMessageId: 'not-a-message' })).toBe('parentMessageId must name a message of this conversation');
    // Nothing of Bob's attempts reached Alice's thread.
    expect((await server.request('GET', `/api/messages/${started.conversationId}`)).json()).toHaveLength(2);

    const malformed = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice), payload: { text: 42 } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/text/);
    const modify = await server.app.inject({ method: 'POST', url: '/api/assistants/chat/modify', headers: bearer(server.alice), payload: { text: 'Hi' } });
    expect(modify.statusCode).toBe(400);
    expect(modify.json().message).toMatch(/cannot be edited or continued/);
  });

  it('ends a run that fails upstream with a final frame whose reply carries an error part', async () => {
    const assistantId = await createAssistant();
    upstreams.openai.control.configure({ reply: 'Half an ans', disconnectAfterChunks: 1, chunkSize: 4 });
    const { frames } = await chat({ text: 'Hello', assistant_id: assistantId });
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    const content = final.runMessages.at(-1).content;
    expect(content.at(-1)).toEqual({ type: 'error', text: { value: expect.any(String) } });
    expect(final.responseMessage).toMatchObject({ finish_reason: 'error', error: false, unfinished: false });
  });
});

describe('images in a thread', () => {
  it('sends the attached image to a vision model with the message', async () => {
    const assistantId = await createAssistant();
    const jpeg = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 128, b: 255 } } }).jpeg().toBuffer());
    const upload = await multipartBody(clientUpload({ content: jpeg, fileName: 'picture.jpg', type: 'image/jpeg' }, [['width', '64'], ['height', '48']]));
    const image = (await server.app.inject({ method: 'POST', url: '/api/files/images', payload: upload.payload, headers: { ...upload.headers, ...bearer(server.alice) } })).json();
    upstreams.openai.control.configure({ reply: 'A blue square.' });
    const { frames } = await chat({ text: 'What is this?', assistant_id: assistantId, files: [{ file_id: image.file_id, filepath: image.filepath, type: image.type, width: 64, height: 48 }] });
    expect(frames[0]!.data.requestMessage.files).toEqual([expect.objectContaining({ file_id: image.file_id })]);
    expect(frames.at(-1)!.data.final).toBe(true);
    const user = chatRequests().at(-1)!.body.messages.at(-1);
    expect(user.content).toEqual([{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\//), detail: 'auto' } }]);
  });
});

describe('POST /api/assistants/chat/abort', () => {
  it('stops a run while its tool runs: the tool sees the stop, the call is saved finished', async () => {
    const assistantId = await createAssistant({ tools: ['wait_for_stop'] });
    upstreams.openai.control.configure({ reply: '', toolCalls: (request: RecordedRequest) => (toolResultsIn(request.body).length === 0 ? [{ id: 'call_wait', name: 'wait_for_stop', input: {} }] : []) });
    const running = chat({ text: 'Wait', assistant_id: assistantId });
    const context = await testTools.started('wait_for_stop');
    const conversationId = context.conversationId;
    const aborted = await server.app.inject({ method: 'POST', url: '/api/assistants/chat/abort', headers: bearer(server.alice), payload: { abortKey: `${conversationId}:whatever`, endpoint: 'assistants' } });
    expect(aborted.statusCode).toBe(200);
    expect(context.signal.aborted).toBe(true);
    const reply = aborted.json().runMessages.at(-1);
    expect(reply).toMatchObject({ finish_reason: 'incomplete', unfinished: false, content: [{ type: 'tool_call', tool_call: { id: 'call_wait', progress: 1, function: { name: 'wait_for_stop', output: expect.stringMatching(/^error processing tool wait_for_stop/) } } }] });
    const { frames } = await running;
    expect(frames.filter((frame) => frame.data.type === 'tool_call').map((frame) => frame.data.tool_call.progress)).toEqual([0.01]);
    expect(frames.at(-1)!.data).toMatchObject({ final: true });
    // The model is not asked again after a stop.
    expect(chatRequests()).toHaveLength(1);
  });

  it('stops the run mid-stream and answers {final, conversation, runMessages} with the partial reply saved', async () => {
    const assistantId = await createAssistant();
    upstreams.openai.control.configure({ reply: 'word '.repeat(200), chunkSize: 5, delayMs: 20 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const post = (path: string, body: unknown, account: SignedInUser = server.alice) =>
      fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...bearer(account) } });
    const response = await post('/api/assistants/chat', { text: 'Tell a long story', assistant_id: assistantId });
    let abortKey = '';
    let seen = 0;
    for await (const frame of readSseFrames(response)) {
      if (frame.data.sync) abortKey = `${frame.data.conversationId}:${frame.data.responseMessage.messageId}`;
      if (frame.data.type === 'text' && ++seen === 3) break;
    }
    expect((await post('/api/assistants/chat/abort', { abortKey, endpoint: 'assistants' }, server.bob)).status).toBe(404);
    expect((await post('/api/assistants/chat/abort', { abortKey: 'not-a-uuid:x', endpoint: 'assistants' })).status).toBe(400);
    const aborted = await post('/api/assistants/chat/abort', { abortKey, endpoint: 'assistants' });
    expect(aborted.status).toBe(200);
    const payload = await aborted.json();
    const [conversationId, responseId] = abortKey.split(':');
    expect(payload).toMatchObject({ final: true, conversation: { conversationId, endpoint: 'assistants' } });
    const reply = payload.runMessages.at(-1);
    expect(reply).toMatchObject({ messageId: responseId, unfinished: false, error: false, finish_reason: 'incomplete' });
    expect(reply.content[0].text.value.startsWith('word word')).toBe(true);
    expect(reply.content[0].text.value.length).toBeLessThan('word '.repeat(200).length);
    expect(await chatRequests().at(-1)!.outcome).toBe('client-closed');
    expect((await post('/api/assistants/chat/abort', { abortKey, endpoint: 'assistants' })).status).toBe(404);
  });
});

describe('the yaml around runs', () => {
  it("answers LibreChat's admin error for an assistant outside supportedIds, titles new threads, and runs without a capability the model lacks", async () => {
    const filtered = await startAssistantsServer({
      yaml: 'endpoints:\n  assistants:\n    supportedIds: [asst_none_of_these]\n',
      env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false' },
    });
    try {
      const id = (await filtered.request('POST', '/api/assistants', { model: 'gpt-4o' })).json().id;
      const response = await filtered.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(filtered.alice), payload: { text: 'Hi', assistant_id: id } });
      const [frame] = parseSseFrames(response.body);
      expect(frame).toMatchObject({ event: 'error', data: { text: 'An error occurred while processing your request. Please contact the Admin.', error: true } });
    } finally {
      await filtered.close();
    }

    // Titles as for other endpoints: the client asks for one after the first final.
    const titled = await startAssistantsServer({ env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'true' } });
    try {
      const id = (await titled.request('POST', '/api/assistants', { model: 'gpt-4o' })).json().id;
      upstreams.openai.control.configure({ reply: 'Numbers Everywhere' });
      const response = await titled.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(titled.alice), payload: { text: 'Tell me about numbers', assistant_id: id } });
      const { conversationId } = parseSseFrames(response.body)[0]!.data;
      const title = await titled.request('POST', '/api/convos/gen_title', { conversationId });
      expect(title.json()).toEqual({ title: 'Numbers Everywhere' });
    } finally {
      await titled.close();
    }

    // Retrieval is off for a model outside retrievalModels: the run goes on with the assistant's other tools.
    const assistantId = await createAssistant({ tools: [{ type: 'retrieval' }, 'calculator'] });
    upstreams.reset();
    calculatorScript();
    const { frames } = await chat({ text: 'What is 6 times 7?', assistant_id: assistantId });
    expect(frames.at(-1)!.data.responseMessage.text).toBe('Let me compute.\n\nIt is 42.');
    expect(chatRequests()[0]!.body.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual(['calculator']);
  });
});
