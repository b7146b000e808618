import diagnosticsChannel from 'node:diagnostics_channel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { NO_PARENT } from '../../chat/message-tree.js';

let chat: ChatTestContext;
afterEach(async () => {
  await chat?.close();
});

/** The newest chat request upstream, not a background title request. */
const lastChatRequest = () => chat.upstreams.openai.control.requests.filter((request) => request.body?.max_tokens !== 16).at(-1)!;

const firstTurn = (extra: Record<string, unknown> = {}) => ({
  text: 'Hello there', conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI', ...extra,
});

describe('a new turn', () => {
  it('streams created, cumulative message frames and final, and stores both messages', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'Hi! How can I help?', chunkSize: 5 });
    const { status, frames } = await chat.ask(firstTurn({ promptPrefix: 'Be brief.', temperature: 0.5 }));
    expect(status).toBe(200);
    expect(frames[0]).toMatchObject({ event: 'message', data: { created: true, message: { text: 'Hello there', isCreatedByUser: true, sender: 'User' } } });
    const progress = frames.filter((frame) => frame.data.message === true);
    expect(progress.map((frame) => frame.data.text)).toEqual(['Hi! H', 'Hi! How ca', 'Hi! How can I h', 'Hi! How can I help?']);
    expect(progress[0].data.initial).toBe(true);
    const final = frames.at(-1)!.data;
    expect(final).toMatchObject({ final: true, title: 'New Chat', responseMessage: { text: 'Hi! How can I help?', unfinished: false, isCreatedByUser: false, sender: 'ChatGPT' } });
    expect(final.requestMessage.messageId).toBe(frames[0].data.message.messageId);
    expect(final.responseMessage.parentMessageId).toBe(final.requestMessage.messageId);
    expect(final.conversation).toMatchObject({ conversationId: final.requestMessage.conversationId, endpoint: 'openAI', model: 'gpt-4o-mini', promptPrefix: 'Be brief.', temperature: 0.5 });

    const sent = lastChatRequest();
    expect(sent.headers.authorization).toBe('Bearer sk-fake-openai');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.5, stream: true, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello there' }] });

    // The conversation keeps its options, not the message fields of the request.
    expect(final.conversation).not.toHaveProperty('text');
    expect(final.conversation).not.toHaveProperty('parentMessageId');
    const stored = await chat.app.inject({ url: `/api/messages/${final.conversation.conversationId}`, headers: { authorization: `Bearer ${chat.token}` } });
    expect(stored.json().map((message: { text: string }) => message.text)).toEqual(['Hello there', 'Hi! How can I help?']);
  });

  it('leaves endpointType out for a built-in endpoint, in the final frame and every later answer (LibreChat\'s client crashes on null)', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'Hi!' });
    const { frames } = await chat.ask(firstTurn());
    const final = frames.at(-1)!.data;
    const conversationId = final.conversation.conversationId;
    const headers = { authorization: `Bearer ${chat.token}` };
    const answers = [
      final.conversation,
      (await chat.app.inject({ url: '/api/convos', headers })).json().conversations[0],
      (await chat.app.inject({ url: `/api/convos/${conversationId}`, headers })).json(),
      (await chat.app.inject({ method: 'POST', url: '/api/convos/update', payload: { arg: { conversationId, title: 'Renamed' } }, headers })).json(),
    ];
    for (const conversation of answers) {
      expect(conversation).toMatchObject({ conversationId, endpoint: 'openAI' });
      expect(conversation).not.toHaveProperty('endpointType');
      expect(Object.entries(conversation).filter(([, value]) => value === null)).toEqual([]);
    }
    for (const message of [frames[0].data.message, final.requestMessage, final.responseMessage]) {
      expect(Object.entries(message).filter(([, value]) => value === null)).toEqual([]);
    }
  });

  it('sends the earlier turns upstream on a follow-up, and only the branch', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: (request) => `echo ${request.body.messages.length}` });
    const first = (await chat.ask(firstTurn())).frames.at(-1)!.data;
    const conversationId = first.conversation.conversationId;
    await chat.ask(firstTurn({ text: 'Second', conversationId, parentMessageId: first.responseMessage.messageId }));
    expect(lastChatRequest().body.messages).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'echo 1' },
      { role: 'user', content: 'Second' },
    ]);
    // Editing the first message makes a sibling: the new branch does not carry the old one.
    const edited = (await chat.ask(firstTurn({ text: 'Hello again', conversationId, parentMessageId: NO_PARENT }))).frames.at(-1)!.data;
    expect(lastChatRequest().body.messages).toEqual([{ role: 'user', content: 'Hello again' }]);
    expect(edited.requestMessage.parentMessageId).toBe(NO_PARENT);
  });

  it('regenerates a sibling reply under the same user message', async () => {
    chat = await buildChatTestServer();
    const first = (await chat.ask(firstTurn())).frames.at(-1)!.data;
    chat.upstreams.openai.control.configure({ reply: 'Another answer' });
    const again = (await chat.ask(firstTurn({ conversationId: first.conversation.conversationId, parentMessageId: NO_PARENT, overrideParentMessageId: first.requestMessage.messageId }))).frames.at(-1)!.data;
    expect(again.requestMessage.messageId).toBe(first.requestMessage.messageId);
    expect(again.responseMessage.parentMessageId).toBe(first.requestMessage.messageId);
    expect(again.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
    const messages = await chat.app.store.messages.listByConversation(chat.userId, first.conversation.conversationId);
    expect(messages.filter((message) => message.parentMessageId === first.requestMessage.messageId)).toHaveLength(2);
  });

  it('continues a reply from its text through /api/edit, in the same message', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'The first part' });
    const first = (await chat.ask(firstTurn())).frames.at(-1)!.data;
    chat.upstreams.openai.control.configure({ reply: ' and the rest.' });
    const continued = await chat.ask(
      firstTurn({ conversationId: first.conversation.conversationId, isContinued: true, responseMessageId: first.responseMessage.messageId, generation: 'The first part', overrideParentMessageId: first.requestMessage.messageId }),
      { mode: 'edit' },
    );
    const final = continued.frames.at(-1)!.data;
    expect(final.responseMessage).toMatchObject({ messageId: first.responseMessage.messageId, text: 'The first part and the rest.' });
    expect(lastChatRequest().body.messages.at(-1)).toEqual({ role: 'assistant', content: 'The first part' });
    expect(await chat.app.store.messages.listByConversation(chat.userId, first.conversation.conversationId)).toHaveLength(2);
  });
});

