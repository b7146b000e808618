import type { AssistantDocumentDto, AssistantDto } from '../protocol/assistants.js';
import type { Action } from '../store/repositories/actions.js';
import type { Assistant } from '../store/repositories/assistants.js';

/** A stored assistant as OpenAI's v1 object: the owner stays in `metadata.author`, the dates become `created_at` seconds. */
export function toAssistantDto(assistant: Assistant): AssistantDto {
  const { id, name, description, model, instructions, tools, file_ids, metadata, createdAt } = assistant;
  return { id, object: 'assistant', created_at: Math.floor(createdAt.getTime() / 1000), name, description, model, instructions, tools, file_ids, metadata };
}

/** LibreChat's AssistantDocument of an assistant (its avatar and knowledge files; `actions` join when assistants have actions). */
export function toAssistantDocumentDto(assistant: Assistant, actions?: ReadonlyArray<Pick<Action, 'action_id' | 'metadata'>>): AssistantDocumentDto {
  const { avatar, avatar_source: source } = assistant.metadata;
  return {
    user: assistant.user,
    assistant_id: assistant.id,
    ...(typeof avatar === 'string' ? { avatar: { filepath: avatar, source: typeof source === 'string' ? source : 'local' } } : {}),
    file_ids: assistant.file_ids,
    ...(actions && actions.length > 0 ? { actions: actions.map((action) => `${action.metadata.domain}_action_${action.action_id}`) } : {}),
    createdAt: assistant.createdAt.toISOString(),
    updatedAt: assistant.updatedAt.toISOString(),
  };
}
