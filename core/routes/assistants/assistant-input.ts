import type { FastifyInstance } from 'fastify';
import { openAssistantsConnection, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { ChatboxError, NotFoundError, ValidationError } from '../../errors/index.js';
import type { Assistant } from '../../store/repositories/assistants.js';

/** Another user's assistant is as absent as one that never existed: the same 404 on every route. */
export async function ownAssistant(app: FastifyInstance, userId: string, id: string): Promise<Assistant> {
  const assistant = await app.store.assistants.find(userId, id);
  if (!assistant) throw new NotFoundError('Assistant not found');
  return assistant;
}

/** librechat.yaml `disableBuilder`: assistants are used, never created, changed or deleted. */
export function refuseWhenBuilderDisabled(endpoint: AssistantsEndpoint): void {
  if (endpoint.settings.disableBuilder) throw new ChatboxError('forbidden', 'The assistant builder is disabled on this server (endpoints.assistants.disableBuilder)');
}

/** The model must be one the assistants endpoint offers this user (its list, or the user's key's), or a `modelsFrom` endpoint does. */
export async function checkOfferedModel(app: FastifyInstance, endpoint: AssistantsEndpoint, userId: string, model: string): Promise<void> {
  await openAssistantsConnection(app.chat, endpoint, userId, model);
}

/** Knowledge files must be the caller's own: another user's file id is refused like one that does not exist. */
export async function checkOwnFiles(app: FastifyInstance, userId: string, fileIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(fileIds)];
  for (const fileId of unique) {
    if (!(await app.store.files.find(userId, fileId))) throw new ValidationError(`file_ids: there is no file "${fileId}" of yours`, { file_id: fileId });
  }
  return unique;
}
