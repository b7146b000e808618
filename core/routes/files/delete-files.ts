import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors/index.js';
import type { Store } from '../../store/types.js';
import type { FileStorages } from '../../plugin-host/file-storages.js';
import type { DocumentIndex } from '../../files/index.js';

/**
 * DELETE /api/files `{ files: [{ file_id, … }], assistant_id? }` (LibreChat's DeleteFilesBody). Only
 * `file_id` is read: each record is looked up by id and owner, and removed from the storage its own
 * `source` names (LibreChat trusted the client's `source` and `filepath`, and deleted records of any
 * user). With `assistant_id` (the builder's Knowledge panel) the files also leave that assistant of
 * the caller's, as LibreChat detached them.
 */
const deleteFilesBodySchema = z.object({
  files: z.array(z.object({ file_id: z.string().min(1).max(200) })).max(1000),
  assistant_id: z.string().max(200).optional(),
});

export async function deleteFiles(body: unknown, userId: string, context: { store: Store; storages: FileStorages; documents: DocumentIndex; log: FastifyBaseLogger }): Promise<{ deleted: number }> {
  const parsed = deleteFilesBodySchema.safeParse(body);
  if (!parsed.success) throw new ValidationError('Send { files: [{ file_id }] }', { issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
  const fileIds = [...new Set(parsed.data.files.map((file) => file.file_id))];
  if (fileIds.length === 0) return { deleted: 0 };

  const records = (await Promise.all(fileIds.map((fileId) => context.store.files.find(userId, fileId)))).filter((record) => record !== null);
  // Another user's ids answer like missing ones: nothing tells the caller they exist.
  if (records.length === 0) throw new NotFoundError('File not found');
  await Promise.all(
    records.map(async (record) => {
      const storage = await context.storages.forSource(record.source);
      // The record goes even when its bytes cannot: a file the user deleted must leave their list.
      if (!storage) return context.log.warn({ fileId: record.file_id, source: record.source }, 'no file storage for this source; only the record is deleted');
      await storage.delete(record.filepath).catch((error: unknown) => context.log.error({ err: error, fileId: record.file_id }, 'could not delete a stored file'));
    }),
  );
  const deletedIds = records.map((record) => record.file_id);
  const deleted = await context.store.files.delete(userId, deletedIds);
  if (parsed.data.assistant_id) await detachKnowledge(context.store, userId, parsed.data.assistant_id, deletedIds);
  // The store dropped the passages with the records; an external ranker (Meilisearch) is told here.
  await context.documents.remove(userId, deletedIds).catch((error: unknown) => context.log.error({ err: error, userId }, 'could not remove deleted documents from the document index'));
  return { deleted };
}

async function detachKnowledge(store: Store, userId: string, assistantId: string, fileIds: readonly string[]): Promise<void> {
  const assistant = await store.assistants.find(userId, assistantId);
  if (!assistant) return;
  const kept = assistant.file_ids.filter((fileId) => !fileIds.includes(fileId));
  if (kept.length !== assistant.file_ids.length) await store.assistants.update(userId, assistantId, { file_ids: kept });
}
