import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { bearer } from '../../../testing/build-test-server.js';
import { startAssistantsServer, type AssistantsTestServer } from '../../../testing/assistants-test-server.js';
import { startFakeUpstreams, type FakeUpstreams } from '../../../testing/fake-upstreams/index.js';
import { parseSseFrames } from '../../../testing/sse-frames.js';

let upstreams: FakeUpstreams;
let server: AssistantsTestServer;

beforeAll(async () => {
  upstreams = await startFakeUpstreams();
  server = await startAssistantsServer({ env: { ASSISTANTS_BASE_URL: `${upstreams.openai.url}/v1`, TITLE_CONVO: 'false', LIMIT_MESSAGE_IP: 'false', LIMIT_MESSAGE_USER: 'false' } });
});
afterAll(async () => {
  await server?.close();
  await upstreams?.close();
});

async function chat(payload: Record<string, unknown>) {
  const response = await server.app.inject({ method: 'POST', url: '/api/assistants/chat', headers: bearer(server.alice), payload });
  return parseSseFrames(response.body);
}

describe('a thread outlives its assistant (issue 18 §5)', () => {
  it('keeps the conversation and its messages, with their content parts, readable once the assistant is deleted', async () => {
    const created = await server.request('POST', '/api/assistants', { name: 'Tutor', model: 'gpt-4o' });
    const assistantId: string = created.json().id;
    upstreams.openai.control.configure({ reply: 'Three is the answer.' });
    const frames = await chat({ text: 'What is 1 + 2?', assistant_id: assistantId, model: 'gpt-4o', parentMessageId: NO_PARENT, endpoint: 'assistants' });
    const final = frames.at(-1)!.data;
    expect(final.final).toBe(true);
    const { conversationId } = final.conversation;

    expect((await server.request('DELETE', `/api/assistants/${assistantId}?model=gpt-4o`)).statusCode).toBe(200);
    expect((await server.request('GET', `/api/assistants/${assistantId}`)).statusCode).toBe(404);

    const conversation = await server.request('GET', `/api/convos/${conversationId}`);
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json()).toMatchObject({ conversationId, endpoint: 'assistants', assistant_id: assistantId, thread_id: final.conversation.thread_id });
    const listed = await server.request('GET', '/api/convos?pageNumber=1');
    expect(listed.json().conversations.map((item: { conversationId: string }) => item.conversationId)).toContain(conversationId);

    const messages = await server.request('GET', `/api/messages/${conversationId}`);
    expect(messages.statusCode).toBe(200);
    const [question, reply] = messages.json();
    expect(question).toMatchObject({ text: 'What is 1 + 2?', isCreatedByUser: true });
    expect(reply).toMatchObject({ sender: 'Tutor', text: 'Three is the answer.', content: [{ type: 'text', text: { value: 'Three is the answer.' } }] });
  });

  it('refuses a new run on the deleted assistant with an error the client shows, leaving the thread as it was', async () => {
    const created = await server.request('POST', '/api/assistants', { name: 'Gone', model: 'gpt-4o' });
    const assistantId: string = created.json().id;
    upstreams.openai.control.configure({ reply: 'Hello.' });
    const first = (await chat({ text: 'Hi', assistant_id: assistantId, model: 'gpt-4o', parentMessageId: NO_PARENT, endpoint: 'assistants' })).at(-1)!.data;
    await server.request('DELETE', `/api/assistants/${assistantId}`);

    const frames = await chat({ text: 'Still there?', assistant_id: assistantId, model: 'gpt-4o', conversationId: first.conversation.conversationId, thread_id: first.conversation.thread_id, parentMessageId: first.responseMessage.messageId, endpoint: 'assistants' });
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ event: 'error', data: { error: true } });
    expect(frames[0]!.data.text).toMatch(/assistant/i);
    const messages = await server.request('GET', `/api/messages/${first.conversation.conversationId}`);
    expect(messages.json()).toHaveLength(2);
  });
});
