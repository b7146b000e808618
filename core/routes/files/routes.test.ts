import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileInput, pause } from '../../store/conformance/context.js';
import { bearer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;

beforeEach(async () => {
  ({ app, alice, bob } = await twoSignedInUsers());
});
afterEach(async () => {
  await app?.close();
});

const list = (account: SignedInUser) => app.inject({ method: 'GET', url: '/api/files', headers: bearer(account) });

describe('GET /api/files', () => {
  it('answers an empty array for a user without files', async () => {
    const response = await list(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("lists only the caller's files, newest first, in the TFile shape without null fields", async () => {
    const text = await app.store.files.upsert(fileInput(alice.userId));
    await pause();
    const image = await app.store.files.upsert(fileInput(alice.userId, { type: 'image/png', width: 640, height: 480, conversationId: 'c1' }));
    await app.store.files.upsert(fileInput(bob.userId));
    const files = (await list(alice)).json();
    expect(files.map((file: { file_id: string }) => file.file_id)).toEqual([image.file_id, text.file_id]);
    expect(files[0]).toMatchObject({ type: 'image/png', width: 640, height: 480, conversationId: 'c1', object: 'file', usage: 0, embedded: false, source: 'local' });
    expect(files[1]).not.toHaveProperty('width');
    expect(files[1]).not.toHaveProperty('conversationId');
    expect(files[1].updatedAt).toBe(text.updatedAt.toISOString());
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/files' })).statusCode).toBe(401);
  });
});
