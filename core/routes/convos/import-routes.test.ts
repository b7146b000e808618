import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestServer, twoSignedInUsers, type SignedInUser } from '../../../testing/build-test-server.js';
import { multipartBody, type FormPart } from '../../../testing/multipart-body.js';
import { testStoreDriver } from '../../../testing/test-store.js';

const chatGptExport = readFileSync(new URL('../../portability/__fixtures__/chatgpt-conversations.json', import.meta.url));

let app: FastifyInstance;
let alice: SignedInUser;
let bob: SignedInUser;
afterEach(() => app?.close());

async function start(env: Record<string, string> = {}) {
  ({ app, alice, bob } = await twoSignedInUsers({ env }));
}

async function importFile(content: Buffer | string, account: SignedInUser | null = alice, parts?: FormPart[]) {
  const { payload, headers } = await multipartBody(parts ?? [['file', { content: typeof content === 'string' ? content : new Uint8Array(content), fileName: 'conversations.json', type: 'application/json' }]]);
  return app.inject({ method: 'POST', url: '/api/convos/import', payload, headers: { ...headers, ...(account ? bearer(account) : {}) } });
}

const titles = async (account: SignedInUser) =>
  (await app.inject({ method: 'GET', url: '/api/convos', headers: bearer(account) })).json().conversations.map((conversation: { title: string }) => conversation.title).sort();

describe('POST /api/convos/import', () => {
  it('imports an export into the caller\'s conversations only, with counts, and skips them on a second import', async () => {
    await start();
    const response = await importFile(chatGptExport);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Conversation(s) imported successfully',
      format: 'chatgpt',
      imported: 2,
      skipped: 0,
      failedCount: 2,
      failed: [
        { name: 'Broken', reason: 'mapping entry x is not an object' },
        { name: 'Only system', reason: 'it has no messages' },
      ],
    });
    expect(await titles(alice)).toEqual(['Fläche des Kreises 🌍', 'Quasar notes']);
    expect(await titles(bob)).toEqual([]);
    expect((await importFile(chatGptExport)).json()).toMatchObject({ imported: 0, skipped: 2 });
    expect(await titles(alice)).toHaveLength(2);
  });

  it.skipIf(testStoreDriver() === 'mongo')('makes imported conversations searchable at once', async () => {
    await start();
    await importFile(chatGptExport);
    const found = (await app.inject({ method: 'GET', url: '/api/search?q=quasars', headers: bearer(alice) })).json();
    expect(found.conversations.map((conversation: { title: string }) => conversation.title)).toEqual(['Quasar notes']);
    expect(found.messages.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/search?q=quasars', headers: bearer(bob) })).json().conversations).toEqual([]);
  });

  it('answers 400 for a file in no known format, or without a file, and 401 without a session', async () => {
    await start();
    const unknown = await importFile('{"hello": "world"}');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unsupported import type', imported: 0 });
    expect((await importFile('not json at all')).json()).toMatchObject({ message: 'Unsupported import type: the file is not JSON' });
    const noFile = await importFile('', alice, [['title', 'x']]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('No file provided');
    expect((await importFile(chatGptExport, null)).statusCode).toBe(401);
  });

  it('answers 413 past CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES and says so in /api/config', async () => {
    await start({ CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: '1000' });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().conversationImportMaxFileSize).toBe(1000);
    const response = await importFile(chatGptExport);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('File exceeds the maximum allowed size');
  });

  it('limits imports per user (IMPORT_USER_MAX) with a violation toward a ban', async () => {
    await start({ IMPORT_USER_MAX: '1', BAN_VIOLATIONS: 'false' });
    expect((await importFile(chatGptExport)).statusCode).toBe(201);
    const limited = await importFile(chatGptExport);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many conversation imports, please try again later.');
    expect((await importFile(chatGptExport, bob)).statusCode).toBe(201);
  });
});
