import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentIndex, DocumentToIndex } from '../../files/index.js';
import { fileInput, newUser } from '../../store/conformance/context.js';
import { createMongoStore } from '../../store/mongo/index.js';
import { createSqliteStore } from '../../store/sqlite/index.js';
import type { Store } from '../../store/types.js';
import { startMeiliDouble, type MeiliDouble } from '../../../testing/meili-double/index.js';
import { startMongoDouble, type MongoDouble } from '../../../testing/mongo-double/index.js';
import { createBuiltInDocumentIndex } from './built-in-document-index.js';
import { createMeiliSearchIndex } from '../meilisearch/index.js';
import { createMeiliPassageRanker } from './meili-passage-ranker.js';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const pdfBytes = readFile(new URL('../../files/__fixtures__/harbour-report.pdf', import.meta.url));

/** A long text document: many paragraphs, one of them about the question. */
const longNotes = Array.from({ length: 40 }, (_, index) =>
  index === 23 ? 'The secret ingredient of the harbour soup is smoked paprika.' : `Paragraph ${index} is about weather, tides and rope knots in general.`,
).join('\n\n');

interface Setup {
  store: Store;
  index: DocumentIndex;
  close(): Promise<void>;
}

function describeDocumentIndex(name: string, setUp: () => Promise<Setup>): void {
  describe(`built-in document index on ${name}`, () => {
    let setup: Setup;
    beforeEach(async () => {
      setup = await setUp();
    });
    afterEach(async () => setup.close());

    async function upload(userId: string, fileName: string, mediaType: string, bytes: Uint8Array): Promise<DocumentToIndex> {
      const record = await setup.store.files.upsert(fileInput(userId, { filename: fileName, type: mediaType, bytes: bytes.length }));
      return {
        fileId: record.file_id, userId, fileName, mediaType,
        open: async () => (async function* () { yield bytes; })(),
      };
    }
    const createUser = async () => (await setup.store.users.create(newUser())).id;

    it('indexes a PDF: its whole text and its passages, cited by file name', async () => {
      const user = await createUser();
      const document = await upload(user, 'harbour-report.pdf', 'application/pdf', await pdfBytes);
      const indexed = await setup.index.add(document);
      expect(indexed.characters).toBeGreaterThan(100);
      expect(indexed.chunks).toBe(1);
      expect(await setup.index.wholeText(user, document.fileId)).toContain('pelican colony nests on the north pier');
      const passages = await setup.index.search({ userId: user, fileIds: [document.fileId], question: 'How many ships did the lighthouse keeper count?', limit: 4 });
      expect(passages).toHaveLength(1);
      expect(passages[0]).toMatchObject({ fileId: document.fileId, fileName: 'harbour-report.pdf' });
      expect(passages[0].text).toContain('42 ships');
    });

    it("ranks the passage that answers the question first among a long document's chunks", async () => {
      const user = await createUser();
      const document = await upload(user, 'notes.md', 'text/markdown', new TextEncoder().encode(longNotes));
      const { chunks } = await setup.index.add(document);
      expect(chunks).toBeGreaterThan(1);
      const passages = await setup.index.search({ userId: user, fileIds: [document.fileId], question: 'what is the secret ingredient of the soup?', limit: 2 });
      expect(passages[0].text).toContain('smoked paprika');
      expect(passages.length).toBeLessThanOrEqual(2);
      // Query syntax in a question is only words: nothing throws, nothing matches.
      expect(await setup.index.search({ userId: user, fileIds: [document.fileId], question: '"*) NEAR( -:', limit: 4 })).toEqual([]);
    });

    it("never answers with another user's passages, and another user's remove leaves them", async () => {
      const owner = await createUser();
      const stranger = await createUser();
      const document = await upload(owner, 'notes.md', 'text/markdown', new TextEncoder().encode(longNotes));
      await setup.index.add(document);
      expect(await setup.index.search({ userId: stranger, fileIds: [document.fileId], question: 'secret ingredient', limit: 4 })).toEqual([]);
      expect(await setup.index.wholeText(stranger, document.fileId)).toBeNull();
      await setup.index.remove(stranger, [document.fileId]);
      const passages = await setup.index.search({ userId: owner, fileIds: [document.fileId], question: 'secret ingredient', limit: 4 });
      expect(passages.length).toBeGreaterThan(0);
      expect(passages[0].text).toContain('smoked paprika');
    });

    it('forgets a removed document, and a deleted file record takes its passages with it', async () => {
      const user = await createUser();
      const removed = await upload(user, 'a.txt', 'text/plain', new TextEncoder().encode('Walruses sleep on ice floes.'));
      const deleted = await upload(user, 'b.txt', 'text/plain', new TextEncoder().encode('Walruses dive for clams.'));
      await setup.index.add(removed);
      await setup.index.add(deleted);
      await setup.index.remove(user, [removed.fileId, 'unknown-id']);
      expect(await setup.index.wholeText(user, removed.fileId)).toBeNull();
      await setup.store.files.delete(user, [deleted.fileId]);
      expect(await setup.index.wholeText(user, deleted.fileId)).toBeNull();
      // A deleted user takes every passage of theirs along.
      const kept = await upload(user, 'c.txt', 'text/plain', new TextEncoder().encode('Walruses have tusks.'));
      await setup.index.add(kept);
      expect(await setup.index.wholeText(user, kept.fileId)).toBe('Walruses have tusks.');
      await setup.store.users.delete(user);
      expect(await setup.index.wholeText(user, kept.fileId)).toBeNull();
      expect(await setup.store.documentChunks.search({ userId: user, fileIds: [removed.fileId, deleted.fileId], terms: ['walruses'], limit: 4 })).toEqual([]);
    });

    it('re-indexing a document replaces its passages; a file with no text or of another type is refused clearly', async () => {
      const user = await createUser();
      const document = await upload(user, 'a.txt', 'text/plain', new TextEncoder().encode('old words'));
      await setup.index.add(document);
      await setup.index.add({ ...document, open: async () => (async function* () { yield new TextEncoder().encode('new words'); })() });
      expect(await setup.index.wholeText(user, document.fileId)).toBe('new words');
      expect(await setup.index.search({ userId: user, fileIds: [document.fileId], question: 'old', limit: 4 })).toEqual([]);
      await expect(setup.index.add(await upload(user, 'empty.txt', 'text/plain', new Uint8Array()))).rejects.toThrow(/holds no text/);
      await expect(setup.index.add(await upload(user, 'archive.zip', 'application/zip', new Uint8Array([0x50, 0x4b])))).rejects.toThrow(/not read as text/);
    });
  });
}

