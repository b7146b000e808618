import type { ActionDto } from '../protocol/openapi/actions-dto.js';
import type { Action } from '../store/repositories/actions.js';

/** An action on the wire: LibreChat's record, never with its secrets (sealed or not). */
export function toActionDto(action: Action): ActionDto {
  const { domain, raw_spec, privacy_policy_url, auth } = action.metadata;
  return {
    action_id: action.action_id,
    assistant_id: action.assistant_id,
    user: action.user,
    type: 'action_prototype',
    metadata: { domain, raw_spec, ...(privacy_policy_url ? { privacy_policy_url } : {}), auth },
    createdAt: action.createdAt.toISOString(),
    updatedAt: action.updatedAt.toISOString(),
  };
}
