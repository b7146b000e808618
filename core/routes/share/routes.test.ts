import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

const rootMessageId = '00000000-0000-0000-0000-000000000000';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

async function start(env: Record<string, string> = {}) {
  ({ app, alice, bob } = await twoSignedInUsers({ env }));
}
afterEach(async () => {
  await app?.close();
});

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, account?: SignedInUser, payload?: object) =>
  app.inject({ method, url, headers: account ? bearer(account) : {}, ...(payload ? { payload } : {}) });

/** A conversation of alice with two branches: hello → (first answer | second answer). */
async function seedConversation(owner = alice) {
  const conversationId = randomUUID();
  await app.store.conversations.upsert({ conversationId, user: owner.userId, title: 'Trip to Lisbon', endpoint: 'openAI', model: 'gpt-4o' });
  const add = (text: string, parentMessageId: string, overrides: Record<string, unknown> = {}) =>
    app.store.messages.upsert({ messageId: randomUUID(), conversationId, user: owner.userId, parentMessageId, sender: 'User', text, isCreatedByUser: true, error: false, unfinished: false, ...overrides });
  const question = await add('Where should I eat?', rootMessageId, { sender: 'Alice Example', files: [{ file_id: randomUUID(), filename: 'map.png', filepath: '/images/secret/map.png', type: 'image/png' }] });
  const first = await add('Try **Time Out Market**.', question.messageId, { isCreatedByUser: false, sender: 'GPT-4o', model: 'gpt-4o', endpoint: 'openAI' });
  const second = await add('Try a tasca in Alfama.', question.messageId, { isCreatedByUser: false, sender: 'GPT-4o', model: 'gpt-4o', endpoint: 'openAI' });
  return { conversationId, question, first, second, add };
}

