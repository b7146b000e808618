import type { FastifyInstance } from 'fastify';
import type { ActionRules } from '../../assistants/actions/save-action.js';
import { deleteAction, saveAction } from '../../assistants/actions/save-action.js';
import { requireAssistantsEndpoint, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { ChatboxError, NotFoundError } from '../../errors/index.js';
import type { KeyVault } from '../../keys/key-vault.js';
import { toActionDto } from '../../presenters/action-dto.js';
import { toAssistantDocumentDto, toAssistantDto } from '../../presenters/assistant-dto.js';
import { actionSaveRequestSchema, type ActionDto } from '../../protocol/openapi/index.js';
import { parseInput } from '../parse.js';
import { refuseWhenBuilderDisabled } from './assistant-input.js';

/**
 * /api/assistants/actions (issue 19, reference §3.3): the caller's own actions only (LibreChat listed
 * everyone's), secrets never in an answer. The yaml's `capabilities` without `actions` forbids them.
 */
export async function assistantActionRoutes(app: FastifyInstance, { endpoint, vault, rules }: { endpoint: AssistantsEndpoint | undefined; vault: KeyVault; rules: ActionRules }): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };
  const actionsAllowed = () => {
    const assistants = requireAssistantsEndpoint(endpoint);
    if (!assistants.settings.capabilities.includes('actions')) throw new ChatboxError('forbidden', 'Actions are turned off on this server (endpoints.assistants.capabilities)');
    return assistants;
  };

  app.get('/api/assistants/actions', authenticate, async (request): Promise<ActionDto[]> => {
    actionsAllowed();
    return (await app.store.actions.list(request.user!.id)).map(toActionDto);
  });

  app.post<{ Params: { assistant_id: string } }>('/api/assistants/actions/:assistant_id', authenticate, async (request) => {
    refuseWhenBuilderDisabled(actionsAllowed());
    const body = parseInput(actionSaveRequestSchema, request.body);
    const userId = request.user!.id;
    const { assistant, action, actions } = await saveAction({ store: app.store, vault, rules }, userId, request.params.assistant_id, body);
    return [toAssistantDocumentDto(assistant, actions), toAssistantDto(assistant), toActionDto(action)];
  });

  app.delete<{ Params: { assistant_id: string; action_id: string; model: string } }>('/api/assistants/actions/:assistant_id/:action_id/:model', authenticate, async (request) => {
    refuseWhenBuilderDisabled(actionsAllowed());
    const { assistant_id, action_id } = request.params;
    if (!(await deleteAction(app.store, request.user!.id, assistant_id, action_id))) throw new NotFoundError('Action not found');
    return { message: 'Action deleted successfully' };
  });
}
