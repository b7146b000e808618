import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT } from '../../chat/message-tree.js';
import { seedConversations } from '../../search/contract/search-fixtures.js';
import { buildChatTestServer, type ChatTestContext } from '../../../testing/build-chat-test-server.js';
import { buildTestServer, registerUser } from '../../../testing/build-test-server.js';
import { startMeiliDouble, type MeiliDouble } from '../../../testing/meili-double/index.js';
import { testStoreDriver } from '../../../testing/test-store.js';

let app: FastifyInstance | undefined;
let chat: ChatTestContext | undefined;
let double: MeiliDouble | undefined;
afterEach(async () => {
  await app?.close();
  await chat?.close();
  await double?.close();
  app = chat = double = undefined;
});

const get = (server: FastifyInstance, url: string, token: string) => server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function signedIn(server: FastifyInstance) {
  const account = await registerUser(server);
  const user = (await server.store.users.findById(account.userId))!;
  return { ...account, user };
}

// The embedded FTS5 index lives inside the SQLite database: on MongoDB (npm run test:mongo) search is
// Meilisearch's by design, which the describe below covers on either store.
describe.skipIf(testStoreDriver() === 'mongo')('GET /api/search on the embedded index', () => {
  it("answers LibreChat's shape: the user's conversations and their highlighted messages, paged", async () => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    const bob = await signedIn(app);
    const [trip] = await seedConversations(app.store, alice.user, [{ title: 'Lisbon trip', messages: ['Where to eat pastel de nata?', 'Try Manteigaria for pastel de nata.'] }]);
    await seedConversations(app.store, bob.user, [{ title: 'Bob pastel', messages: ['pastel for bob'] }]);

    const response = await get(app, '/api/search?q=pastel%20nat', alice.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ pageNumber: 1, pageSize: 25, pages: 1, filter: { q: 'pastel nat' } });
    expect(body.conversations).toEqual([expect.objectContaining({ conversationId: trip.conversationId, title: 'Lisbon trip', user: alice.userId })]);
    expect(body.messages).toHaveLength(2);
    expect(body.messages[0]).toMatchObject({ conversationId: trip.conversationId, searchResult: true, title: 'Lisbon trip', chatGptLabel: null, user: alice.userId });
    expect(body.messages.map((message: { text: string }) => message.text).sort()).toEqual(['Try Manteigaria for **pastel** de **nata**.', 'Where to eat **pastel** de **nata**?']);
    expect(body.messages[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('leaves out the nulls LibreChat\'s client rejects on the conversations it finds (endpointType of a built-in endpoint)', async () => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    const [trip] = await seedConversations(app.store, alice.user, [{ title: 'Lisbon trip', messages: ['pastel de nata'] }]);
    await app.store.conversations.update(alice.userId, trip.conversationId, { endpointType: null, temperature: null, tools: null });
    const [conversation] = (await get(app, '/api/search?q=pastel', alice.token)).json().conversations;
    expect(conversation).toMatchObject({ conversationId: trip.conversationId, endpoint: 'openAI' });
    for (const field of ['endpointType', 'temperature', 'tools']) expect(conversation).not.toHaveProperty(field);
  });

  it('finds nothing more of the caller after "clear all" ({arg: {}}), and still finds the other user\'s', async () => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    const bob = await signedIn(app);
    await seedConversations(app.store, alice.user, [{ title: 'Lisbon trip', messages: ['pastel de nata'] }, { messages: ['more pastel'] }]);
    await seedConversations(app.store, bob.user, [{ messages: ['pastel for bob'] }]);
    expect((await get(app, '/api/search?q=pastel', alice.token)).json().conversations).toHaveLength(2);
    const cleared = await app.inject({ method: 'POST', url: '/api/convos/clear', payload: { arg: {} }, headers: { authorization: `Bearer ${alice.token}` } });
    expect(cleared.json()).toEqual({ deletedCount: 2 });
    expect((await get(app, '/api/search?q=pastel', alice.token)).json()).toMatchObject({ conversations: [], messages: [] });
    expect((await get(app, '/api/search?q=pastel', bob.token)).json().conversations).toHaveLength(1);
  });

  it('answers an empty page for no match or a query without words, and survives hostile input', async () => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    await seedConversations(app.store, alice.user, [{ messages: ['something'] }]);
    const empty = { conversations: [], messages: [], pageNumber: 1, pageSize: 25, pages: 1 };
    expect((await get(app, '/api/search?q=nothing', alice.token)).json()).toMatchObject(empty);
    for (const q of ['"', '*', 'NEAR(', ')) OR ((', "'--", 'AND', '-']) {
      const response = await get(app, `/api/search?q=${encodeURIComponent(q)}`, alice.token);
      expect(response.statusCode, q).toBe(200);
      expect(response.json().conversations, q).toEqual([]);
    }
  });

  it.each([
    ['', 'q is required'],
    ['?q=', 'q is required'],
    ['?q=%20%20', 'q is required'],
    [`?q=${'a'.repeat(501)}`, 'q must be at most 500 characters'],
    ['?q=x&pageNumber=0', 'pageNumber must be at least 1'],
    ['?q=x&pageSize=101', 'pageSize must be at most 100'],
  ])('refuses %s with "%s"', async (query, message) => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    const response = await get(app, `/api/search${query}`, alice.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', message });
  });

  it('needs a signed-in user, and says whether search is on', async () => {
    app = await buildTestServer();
    const alice = await signedIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/search?q=x' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/search/enable' })).statusCode).toBe(401);
    const enable = await get(app, '/api/search/enable', alice.token);
    expect(enable.json()).toBe(true);
    expect(enable.headers['content-type']).toMatch(/application\/json/);
  });

  it('is hidden and refused when SEARCH=false', async () => {
    app = await buildTestServer({ env: { SEARCH: 'false' } });
    const alice = await signedIn(app);
    expect((await get(app, '/api/search/enable', alice.token)).json()).toBe(false);
    const response = await get(app, '/api/search?q=x', alice.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Search is not enabled on this server' });
  });

  it('refuses to start with half a Meilisearch configuration', async () => {
    await expect(buildTestServer({ env: { MEILI_HOST: 'http://127.0.0.1:1' } })).rejects.toThrow(/MEILI_MASTER_KEY is required/);
  });
});