describe('/api/share', () => {
  it('shares the branch on screen, which anyone with the link reads signed out, without the owner or their ids', async () => {
    await start();
    const { conversationId, question, first } = await seedConversation();
    const created = await request('POST', `/api/share/${conversationId}`, alice, { targetMessageId: first.messageId });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ conversationId, title: 'Trip to Lisbon', isPublic: true, messageCount: 2 });
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const publicPage = await request('GET', `/api/share/${link.shareId}`);
    expect(publicPage.statusCode).toBe(200);
    const shared = publicPage.json();
    expect(shared).toMatchObject({ shareId: link.shareId, conversationId: link.shareId, title: 'Trip to Lisbon', isPublic: true });
    expect(shared.messages.map((message: { text: string }) => message.text)).toEqual(['Where should I eat?', 'Try **Time Out Market**.']);
    expect(shared.messages[0]).toMatchObject({ parentMessageId: rootMessageId, isCreatedByUser: true, attachmentCount: 0, images: [{ imageId: expect.any(String), type: 'image/png', width: null, height: null }], sender: 'User' });
    expect(shared.messages[1]).toMatchObject({ parentMessageId: shared.messages[0].messageId, model: 'gpt-4o', endpoint: 'openAI', sender: 'GPT-4o' });
    const body = publicPage.body;
    for (const secret of ['Alice Example', alice.userId, conversationId, question.messageId, first.messageId, question.files![0].file_id, '/images/secret', 'map.png']) expect(body).not.toContain(secret);

    // Another signed-in user reads it too.
    expect((await request('GET', `/api/share/${link.shareId}`, bob)).json().messages).toHaveLength(2);
  });

  it('shares the newest branch without a target, and answers the link of a conversation', async () => {
    await start();
    const { conversationId } = await seedConversation();
    expect((await request('GET', `/api/share/link/${conversationId}`, alice)).json()).toEqual({ success: false, shareId: null, conversationId });
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice)).json();
    const shared = (await request('GET', `/api/share/${shareId}`)).json();
    expect(shared.messages.map((message: { text: string }) => message.text)).toEqual(['Where should I eat?', 'Try a tasca in Alfama.']);
    expect((await request('GET', `/api/share/link/${conversationId}`, alice)).json()).toEqual({ success: true, shareId, conversationId });
    expect((await request('GET', `/api/share/link/${conversationId}`, bob)).statusCode).toBe(404);
    const again = await request('POST', `/api/share/${conversationId}`, alice);
    expect(again.statusCode).toBe(409);
  });

  it('is a snapshot: later messages appear only once the owner updates the link', async () => {
    await start();
    const { conversationId, second, add } = await seedConversation();
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice)).json();
    const later = await add('And for dessert?', second.messageId);
    await app.store.conversations.update(alice.userId, conversationId, { title: 'Lisbon food' });
    const before = (await request('GET', `/api/share/${shareId}`)).json();
    expect(before.messages).toHaveLength(2);
    expect(before.title).toBe('Trip to Lisbon');

    const updated = await request('PATCH', `/api/share/${shareId}`, alice, { targetMessageId: later.messageId });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ shareId, title: 'Lisbon food', messageCount: 3 });
    const after = (await request('GET', `/api/share/${shareId}`)).json();
    expect(after.messages.map((message: { text: string }) => message.text).at(-1)).toBe('And for dessert?');
    expect(after.title).toBe('Lisbon food');
  });

  it("lists only the owner's links, newest first, a page at a time", async () => {
    await start();
    const one = await seedConversation();
    const two = await seedConversation();
    const mine = await seedConversation(bob);
    await request('POST', `/api/share/${one.conversationId}`, alice);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await request('POST', `/api/share/${two.conversationId}`, alice);
    await request('POST', `/api/share/${mine.conversationId}`, bob);
    const firstPage = (await request('GET', '/api/share?pageSize=1', alice)).json();
    expect(firstPage).toMatchObject({ hasNextPage: true, nextCursor: '1', links: [{ conversationId: two.conversationId, title: 'Trip to Lisbon', messageCount: 2 }] });
    const secondPage = (await request('GET', `/api/share?pageSize=1&cursor=${firstPage.nextCursor}`, alice)).json();
    expect(secondPage).toMatchObject({ hasNextPage: false, nextCursor: null, links: [{ conversationId: one.conversationId }] });
    expect((await request('GET', '/api/share', bob)).json().links).toHaveLength(1);
    expect((await request('GET', '/api/share')).statusCode).toBe(401);
    const bad = await request('GET', '/api/share?pageSize=0', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('pageSize must be at least 1');
  });

  it("answers 404 for another user's conversation or link, and for a revoked one", async () => {
    await start();
    const { conversationId, first } = await seedConversation();
    expect((await request('POST', `/api/share/${conversationId}`, bob)).statusCode).toBe(404);
    expect((await request('POST', `/api/share/${conversationId}`, alice, { targetMessageId: 'not-a-message' })).statusCode).toBe(404);
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice, { targetMessageId: first.messageId })).json();
    expect((await request('PATCH', `/api/share/${shareId}`, bob)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/share/${shareId}`, bob)).statusCode).toBe(404);
    expect((await request('GET', `/api/share/${shareId}`)).statusCode).toBe(200);

    const revoked = await request('DELETE', `/api/share/${shareId}`, alice);
    expect(revoked.json()).toEqual({ success: true, shareId, message: 'Shared link deleted' });
    const gone = await request('GET', `/api/share/${shareId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Shared link not found');
    expect((await request('DELETE', `/api/share/${shareId}`, alice)).statusCode).toBe(404);
  });

  it('answers a malformed id with a 404 and a malformed body with a 400', async () => {
    await start();
    const { conversationId } = await seedConversation();
    // Not a share id at all: a link that does not exist.
    const badId = await request('GET', '/api/share/short');
    expect(badId.statusCode).toBe(404);
    expect(badId.json().message).toBe('Shared link not found');
    const badBody = await request('POST', `/api/share/${conversationId}`, alice, { targetMessageId: 42 });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe('targetMessageId must be a string');
  });

  it('removes the link with its conversation', async () => {
    await start();
    const { conversationId } = await seedConversation();
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice)).json();
    await app.inject({ method: 'DELETE', url: `/api/convos/${conversationId}`, headers: bearer(alice) });
    expect((await request('GET', `/api/share/${shareId}`)).statusCode).toBe(404);
  });

  it('limits how often one address opens links', async () => {
    await start();
    const { conversationId } = await seedConversation();
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice)).json();
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) statuses.push((await request('GET', `/api/share/${shareId}`)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await request('GET', `/api/share/${shareId}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many shared conversations opened, please try again after 1 minutes.');
  });
});

describe('operator switches', () => {
  it('ALLOW_SHARED_LINKS=false turns every route into a 403 and tells the UI', async () => {
    await start({ ALLOW_SHARED_LINKS: 'false' });
    const { conversationId } = await seedConversation();
    const refused = await request('POST', `/api/share/${conversationId}`, alice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Shared links are turned off on this server.');
    expect((await request('GET', '/api/share', alice)).statusCode).toBe(403);
    expect((await request('GET', '/api/share/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ sharedLinksEnabled: false, publicSharedLinksEnabled: false });
  });

  it('ALLOW_SHARED_LINKS_PUBLIC=false lets only signed-in users open a link', async () => {
    await start({ ALLOW_SHARED_LINKS_PUBLIC: 'false' });
    const { conversationId } = await seedConversation();
    const { shareId } = (await request('POST', `/api/share/${conversationId}`, alice)).json();
    expect((await request('GET', `/api/share/${shareId}`)).statusCode).toBe(401);
    expect((await request('GET', `/api/share/${shareId}`, bob)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ sharedLinksEnabled: true, publicSharedLinksEnabled: false });
  });
});
