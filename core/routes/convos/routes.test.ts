import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { unwrapArgEnvelope } from './schema.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers());
});
afterEach(async () => {
  await app?.close();
});

const get = (url: string, account = alice) => app.inject({ method: 'GET', url, headers: bearer(account) });
const post = (url: string, payload: unknown, account = alice) => app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(account) });

/** The chat routes do not exist yet: conversations are written straight into the store. */
const seedConversation = (userId: string, conversationId: string, minutesAgo = 0, extra: Record<string, unknown> = {}) => {
  const updatedAt = new Date(Date.now() - minutesAgo * 60_000);
  return app.store.conversations.upsert({ conversationId, user: userId, title: `Chat ${conversationId}`, endpoint: 'openAI', model: 'gpt-4o', createdAt: updatedAt, updatedAt, ...extra });
};
const seedMessage = (userId: string, conversationId: string, messageId: string) =>
  app.store.messages.upsert({
    messageId, conversationId, user: userId, parentMessageId: '00000000-0000-0000-0000-000000000000',
    sender: 'User', text: 'hello', isCreatedByUser: true, error: false, unfinished: false,
  });

describe('GET /api/convos', () => {
  it('pages 25 at a time, newest update first, with the page count', async () => {
    for (let index = 0; index < 30; index += 1) await seedConversation(alice.userId, `c${index}`, index);
    await seedConversation(bob.userId, 'bob-only');

    const first = await get('/api/convos');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ pages: 2, pageNumber: 1, pageSize: 25 });
    expect(body.conversations).toHaveLength(25);
    expect(body.conversations.slice(0, 3).map((conversation: { conversationId: string }) => conversation.conversationId)).toEqual(['c0', 'c1', 'c2']);

    const second = (await get('/api/convos?pageNumber=2')).json();
    expect(second.pageNumber).toBe(2);
    expect(second.conversations.map((conversation: { conversationId: string }) => conversation.conversationId)).toEqual(['c25', 'c26', 'c27', 'c28', 'c29']);

    const small = (await get('/api/convos?pageNumber=3&pageSize=10')).json();
    expect(small).toMatchObject({ pages: 3, pageNumber: 3, pageSize: 10 });
    expect(small.conversations[0].conversationId).toBe('c20');
  });

  it('answers flat conversations with ISO dates and the stored options', async () => {
    await seedConversation(alice.userId, 'flat', 0, { temperature: 0.4, promptPrefix: 'Be brief', iconURL: 'https://example.com/i.png' });
    const [conversation] = (await get('/api/convos')).json().conversations;
    expect(conversation).toMatchObject({ conversationId: 'flat', title: 'Chat flat', user: alice.userId, endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4, promptPrefix: 'Be brief' });
    expect(new Date(conversation.updatedAt).toISOString()).toBe(conversation.updatedAt);
    expect(conversation.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('leaves out every field without a value that LibreChat\'s client rejects as null, on the list, by id and rename', async () => {
    // What older turns stored (endpointType null for a built-in endpoint) and what a client's "cleared" option saves.
    await seedConversation(alice.userId, 'nulls', 0, {
      title: 'Nulls pastel', endpointType: null, temperature: null, top_p: null, maxOutputTokens: null, resendFiles: null, imageDetail: null,
      file_ids: null, tools: null, examples: null, instructions: null, assistant_id: null, thread_id: null, iconURL: null,
      chatGptLabel: null, promptPrefix: null, modelLabel: null,
    });
    const answers = [
      (await get('/api/convos')).json().conversations[0],
      (await get('/api/convos/nulls')).json(),
      (await post('/api/convos/update', { arg: { conversationId: 'nulls', title: 'Renamed' } })).json(),
    ];
    for (const conversation of answers) {
      expect(conversation).toMatchObject({ conversationId: 'nulls', endpoint: 'openAI', model: 'gpt-4o' });
      for (const field of ['endpointType', 'temperature', 'top_p', 'maxOutputTokens', 'resendFiles', 'imageDetail', 'file_ids', 'tools', 'examples', 'instructions', 'assistant_id', 'thread_id', 'iconURL']) {
        expect(conversation).not.toHaveProperty(field);
      }
      // The contract accepts null for these: a cleared label or prefix stays cleared in the client's state.
      expect(conversation).toMatchObject({ chatGptLabel: null, promptPrefix: null, modelLabel: null });
      expect(typeof conversation.createdAt).toBe('string');
      expect(typeof conversation.updatedAt).toBe('string');
    }
  });

  it('shows an empty list as one empty page, never another user\'s conversations', async () => {
    await seedConversation(bob.userId, 'bob-only');
    expect((await get('/api/convos')).json()).toEqual({ conversations: [], pages: 1, pageNumber: 1, pageSize: 25 });
  });

  it.each([
    ['pageNumber=0', 'pageNumber must be at least 1'],
    ['pageNumber=abc', 'pageNumber must be a number'],
    ['pageNumber=1.5', 'pageNumber must be a whole number'],
    ['pageSize=101', 'pageSize must be at most 100'],
  ])('refuses ?%s with "%s"', async (query, message) => {
    const response = await get(`/api/convos?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', message });
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/convos' })).statusCode).toBe(401);
  });
});

describe('GET /api/convos/:conversationId', () => {
  it('answers the user\'s conversation and 404 for another user\'s or an unknown one', async () => {
    await seedConversation(alice.userId, 'mine');
    const mine = await get('/api/convos/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ conversationId: 'mine', user: alice.userId });

    const stolen = await get('/api/convos/mine', bob);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Conversation not found' });
    expect((await get('/api/convos/unknown')).statusCode).toBe(404);
  });
});

describe('POST /api/convos/update', () => {
  it('renames with a trimmed title, moves it to the top, and answers the conversation', async () => {
    await seedConversation(alice.userId, 'old', 60);
    await seedConversation(alice.userId, 'new', 0);
    const response = await post('/api/convos/update', { conversationId: 'old', title: '  Trip plans  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ conversationId: 'old', title: 'Trip plans', endpoint: 'openAI' });
    expect((await app.store.conversations.find(alice.userId, 'old'))!.title).toBe('Trip plans');
    expect((await get('/api/convos')).json().conversations[0].conversationId).toBe('old');
  });

  it('accepts LibreChat\'s {arg} envelope', async () => {
    await seedConversation(alice.userId, 'wrapped');
    const response = await post('/api/convos/update', { arg: { conversationId: 'wrapped', title: 'From LibreChat' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe('From LibreChat');
  });

  it.each([
    [{ title: 'No id' }, 'conversationId is required'],
    [{ conversationId: 'x', title: '   ' }, 'title is required'],
    [{ conversationId: 'x' }, 'title is required'],
    [{ conversationId: 'x', title: 't'.repeat(201) }, 'title must be at most 200 characters'],
    [{ arg: { title: 'wrapped, no id' } }, 'conversationId is required'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const response = await post('/api/convos/update', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('cannot rename another user\'s conversation', async () => {
    await seedConversation(alice.userId, 'private');
    const response = await post('/api/convos/update', { conversationId: 'private', title: 'Hijacked' }, bob);
    expect(response.statusCode).toBe(404);
    expect((await app.store.conversations.find(alice.userId, 'private'))!.title).toBe('Chat private');
  });
});

describe('POST /api/convos/clear and DELETE /api/convos/:conversationId', () => {
  it('deletes one conversation with its messages', async () => {
    await seedConversation(alice.userId, 'gone');
    await seedConversation(alice.userId, 'kept');
    await seedMessage(alice.userId, 'gone', 'm1');
    const response = await post('/api/convos/clear', { conversationId: 'gone' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await app.store.conversations.find(alice.userId, 'gone')).toBeNull();
    expect(await app.store.messages.find(alice.userId, 'm1')).toBeNull();
    expect(await app.store.conversations.find(alice.userId, 'kept')).not.toBeNull();
  });

  it('unwraps {arg: {conversationId, source, thread_id}} as LibreChat\'s client sends it', async () => {
    await seedConversation(alice.userId, 'wrapped');
    const response = await post('/api/convos/clear', { arg: { conversationId: 'wrapped', source: 'button', thread_id: null } });
    expect(response.json()).toEqual({ deletedCount: 1 });
  });

  it.each([
    ['{arg: {}} as LibreChat\'s "clear all" sends it', { arg: {} }],
    ['{}', {}],
    ['{all: true}', { all: true }],
  ])('deletes every conversation of the caller on %s, with their messages, and only theirs', async (_label, payload) => {
    await seedConversation(alice.userId, 'a1');
    await seedConversation(alice.userId, 'a2');
    await seedMessage(alice.userId, 'a1', 'm-alice');
    await seedConversation(bob.userId, 'b1');
    await seedMessage(bob.userId, 'b1', 'm-bob');

    const response = await post('/api/convos/clear', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 2 });
    expect((await get('/api/convos')).json().conversations).toEqual([]);
    expect(await app.store.messages.find(alice.userId, 'm-alice')).toBeNull();
    expect(await app.store.conversations.find(bob.userId, 'b1')).not.toBeNull();
    expect(await app.store.messages.find(bob.userId, 'm-bob')).not.toBeNull();
  });

  it('deletes every conversation of the caller on a request with no body (spec 000 §7: an empty argument clears all)', async () => {
    await seedConversation(alice.userId, 'a1');
    await seedConversation(bob.userId, 'b1');
    const response = await app.inject({ method: 'POST', url: '/api/convos/clear', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await app.store.conversations.find(alice.userId, 'a1')).toBeNull();
    expect(await app.store.conversations.find(bob.userId, 'b1')).not.toBeNull();
  });

  it.each([
    [{ all: false }, 'all must be true'],
    [{ conversationId: 'safe', all: true }, 'give either conversationId or all: true, not both'],
    [{ arg: { conversationId: 7 } }, 'conversationId is required'],
  ])('refuses %j with "%s" and deletes nothing', async (payload, message) => {
    await seedConversation(alice.userId, 'safe');
    const response = await post('/api/convos/clear', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', message });
    expect(await app.store.conversations.find(alice.userId, 'safe')).not.toBeNull();
  });

  it('answers 404 and deletes nothing for another user\'s conversation', async () => {
    await seedConversation(alice.userId, 'private');
    expect((await post('/api/convos/clear', { conversationId: 'private' }, bob)).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/convos/private', headers: bearer(bob) })).statusCode).toBe(404);
    expect(await app.store.conversations.find(alice.userId, 'private')).not.toBeNull();
  });

  it('DELETE removes one conversation and its messages', async () => {
    await seedConversation(alice.userId, 'bye');
    await seedMessage(alice.userId, 'bye', 'm2');
    const response = await app.inject({ method: 'DELETE', url: '/api/convos/bye', headers: bearer(alice) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await app.store.messages.find(alice.userId, 'm2')).toBeNull();
    expect((await app.inject({ method: 'DELETE', url: '/api/convos/bye', headers: bearer(alice) })).statusCode).toBe(404);
  });
});

describe('unwrapArgEnvelope', () => {
  it('unwraps only a body that is nothing but {arg: object}', () => {
    expect(unwrapArgEnvelope({ arg: { conversationId: 'x' } })).toEqual({ conversationId: 'x' });
    expect(unwrapArgEnvelope({ arg: { conversationId: 'x' }, conversationId: 'y' })).toEqual({ arg: { conversationId: 'x' }, conversationId: 'y' });
    expect(unwrapArgEnvelope({ arg: 'text' })).toEqual({ arg: 'text' });
    expect(unwrapArgEnvelope(undefined)).toBeUndefined();
  });
});