describe('GET /api/search on Meilisearch', () => {
  const turn = (text: string) => ({ text, conversationId: null, parentMessageId: NO_PARENT, model: 'gpt-4o-mini', endpoint: 'openAI' });

  it('keeps chat working while Meilisearch is down, answers a clear 503, and finds the turn once it is back', async () => {
    double = await startMeiliDouble();
    chat = await buildChatTestServer({ env: { MEILI_HOST: double.url, MEILI_MASTER_KEY: double.masterKey! } });
    const { app: server, token } = chat;
    await server.searchIndex.flush();
    expect((await get(server, '/api/search/enable', token)).json()).toBe(true);
    await double.stop();

    chat.upstreams.openai.control.configure({ reply: 'A flamingo stands on one leg to save heat.' });
    const { status, frames } = await chat.ask(turn('Why do flamingos stand on one leg?'));
    expect(status).toBe(200);
    const final = frames.at(-1)!.data;
    expect(final).toMatchObject({ final: true, responseMessage: { text: 'A flamingo stands on one leg to save heat.' } });
    expect(await server.store.messages.find(chat.userId, final.responseMessage.messageId)).not.toBeNull();
    expect(await server.store.searchOutbox.count()).toBeGreaterThan(0);

    const unavailable = await get(server, '/api/search?q=flamingo', token);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ code: 'search_unavailable', message: 'Search is temporarily unavailable (Meilisearch cannot be reached), please try again in a few moments.' });

    await double.start();
    // The background title generation may write once more after the turn: drain until nothing is left.
    await vi.waitFor(async () => {
      await server.searchIndex.flush();
      expect(await server.store.searchOutbox.count()).toBe(0);
    });
    const found = (await get(server, '/api/search?q=flamingo', token)).json();
    expect(found.conversations.map((conversation: { conversationId: string }) => conversation.conversationId)).toEqual([final.conversation.conversationId]);
    expect(found.messages.map((message: { text: string }) => message.text)).toEqual(
      expect.arrayContaining(['Why do **flamingos** stand on one leg?', 'A **flamingo** stands on one leg to save heat.']),
    );
  });

  it('is hidden while Meilisearch cannot be reached', async () => {
    double = await startMeiliDouble();
    await double.stop();
    app = await buildTestServer({ env: { MEILI_HOST: double.url, MEILI_MASTER_KEY: double.masterKey! } });
    const alice = await signedIn(app);
    expect((await get(app, '/api/search/enable', alice.token)).json()).toBe(false);
  });
});