describe('refusals', () => {
  it('answers 4xx before streaming for an unknown endpoint, bad parameters and foreign ids', async () => {
    chat = await buildChatTestServer();
    const unknown = await chat.ask(firstTurn(), { endpoint: 'nope' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.body)).toEqual({ code: 'unknown_endpoint', message: 'Unknown endpoint: nope' });
    const bad = await chat.ask(firstTurn({ temperature: 5 }));
    expect(JSON.parse(bad.body).message).toBe('temperature must be between 0 and 2');
    const empty = await chat.ask(firstTurn({ text: '   ' }));
    expect(JSON.parse(empty.body).message).toBe('text is required');

    const first = (await chat.ask(firstTurn())).frames.at(-1)!.data;
    const other = await chat.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Other User', email: 'other@example.com', password: 'password1', confirm_password: 'password1' } });
    const foreign = await chat.ask(firstTurn({ conversationId: first.conversation.conversationId, parentMessageId: first.responseMessage.messageId }), { token: other.json().token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain('Hello there');
  });

  it('sends illegal_model_request as an error frame for a model the endpoint does not offer', async () => {
    chat = await buildChatTestServer();
    const { frames } = await chat.ask(firstTurn({ model: 'gpt-nonexistent' }));
    expect(frames).toHaveLength(1);
    expect(frames[0].event).toBe('error');
    expect(JSON.parse(frames[0].data.text)).toMatchObject({ type: 'illegal_model_request' });
    expect(chat.upstreams.openai.control.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(0);
  });

  it('turns upstream 401 and quota errors into catalogue errors and keeps the error reply', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.failNext({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key provided' });
    const rejected = await chat.ask(firstTurn());
    const error = rejected.frames.at(-1)!;
    expect(error.event).toBe('error');
    expect(JSON.parse(error.data.text)).toMatchObject({ type: 'invalid_api_key' });
    expect(error.data).toMatchObject({ error: true, final: true });
    const saved = await chat.app.store.messages.find(chat.userId, error.data.messageId);
    expect(saved).toMatchObject({ error: true });

    chat.upstreams.openai.control.failNext({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota', message: 'You exceeded your current quota' }, 3);
    const quota = await chat.ask(firstTurn());
    expect(JSON.parse(quota.frames.at(-1)!.data.text)).toMatchObject({ type: 'insufficient_quota' });
  });

  it('keeps what streamed before the upstream cut the stream, as an incomplete reply that can be continued', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'This reply will be cut in the middle of it', chunkSize: 5, disconnectAfterChunks: 3 });
    const { frames } = await chat.ask(firstTurn());
    const final = frames.at(-1)!;
    expect(final.event).toBe('message');
    // As LibreChat answers a failure after some text: the partial reply, unfinished false, finish_reason incomplete.
    expect(final.data.responseMessage).toMatchObject({ text: 'This reply will', unfinished: false, error: false, finish_reason: 'incomplete' });
    const saved = await chat.app.store.messages.find(chat.userId, final.data.responseMessage.messageId);
    expect(saved).toMatchObject({ text: 'This reply will', unfinished: false, finish_reason: 'incomplete' });
  });
});

describe('storage while streaming', () => {
  it('does not write to the database per token', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'x'.repeat(400), chunkSize: 1 });
    const upserts = vi.spyOn(chat.app.store.messages, 'upsert');
    const { frames } = await chat.ask(firstTurn());
    expect(frames.filter((frame) => frame.data.message === true)).toHaveLength(400);
    // The user message and the final reply; a partial save only happens after three seconds.
    expect(upserts).toHaveBeenCalledTimes(2);
  });

  it('starts the upstream request before storing the turn, and stops it when the turn cannot be stored', async () => {
    chat = await buildChatTestServer({ env: { TITLE_CONVO: 'false' } });
    chat.upstreams.openai.control.configure({ reply: 'never shown', delayMs: 200 });
    // The fake upstream runs in this process, so it cannot have read the request yet: watch the HTTP client instead.
    const started: string[] = [];
    const onRequest = (message: unknown) => started.push((message as { request: { path: string } }).request.path);
    diagnosticsChannel.subscribe('undici:request:create', onRequest);
    const startedWhenStoring: string[][] = [];
    vi.spyOn(chat.app.store.conversations, 'upsert').mockImplementation(async () => {
      startedWhenStoring.push([...started]);
      throw new Error('disk full');
    });
    const { frames } = await chat.ask(firstTurn());
    diagnosticsChannel.unsubscribe('undici:request:create', onRequest);
    expect(startedWhenStoring).toEqual([['/v1/chat/completions']]);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ event: 'error', data: { error: true, final: true } });
    expect(frames[0].data.text).not.toContain('never shown');
    expect(await chat.app.store.messages.find(chat.userId, frames[0].data.messageId)).toBeNull();
  });

  it('prunes the history to the context window, keeping the newest turns', async () => {
    chat = await buildChatTestServer();
    chat.upstreams.openai.control.configure({ reply: 'ok' });
    let parent = NO_PARENT;
    let conversationId: string | null = null;
    for (const text of ['one '.repeat(400), 'two '.repeat(400), 'three']) {
      const final: any = (await chat.ask(firstTurn({ text, conversationId, parentMessageId: parent, maxContextTokens: 1000, maxOutputTokens: 300 }))).frames.at(-1)!.data;
      parent = final.responseMessage.messageId;
      conversationId = final.conversation.conversationId;
    }
    const sent: Array<{ content: string }> = lastChatRequest().body.messages;
    expect(sent.at(-1)!.content).toBe('three');
    expect(sent.some((message) => message.content.startsWith('one'))).toBe(false);
    expect(sent.some((message) => message.content.startsWith('two'))).toBe(true);
  });
});
