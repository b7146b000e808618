import { afterEach, describe, expect, it } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { readSseFrames, type SseFrame } from '../../../testing/sse-frames.js';

// Issue 22 §2: a client that reloads or opens the conversation in another tab re-attaches to the reply.
let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

const reply = 'word '.repeat(120);
const turn = () => ({ text: 'Tell me a long story', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' });

async function start({ reattachGraceMs }: { reattachGraceMs?: number } = {}) {
  chat = await buildChatTestServer();
  if (reattachGraceMs !== undefined) chat.app.chat.timings.reattachGraceMs = reattachGraceMs;
  chat.upstreams.openai.control.configure({ reply, chunkSize: 5, delayMs: 15 });
  await chat.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(chat.app.server.address() as { port: number }).port}`;
  const authorization = `Bearer ${chat.token}`;
  const controller = new AbortController();
  const asked = await fetch(`${base}/api/ask/openAI`, { method: 'POST', body: JSON.stringify(turn()), headers: { 'content-type': 'application/json', authorization }, signal: controller.signal });
  const original = readSseFrames(asked);
  let conversationId = '';
  let seenText = '';
  // Up to the third progress frame: the reply is on its way.
  for (let progress = 0; progress < 3; ) {
    const { value } = await original.next();
    if (value!.data.created) conversationId = value!.data.message.conversationId;
    if (value!.data.message === true) (progress += 1), (seenText = value!.data.text);
  }
  const reattach = (token = chat.token) => fetch(`${base}/api/ask/stream/${conversationId}`, { headers: { authorization: `Bearer ${token}` } });
  return { base, original, controller, conversationId, seenText, reattach };
}

async function readAll(frames: AsyncGenerator<SseFrame>): Promise<SseFrame[]> {
  const all: SseFrame[] = [];
  for await (const frame of frames) all.push(frame);
  return all;
}

describe('GET /api/ask/stream/:conversationId', () => {
  it('a second client gets created, the reply so far, the rest live and final; the first client is unaffected', async () => {
    const { original, seenText, reattach, conversationId } = await start();
    const attached = await reattach();
    expect(attached.status).toBe(200);
    expect(attached.headers.get('content-type')).toMatch(/text\/event-stream/);
    const [second, first] = await Promise.all([readAll(readSseFrames(attached)), readAll(original)]);

    expect(second[0]!.data).toMatchObject({ created: true, message: { conversationId, isCreatedByUser: true, text: 'Tell me a long story' } });
    // The reply so far, cumulative: at least what the first client had seen when the second attached.
    expect(second[1]!.data).toMatchObject({ message: true, conversationId });
    expect(second[1]!.data.text.startsWith(seenText)).toBe(true);
    const progress = second.filter((frame) => frame.data?.message === true);
    expect(progress.length).toBeGreaterThan(2);
    const secondFinal = second.at(-1)!.data;
    expect(secondFinal).toMatchObject({ final: true, responseMessage: { text: reply, unfinished: false, finish_reason: 'stop' } });
    // The first client saw the whole reply as before, and the same final payload.
    const firstFinal = first.at(-1)!.data;
    expect(firstFinal.responseMessage).toEqual(secondFinal.responseMessage);
    expect(first.filter((frame) => frame.data?.message === true).at(-1)!.data.text).toBe(reply);
  });

  it('answers 404 to another user, after the end, and for a conversation with nothing streaming; 400 for a blank id', async () => {
    const { original, reattach, base } = await start();
    const other = await chat.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Mallory', email: 'mallory@example.com', password: 'password1', confirm_password: 'password1' } });
    const stolen = await reattach(other.json().token);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ code: 'not_found', message: 'No reply is being written in this conversation' });
    await readAll(original);
    expect((await reattach()).status).toBe(404);
    const nothing = await fetch(`${base}/api/ask/stream/no-such-conversation`, { headers: { authorization: `Bearer ${chat.token}` } });
    expect(nothing.status).toBe(404);
    const blank = await chat.app.inject({ url: '/api/ask/stream/%20%20', headers: { authorization: `Bearer ${chat.token}` } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/conversationId must not be empty/);
    expect((await chat.app.inject({ url: '/api/ask/stream/anything' })).statusCode).toBe(401);
  });

  it('a reload: the asking client goes away, the reply keeps streaming and the re-attached client gets it to the end', async () => {
    const { controller, reattach } = await start();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const attached = await reattach();
    expect(attached.status).toBe(200);
    const frames = await readAll(readSseFrames(attached));
    expect(frames.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: reply, unfinished: false, finish_reason: 'stop' } });
    const upstream = chat.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).not.toBe('client-closed');
  });

  it('Stop from the re-attached client stops the turn; it gets the final frame with the partial reply', async () => {
    const { controller, reattach, base, conversationId } = await start();
    controller.abort();
    const attached = readSseFrames(await reattach());
    await attached.next();
    const stopped = await fetch(`${base}/api/ask/openAI/abort`, { method: 'POST', body: JSON.stringify({ abortKey: conversationId, endpoint: 'openAI' }), headers: { 'content-type': 'application/json', authorization: `Bearer ${chat.token}` } });
    const payload = await stopped.json();
    expect(payload.responseMessage).toMatchObject({ finish_reason: 'incomplete', unfinished: false });
    const rest = await readAll(attached);
    expect(rest.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: payload.responseMessage.text, finish_reason: 'incomplete' } });
    expect(payload.responseMessage.text.length).toBeLessThan(reply.length);
  });

  it('a client that went away and was not re-attached within the grace stops the turn, as before', async () => {
    const { controller, conversationId } = await start({ reattachGraceMs: 150 });
    controller.abort();
    const upstream = chat.upstreams.openai.control.requests.find((request) => request.path.endsWith('/chat/completions'))!;
    expect(await upstream.outcome).toBe('client-closed');
    await expect.poll(async () => (await chat.app.store.messages.listByConversation(chat.userId, conversationId)).find((message) => !message.isCreatedByUser)?.finish_reason).toBe('incomplete');
  });
});