describeDocumentIndex('SQLite (FTS5 bm25)', async () => {
  const store = createSqliteStore({ filename: ':memory:' });
  return { store, index: createBuiltInDocumentIndex({ store, logger }), close: () => store.close() };
});

let mongo: Promise<MongoDouble> | undefined;
let meili: Promise<MeiliDouble> | undefined;
afterAll(async () => {
  await (await mongo)?.close();
  await (await meili)?.close();
});

describeDocumentIndex('MongoDB (wire-protocol double, BM25 in process)', async () => {
  const double = await (mongo ??= startMongoDouble());
  const store = await createMongoStore({ uri: double.uri(), dbName: `documents_${randomUUID().replaceAll('-', '')}` });
  return { store, index: createBuiltInDocumentIndex({ store, logger }), close: () => store.close() };
});

describeDocumentIndex('Meilisearch (HTTP double) ranking, fed by the search outbox, SQLite keeping the text', async () => {
  const double = await (meili ??= startMeiliDouble());
  const store = createSqliteStore({ filename: ':memory:' });
  const indexPrefix = `t${randomUUID().slice(0, 8)}_`;
  const searchIndex = createMeiliSearchIndex({ host: double.url, apiKey: double.masterKey!, indexPrefix, pollIntervalMs: 60_000 }, store, logger);
  await searchIndex.start();
  const ranker = createMeiliPassageRanker({ host: double.url, apiKey: double.masterKey!, indexPrefix });
  // A ranking that fell back to the store would pass these tests too: here it fails them.
  const strictLogger = { ...logger, warn: (message: string) => { throw new Error(message); } };
  const index = createBuiltInDocumentIndex({ store, logger: strictLogger, ranker });
  return {
    store,
    // What was written reaches Meilisearch before a turn asks (the server's worker sends it within moments).
    index: { ...index, search: async (query) => (await searchIndex.flush(), index.search(query)) },
    close: async () => {
      await searchIndex.stop();
      await store.close();
    },
  };
});
