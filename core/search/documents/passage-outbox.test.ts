import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestServer, registerUser } from '../../../testing/build-test-server.js';
import { fileStoragePlugins } from '../../../testing/file-storage-plugins.js';
import { startMeiliDouble, type MeiliDouble } from '../../../testing/meili-double/index.js';
import { multipartBody } from '../../../testing/multipart-body.js';
import { createMeiliSearchIndex } from '../meilisearch/index.js';
import { createMeiliPassageRanker } from './meili-passage-ranker.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

let app: FastifyInstance | undefined;
let double: MeiliDouble | undefined;

afterEach(async () => {
  await app?.close();
  await double?.close();
  app = undefined;
  double = undefined;
});

const notes = 'Tide tables list high water twice a day.\n\nThe lighthouse keeper counted 42 ships in the fog.';

async function startServer(): Promise<{ server: FastifyInstance; meili: MeiliDouble; user: Awaited<ReturnType<typeof registerUser>> }> {
  const meili = (double = await startMeiliDouble());
  const server = (app = await buildTestServer({ plugins: fileStoragePlugins, env: { MEILI_HOST: meili.url, MEILI_MASTER_KEY: meili.masterKey! } }));
  await server.searchIndex.flush();
  return { server, meili, user: await registerUser(server) };
}

async function upload(server: FastifyInstance, user: { token: string }, fileName: string, content: string) {
  const { payload, headers } = await multipartBody([['file', { content, fileName, type: 'text/markdown' }], ['file_id', crypto.randomUUID()], ['endpoint', 'openAI'], ['message_file', 'true']]);
  return server.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...bearer(user) } });
}

const passages = (meili: MeiliDouble) => [...(meili.engine.indexes.get('document_chunks')?.documents.values() ?? [])];

describe('document passages reach Meilisearch through the search outbox', () => {
  it('an upload while Meilisearch is down succeeds; its passages arrive once it is back and rank there', async () => {
    const { server, meili, user } = await startServer();
    await meili.stop();

    const response = await upload(server, user, 'harbour.md', notes);
    expect(response.statusCode).toBe(200);
    const file = response.json();
    expect(file.embedded).toBe(true);
    expect(await server.store.documentChunks.wholeText(user.userId, file.file_id)).toBe(notes);
    expect(await server.store.searchOutbox.count()).toBeGreaterThan(0);
    await expect(server.searchIndex.flush()).rejects.toThrow();
    // A turn still finds the passage meanwhile: the store ranks when Meilisearch cannot.
    const fallback = await server.chat.documents.search({ userId: user.userId, fileIds: [file.file_id], question: 'How many ships?', limit: 2 });
    expect(fallback[0].text).toContain('42 ships');

    await meili.start();
    await server.searchIndex.flush();
    expect(await server.store.searchOutbox.count()).toBe(0);
    expect(passages(meili)).toEqual([expect.objectContaining({ user: user.userId, file_id: file.file_id, file_name: 'harbour.md', position: 0, text: notes })]);
    const ranked = await createMeiliPassageRanker({ host: meili.url, apiKey: meili.masterKey! }).search({ userId: user.userId, fileIds: [file.file_id], terms: ['ships', 'fog'], limit: 2 });
    expect(ranked).toEqual([{ fileId: file.file_id, fileName: 'harbour.md', text: notes, score: expect.any(Number) }]);
    // Only the owner's passages: another user asking about the same file id gets nothing.
    const stranger = await registerUser(server);
    expect(await createMeiliPassageRanker({ host: meili.url, apiKey: meili.masterKey! }).search({ userId: stranger.userId, fileIds: [file.file_id], terms: ['ships'], limit: 2 })).toEqual([]);
  });

  it('a deleted file, and a deleted user, take their passages out of Meilisearch', async () => {
    const { server, meili, user } = await startServer();
    const kept = (await upload(server, user, 'kept.md', 'Walruses have tusks.')).json();
    const dropped = (await upload(server, user, 'dropped.md', 'Walruses dive for clams.')).json();
    await server.searchIndex.flush();
    expect(passages(meili).map((passage) => passage.file_name).sort()).toEqual(['dropped.md', 'kept.md']);

    const deleted = await server.inject({ method: 'DELETE', url: '/api/files', headers: bearer(user), payload: { files: [{ file_id: dropped.file_id, filepath: dropped.filepath }] } });
    expect(deleted.statusCode).toBe(200);
    await server.searchIndex.flush();
    expect(passages(meili).map((passage) => passage.file_id)).toEqual([kept.file_id]);

    await server.store.users.delete(user.userId);
    await server.searchIndex.flush();
    expect(passages(meili)).toEqual([]);
  });

  it('the start-up drift check re-sends passages Meilisearch lost, and reindex rebuilds them', async () => {
    const { server, meili, user } = await startServer();
    const file = (await upload(server, user, 'tides.md', 'Spring tides follow the full moon.')).json();
    await server.searchIndex.flush();
    await server.searchIndex.stop();
    const lost = meili.engine.indexes.get('document_chunks')!.documents;
    lost.clear();

    // The next start of a server on the same store and Meilisearch.
    const restarted = createMeiliSearchIndex({ host: meili.url, apiKey: meili.masterKey!, pollIntervalMs: 60_000 }, server.store, logger);
    try {
      await restarted.start();
      await restarted.flush();
      expect(passages(meili)).toEqual([expect.objectContaining({ user: user.userId, file_id: file.file_id, text: 'Spring tides follow the full moon.' })]);
      expect(logger.info).toHaveBeenCalledWith('Meilisearch drift check re-sent documents', { index: 'document_chunks', resent: 1 });

      lost.set('stray', { id: 'stray', user: user.userId, file_id: 'gone', file_name: 'gone.md', position: 0, text: 'left over' });
      expect(await restarted.reindex()).toMatchObject({ document_chunks: 1 });
      expect(passages(meili).map((passage) => passage.text)).toEqual(['Spring tides follow the full moon.']);
    } finally {
      await restarted.stop();
    }
  });
});
