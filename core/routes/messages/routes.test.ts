import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countTokens } from '../../chat/tokens.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

const root = '00000000-0000-0000-0000-000000000000';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers());
});
afterEach(async () => {
  await app?.close();
});

const put = (url: string, payload: unknown, account = alice) => app.inject({ method: 'PUT', url, payload: payload as object, headers: bearer(account) });

/** The chat routes do not exist yet: the tree is written straight into the store. */
async function seedTree(userId: string, conversationId: string) {
  await app.store.conversations.upsert({ conversationId, user: userId, title: 'Tree', endpoint: 'openAI' });
  const base = Date.now() - 60_000;
  const message = (messageId: string, parentMessageId: string, offsetSeconds: number, isCreatedByUser: boolean, text: string) =>
    app.store.messages.upsert({
      messageId, conversationId, user: userId, parentMessageId, sender: isCreatedByUser ? 'User' : 'GPT-4',
      text, isCreatedByUser, error: false, unfinished: false, endpoint: 'openAI', model: 'gpt-4o', tokenCount: 12,
      createdAt: new Date(base + offsetSeconds * 1000),
    });
  // Written out of order on purpose: the answer is ordered by creation time, not by insertion.
  await message('reply-b', 'question', 20, false, 'Second answer (regenerated)');
  await message('question', root, 0, true, 'What is 2 + 2?');
  await message('reply-a', 'question', 10, false, 'First answer');
}

describe('GET /api/messages/:conversationId', () => {
  it('answers every branch as a flat list, oldest first, with ISO dates', async () => {
    await seedTree(alice.userId, 'tree');
    const response = await app.inject({ method: 'GET', url: '/api/messages/tree', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages.map((message: { messageId: string }) => message.messageId)).toEqual(['question', 'reply-a', 'reply-b']);
    expect(messages[0]).toMatchObject({ conversationId: 'tree', parentMessageId: root, isCreatedByUser: true, text: 'What is 2 + 2?', isEdited: false, user: alice.userId });
    expect(messages[1]).toMatchObject({ parentMessageId: 'question', sender: 'GPT-4', model: 'gpt-4o' });
    expect(new Date(messages[0].createdAt).toISOString()).toBe(messages[0].createdAt);
  });

  it('answers an empty list for a conversation without messages', async () => {
    await app.store.conversations.upsert({ conversationId: 'empty', user: alice.userId, title: 'Empty' });
    expect((await app.inject({ method: 'GET', url: '/api/messages/empty', headers: bearer(alice) })).json()).toEqual([]);
  });

  it('answers 404, never messages, for another user\'s or an unknown conversation', async () => {
    await seedTree(alice.userId, 'private');
    const stolen = await app.inject({ method: 'GET', url: '/api/messages/private', headers: bearer(bob) });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Conversation not found' });
    expect((await app.inject({ method: 'GET', url: '/api/messages/unknown', headers: bearer(alice) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/messages/private' })).statusCode).toBe(401);
  });
});

describe('PUT /api/messages/:conversationId/:messageId', () => {
  it('updates the text, marks it edited, and answers the message', async () => {
    await seedTree(alice.userId, 'tree');
    const response = await put('/api/messages/tree/reply-a', { text: 'Four.', model: 'gpt-4o' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ messageId: 'reply-a', conversationId: 'tree', text: 'Four.', isEdited: true, parentMessageId: 'question' });
    const stored = await app.store.messages.find(alice.userId, 'reply-a');
    expect(stored).toMatchObject({ text: 'Four.', isEdited: true });
  });

  it('recounts the edited text\'s tokens with the message\'s own model, in the answer and the store', async () => {
    await seedTree(alice.userId, 'tree');
    const text = 'Four, because two plus two is four. '.repeat(10);
    const response = await put('/api/messages/tree/reply-a', { text, model: 'gpt-3.5-turbo' });
    const expected = countTokens(text, 'gpt-4o');
    expect(expected).not.toBe(12);
    expect(response.json().tokenCount).toBe(expected);
    expect((await app.store.messages.find(alice.userId, 'reply-a'))!.tokenCount).toBe(expected);
  });

  it('leaves out every field without a value that LibreChat\'s client rejects as null, and keeps the nullable ones', async () => {
    await app.store.conversations.upsert({ conversationId: 'bare', user: alice.userId, title: 'Bare' });
    await app.store.messages.upsert({
      messageId: 'm1', conversationId: 'bare', user: alice.userId, parentMessageId: root, sender: 'User', text: 'Hi', isCreatedByUser: true,
      error: false, unfinished: false, endpoint: null, finish_reason: null, tokenCount: null, plugins: null, model: null, files: null,
    });
    const answers = [(await app.inject({ method: 'GET', url: '/api/messages/bare', headers: bearer(alice) })).json()[0], (await put('/api/messages/bare/m1', { text: 'Hello' })).json()];
    for (const message of answers) {
      for (const field of ['endpoint', 'finish_reason', 'plugins']) expect(message).not.toHaveProperty(field);
      expect(message).toMatchObject({ messageId: 'm1', conversationId: 'bare', parentMessageId: root, sender: 'User', isCreatedByUser: true, error: false, unfinished: false, model: null });
    }
  });

  it('answers 404 for another user\'s message, an unknown id, or a message of another conversation', async () => {
    await seedTree(alice.userId, 'tree');
    await app.store.conversations.upsert({ conversationId: 'other', user: alice.userId, title: 'Other' });
    const stolen = await put('/api/messages/tree/reply-a', { text: 'Hijacked' }, bob);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Message not found');
    expect((await put('/api/messages/tree/unknown', { text: 'x' })).statusCode).toBe(404);
    expect((await put('/api/messages/other/reply-a', { text: 'x' })).statusCode).toBe(404);
    expect((await app.store.messages.find(alice.userId, 'reply-a'))!.text).toBe('First answer');
  });

  it.each([
    ['/api/messages/%20/reply-a', { text: 'x' }, 'conversationId is required'],
    ['/api/messages/tree/%20', { text: 'x' }, 'messageId is required'],
    ['/api/messages/tree/reply-a', {}, 'text is required'],
    ['/api/messages/tree/reply-a', { text: '' }, 'text is required'],
    ['/api/messages/tree/reply-a', { text: 42 }, 'text is required'],
    ['/api/messages/tree/reply-a', { text: 'x', model: 7 }, 'model must be a string'],
  ])('PUT %s %j answers 400 "%s"', async (url, payload, message) => {
    await seedTree(alice.userId, 'tree');
    const response = await put(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', message });
  });
});
