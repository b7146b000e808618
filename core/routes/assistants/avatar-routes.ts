import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireAssistantsEndpoint, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { NotFoundError } from '../../errors/index.js';
import { megabyte } from '../../files/index.js';
import { toAssistantDto } from '../../presenters/assistant-dto.js';
import type { AssistantDto } from '../../protocol/assistants.js';
import type { UploadContext } from '../files/receive-upload.js';
import { deleteReplacedAvatar, receiveAvatar } from '../files/upload-avatar.js';
import { createUploadRateLimit } from '../files/upload-rate-limit.js';
import { ownAssistant, refuseWhenBuilderDisabled } from './assistant-input.js';

/**
 * POST /api/assistants/avatar/:id?model= (wave2 notes §2.6): the picture in part `file`, made a 150 px
 * square like the user's avatar and stored in the author's folder; `metadata.avatar` becomes its link
 * and `metadata.avatar_source` its storage. The `metadata` field LibreChat's client sends along is not
 * needed: the stored metadata is the truth. The avatar it replaces is deleted. Answers 201 and the assistant.
 */
export async function assistantAvatarRoutes(app: FastifyInstance, { endpoint, uploads }: { endpoint: AssistantsEndpoint | undefined; uploads: UploadContext }): Promise<void> {
  // Registered in this scope only, as the files routes do; the avatar limit caps what is read.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, fileSize: uploads.limits.serverFileSizeLimit + megabyte } });
  const limitUploads = createUploadRateLimit(app);

  app.post<{ Params: { id: string } }>('/api/assistants/avatar/:id', { preHandler: [app.auth.authenticate, limitUploads] }, async (request, reply): Promise<AssistantDto> => {
    try {
      const assistantsEndpoint = requireAssistantsEndpoint(endpoint);
      const userId = request.user!.id;
      const existing = await ownAssistant(app, userId, request.params.id);
      refuseWhenBuilderDisabled(assistantsEndpoint);
      const stored = await receiveAvatar(request, uploads, 'file');
      const updated = await app.store.assistants.update(userId, existing.id, { metadata: { ...existing.metadata, avatar: stored.link, avatar_source: stored.source } });
      if (!updated) {
        // Deleted while the picture uploaded: nothing links to it.
        await stored.storage.delete(stored.path).catch(() => {});
        throw new NotFoundError('Assistant not found');
      }
      const previous = existing.metadata.avatar;
      if (typeof previous === 'string') await deleteReplacedAvatar(previous, userId, uploads);
      reply.status(201);
      return toAssistantDto(updated);
    } catch (error) {
      // Refused part-way: close the connection after the answer instead of reading the rest of a large body.
      if (!request.raw.complete) reply.header('connection', 'close');
      throw error;
    }
  });
}
