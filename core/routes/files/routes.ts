import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileConfigBody, megabyte, resolveFileLimits } from '../../files/index.js';
import { deleteFiles } from './delete-files.js';
import { downloadFile } from './download.js';
import { toFileDto } from '../../presenters/file-dto.js';
import { isRetrievalMimeType } from '../../protocol/files.js';
import { indexDocument } from '../../search/documents/index-document.js';
import { receiveUpload } from './receive-upload.js';
import { serveUpload } from './serve-upload.js';
import { uploadAvatar } from './upload-avatar.js';
import { createUploadRateLimit } from './upload-rate-limit.js';

/** Read again right before the write, so uploads to one assistant in a row all stay attached. */
async function attachKnowledge(app: FastifyInstance, userId: string, assistantId: string, fileId: string): Promise<void> {
  const assistant = await app.store.assistants.find(userId, assistantId);
  if (assistant) await app.store.assistants.update(userId, assistantId, { file_ids: [...new Set([...assistant.file_ids, fileId])] });
}

/**
 * The files API of LibreChat v0.7.1 (wave2 notes §1): list, upload, delete, download and the
 * yaml's fileConfig. `fileConfig` is merged once, at start; the storages are the chat services' (turns read attached images).
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const storages = app.chat.fileStorages;
  const limits = resolveFileLimits(app.config.yaml.fileConfig, (message) => app.log.warn(message));
  const context = { storages, limits, store: app.store, log: app.log, imageOutputType: app.config.yaml.imageOutputType, documents: app.chat.documents };
  // Registered here, so only these routes read multipart bodies. Busboy's own file cap sits above
  // the server's limit: UploadLimitStream stops the upload first, with the spec's message.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, fileSize: limits.serverFileSizeLimit + megabyte } });

  // LibreChat's client loads a chat's history only once this list has arrived: always an array.
  app.get('/api/files', { preHandler: app.auth.authenticate }, async (request) => (await app.store.files.list(request.user!.id)).map(toFileDto));

  // The yaml's fileConfig as written, or 200 with an empty body when there is none (as LibreChat).
  app.get('/api/files/config', { preHandler: app.auth.authenticate }, async (_request, reply) => {
    const body = fileConfigBody(app.config.yaml.fileConfig);
    return body === null ? reply.send() : reply.send(body);
  });

  const limitUploads = createUploadRateLimit(app);
  // Documents are stored as sent (and their text indexed); images (only) are resized and converted to imageOutputType first.
  for (const [url, kind] of [['/api/files', 'file'], ['/api/files/images', 'image']] as const) {
    app.post(url, { preHandler: [app.auth.authenticate, limitUploads] }, async (request, reply) => {
      try {
        const received = await receiveUpload(request, context, kind);
        const temporaryFileId = received.temporaryFileId;
        // A document's text is read and indexed before the answer, so `embedded` says whether turns can search it.
        // A knowledge file of a type retrieval does not read is the code interpreter's only: not indexed.
        const searchable = kind === 'file' && (!received.assistant || isRetrievalMimeType(received.record.type));
        const record = searchable ? await indexDocument(received.record, context) : received.record;
        // A knowledge file is the assistant's once it is searchable (retrieval reads the index).
        if (received.assistant) await attachKnowledge(app, request.user!.id, received.assistant.id, record.file_id);
        return { message: 'File uploaded and processed successfully', ...toFileDto(record), temp_file_id: temporaryFileId };
      } catch (error) {
        // Refused part-way: close the connection after the answer instead of reading the rest of a large body.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    });
  }

  // The user's picture (wave2 notes §1.6): answers `{ url }`, the link GET /uploads serves to its owner.
  app.post('/api/files/images/avatar', { preHandler: [app.auth.authenticate, limitUploads] }, async (request, reply) => {
    try {
      return await uploadAvatar(request, context);
    } catch (error) {
      if (!request.raw.complete) reply.header('connection', 'close');
      throw error;
    }
  });

  app.delete('/api/files', { preHandler: app.auth.authenticate }, async (request, reply) => {
    const { deleted } = await deleteFiles(request.body, request.user!.id, context);
    return deleted === 0 ? reply.status(204).send() : reply.send({ message: 'Files deleted successfully' });
  });

  app.get<{ Params: { userId: string; fileId: string } }>('/api/files/download/:userId/:fileId', { preHandler: app.auth.authenticate }, (request, reply) =>
    downloadFile(request, reply, context),
  );

  // Links a browser loads by URL (`<img src>`): the session cookie is enough, the owner only.
  for (const folder of ['uploads', 'images'] as const) {
    app.get<{ Params: { userId: string; fileName: string } }>(`/${folder}/:userId/:fileName`, { preHandler: app.auth.authenticateBrowser }, (request, reply) =>
      serveUpload(request, reply, context, folder),
    );
  }
}
