import type { FastifyInstance } from 'fastify';
import { newAssistantId } from '../../assistants/assistant-id.js';
import { resolveAssistantTools } from '../../assistants/assistant-tools.js';
import { requireAssistantsEndpoint, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { toAssistantDto } from '../../presenters/assistant-dto.js';
import { assistantCreateRequestSchema, assistantUpdateRequestSchema, type AssistantDto } from '../../protocol/assistants.js';
import type { AssistantPatch } from '../../store/repositories/assistants.js';
import { parseInput } from '../parse.js';
import { checkOfferedModel, checkOwnFiles, ownAssistant, refuseWhenBuilderDisabled } from './assistant-input.js';
import type { UploadContext } from '../files/receive-upload.js';
import { deleteReplacedAvatar } from '../files/upload-avatar.js';

/**
 * Creating, changing and deleting assistants (wave2 notes §2.3). The author owns the assistant
 * (`metadata.author`, which no body can change, nor `avatar`: the avatar route sets it). Unlike
 * LibreChat, a PATCH without `tools` keeps them (an absent field keeps its value, as everywhere in chatbox).
 */
export async function assistantWriteRoutes(app: FastifyInstance, { endpoint, uploads }: { endpoint: AssistantsEndpoint | undefined; uploads: UploadContext }): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };
  const { assistants } = app.store;

  /** The body's metadata with the fields only the server writes laid over it. */
  const ownedMetadata = (sent: Record<string, string> | null | undefined, kept: Record<string, unknown>) => {
    const { avatar: _avatar, avatar_source: _source, author: _author, ...free } = sent ?? {};
    const { avatar, avatar_source } = kept;
    return { ...free, ...(avatar === undefined ? {} : { avatar, avatar_source }), author: kept.author };
  };

  app.post('/api/assistants', authenticate, async (request, reply): Promise<AssistantDto> => {
    const assistantsEndpoint = requireAssistantsEndpoint(endpoint);
    refuseWhenBuilderDisabled(assistantsEndpoint);
    const body = parseInput(assistantCreateRequestSchema, request.body);
    const userId = request.user!.id;
    const tools = resolveAssistantTools(body.tools ?? [], app.chat.tools, assistantsEndpoint.settings.capabilities);
    const fileIds = await checkOwnFiles(app, userId, body.file_ids ?? []);
    await checkOfferedModel(app, assistantsEndpoint, userId, body.model);
    const created = await assistants.create({
      id: newAssistantId(),
      user: userId,
      name: body.name ?? null,
      description: body.description ?? null,
      instructions: body.instructions ?? null,
      model: body.model,
      tools,
      file_ids: fileIds,
      metadata: ownedMetadata(body.metadata, { author: userId }),
    });
    reply.status(201);
    return toAssistantDto(created);
  });

  app.patch<{ Params: { id: string } }>('/api/assistants/:id', authenticate, async (request): Promise<AssistantDto> => {
    const assistantsEndpoint = requireAssistantsEndpoint(endpoint);
    const userId = request.user!.id;
    const existing = await ownAssistant(app, userId, request.params.id);
    refuseWhenBuilderDisabled(assistantsEndpoint);
    const body = parseInput(assistantUpdateRequestSchema, request.body);
    const patch: AssistantPatch = { name: body.name, description: body.description, instructions: body.instructions };
    if (body.tools) patch.tools = resolveAssistantTools(body.tools, app.chat.tools, assistantsEndpoint.settings.capabilities);
    if (body.file_ids) patch.file_ids = await checkOwnFiles(app, userId, body.file_ids);
    if (body.metadata !== undefined) patch.metadata = ownedMetadata(body.metadata, existing.metadata);
    if (body.model !== undefined && body.model !== existing.model) await checkOfferedModel(app, assistantsEndpoint, userId, body.model);
    patch.model = body.model;
    const updated = await assistants.update(userId, existing.id, patch);
    return toAssistantDto(updated ?? (await ownAssistant(app, userId, existing.id)));
  });

  // `?model=` only told LibreChat which Azure group holds the assistant; chatbox keeps one store.
  app.delete<{ Params: { id: string } }>('/api/assistants/:id', authenticate, async (request) => {
    const assistantsEndpoint = requireAssistantsEndpoint(endpoint);
    const userId = request.user!.id;
    const existing = await ownAssistant(app, userId, request.params.id);
    refuseWhenBuilderDisabled(assistantsEndpoint);
    await assistants.delete(userId, existing.id);
    await app.store.actions.deleteByAssistant(userId, existing.id);
    const avatar = existing.metadata.avatar;
    if (typeof avatar === 'string') await deleteReplacedAvatar(avatar, userId, uploads);
    return { id: existing.id, object: 'assistant.deleted', deleted: true };
  });
}
