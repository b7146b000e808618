import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createUserRateLimit } from '../../auth/user-rate-limit.js';
import { ChatboxError, ValidationError } from '../../errors/index.js';
import { resolveFileLimits, UploadLimitStream, UploadRejectedError } from '../../files/index.js';
import type { StoredFile } from '../../store/repositories/files.js';
import { importAnyExport } from '../../portability/import-any-export.js';
import { indexDocument } from '../../search/documents/index-document.js';

/**
 * POST /api/convos/import (wave2 notes §7): one multipart `file`, streamed into the importer as it
 * arrives (never buffered whole), so the upload goes only as fast as conversations are written and
 * the browser's upload progress is the import's. Answers once the file is done: 201 with counts,
 * 400 when the file is in no known format or its JSON breaks off (conversations before the break
 * stay imported), 413 past CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES, 429 past IMPORT_* limits.
 */
export async function conversationImportRoutes(app: FastifyInstance): Promise<void> {
  const { env } = app.config;
  const maxBytes = env.CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES;
  // Busboy's own cap sits above the limit: UploadLimitStream refuses first, with the answer below.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 11, fileSize: maxBytes + 1 } });
  // An export-all archive's files meet an upload's rules: the storage limit, and a document's text indexed.
  const fileDestination = {
    target: app.chat.fileStorages.current,
    storageLimit: resolveFileLimits(app.config.yaml.fileConfig, () => undefined).userStorageLimit,
    afterStore: (record: StoredFile) => indexDocument(record, { store: app.store, storages: app.chat.fileStorages, documents: app.chat.documents, log: app.log }),
  };
  const limitImports = createUserRateLimit(app, {
    limits: { ip: { max: env.IMPORT_IP_MAX, windowInMinutes: env.IMPORT_IP_WINDOW }, user: { max: env.IMPORT_USER_MAX, windowInMinutes: env.IMPORT_USER_WINDOW } },
    violation: 'import_limit',
    violationScore: env.IMPORT_VIOLATION_SCORE,
  });

  app.post('/api/convos/import', { preHandler: [app.auth.authenticate, limitImports] }, async (request, reply) => {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file') throw new ValidationError('Send the export in the part named "file"');
        const limiter = new UploadLimitStream({ fileSizeLimit: maxBytes, totalSizeLimit: maxBytes, bytesEarlierInRequest: 0, userStorageLimit: null, userStorageUsed: 0 });
        part.file.on('error', (error) => limiter.destroy(error));
        const result = await importAnyExport({ store: app.store, userId: request.user!.id, ...fileDestination, input: part.file.pipe(limiter) });
        if (part.file.truncated) throw new ChatboxError('import_too_large');
        const { format, imported, skipped, failed, failedCount } = result;
        // An export-all archive also tells what became of its presets and files.
        const counts = { format, imported, skipped, failed, failedCount, ...('presets' in result ? { presets: result.presets, files: result.files } : {}) };
        // A file refused part-way (not JSON) leaves the rest unread: close rather than read it.
        if (!request.raw.complete) reply.header('connection', 'close');
        if (result.error) return reply.status(400).send({ message: result.error, ...counts });
        return reply.status(201).send({ message: 'Conversation(s) imported successfully', ...counts });
      }
      throw new ValidationError('No file provided');
    } catch (error) {
      // Refused part-way: close the connection after the answer instead of reading the rest of a large body.
      if (!request.raw.complete) reply.header('connection', 'close');
      if (error instanceof UploadRejectedError) throw new ChatboxError('import_too_large');
      throw error;
    }
  });
}
