import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMongoDouble, type MongoDouble } from '../../../../testing/mongo-double/index.js';
import { fileInput, newUser } from '../../conformance/context.js';
import type { DocumentChunksInput } from '../../repositories/document-chunks.js';
import { createSqliteStore, type SqliteStore } from '../../sqlite/index.js';
import { createMongoStore, type MongoStore } from '../mongo-store.js';
import { copyToMongo, type StepReport } from './copy-to-mongo.js';

let double: MongoDouble;
let source: SqliteStore;
let target: MongoStore;
beforeAll(async () => {
  double = await startMongoDouble();
});
afterAll(async () => double?.close());
beforeEach(async () => {
  source = createSqliteStore({ filename: ':memory:' });
  target = await createMongoStore({ uri: double.uri(`copy_${randomUUID().replaceAll('-', '')}`) });
});
afterEach(async () => {
  await source.close();
  await target.database.dropDatabase();
  await target.close();
});

/** `count` indexed documents of one user, each with a passage naming it. */
async function seedDocuments(count: number): Promise<DocumentChunksInput[]> {
  const user = await source.users.create(newUser());
  const documents: DocumentChunksInput[] = [];
  for (let index = 0; index < count; index++) {
    const file = await source.files.upsert(fileInput(user.id, { embedded: true }));
    const document = { userId: user.id, fileId: file.file_id, fileName: `doc-${index}.txt`, text: `Document ${index}. Topic${index} inside.`, chunks: [`Document ${index}.`, `Topic${index} inside.`] };
    await source.documentChunks.replace(document);
    documents.push(document);
  }
  return documents;
}

const documentReports = (reports: StepReport[]) => reports.filter((report) => report.step === 'documents');

describe('copying the document index to MongoDB', () => {
  it('copies documents a few at a time whatever the batch size, and each answers its text and passages', async () => {
    const documents = await seedDocuments(20);
    const progress: StepReport[] = [];
    await copyToMongo({ source, target, batchSize: 500, onProgress: (report) => progress.push(report) });

    // Bounded memory: at most 16 documents per batch, where records go 500 at a time.
    expect(documentReports(progress).map((report) => report.processed)).toEqual([0, 16, 20]);
    for (const document of documents) {
      expect(await target.documentChunks.wholeText(document.userId, document.fileId)).toBe(document.text);
    }
    const last = documents[19];
    const hits = await target.documentChunks.search({ userId: last.userId, fileIds: documents.map((document) => document.fileId), terms: ['topic19'], limit: 5 });
    expect(hits.map((hit) => [hit.fileId, hit.text])).toEqual([[last.fileId, 'Topic19 inside.']]);
    expect(await target.collections.documentChunks.countDocuments()).toBe(40);
  });

  it('resumes an interrupted copy after the last batch of documents written, duplicating nothing', async () => {
    const documents = await seedDocuments(20);
    const interrupted = copyToMongo({
      source,
      target,
      onProgress: (report) => {
        if (report.step === 'documents' && report.processed === 16) throw new Error('interrupted');
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    expect(await target.collections.documentTexts.countDocuments()).toBe(16);

    const [resumed] = documentReports(await copyToMongo({ source, target }));
    expect(resumed).toEqual({ step: 'documents', total: 20, processed: 20, read: 4, inserted: 4, updated: 0 });
    const [again] = documentReports(await copyToMongo({ source, target, restart: true }));
    expect(again).toEqual({ step: 'documents', total: 20, processed: 20, read: 20, inserted: 0, updated: 0 });
    expect(await target.collections.documentTexts.countDocuments()).toBe(20);
    expect(await target.collections.documentChunks.countDocuments()).toBe(40);
    expect(await target.documentChunks.wholeText(documents[0].userId, documents[0].fileId)).toBe(documents[0].text);
  });
});
