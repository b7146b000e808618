import type { FastifyInstance } from 'fastify';
import { requireAssistantsEndpoint, type AssistantsEndpoint } from '../../assistants/assistants-endpoint.js';
import { ValidationError } from '../../errors/index.js';
import { toAssistantDocumentDto, toAssistantDto } from '../../presenters/assistant-dto.js';
import { toPluginDto } from '../../presenters/plugin-dto.js';
import { assistantListQuerySchema, type AssistantDocumentDto, type AssistantDto, type AssistantListDto } from '../../protocol/assistants.js';
import type { PluginDto } from '../../protocol/plugins.js';
import { parseInput } from '../parse.js';
import { ownAssistant } from './assistant-input.js';

/** Every document of one user takes this many assistants a page. */
const documentsPage = 100;

/**
 * The reading side of /api/assistants (wave2 notes §2.2–§2.5): the list with OpenAI's paging and the
 * yaml's supportedIds / excludedIds, one assistant, LibreChat's assistant documents (reachable here:
 * LibreChat's `/:id` swallowed the path) and the tools an assistant may use.
 */
export async function assistantReadRoutes(app: FastifyInstance, { endpoint }: { endpoint: AssistantsEndpoint | undefined }): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };

  app.get('/api/assistants', authenticate, async (request): Promise<AssistantListDto> => {
    const { settings } = requireAssistantsEndpoint(endpoint);
    const query = parseInput(assistantListQuerySchema, request.query);
    const page = await app.store.assistants.list(request.user!.id, { ...query, onlyIds: settings.supportedIds, exceptIds: settings.excludedIds });
    if (!page) throw new ValidationError(`${query.after ? 'after' : 'before'}: there is no assistant "${query.after ?? query.before}" to page from`);
    const data = page.items.map(toAssistantDto);
    return { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: page.hasMore };
  });

  app.get('/api/assistants/documents', authenticate, async (request): Promise<AssistantDocumentDto[]> => {
    requireAssistantsEndpoint(endpoint);
    const documents: AssistantDocumentDto[] = [];
    // LibreChat's documents name their actions (`<domain>_action_<action_id>`): one read of the user's actions.
    const actions = await app.store.actions.list(request.user!.id);
    for (let after: string | undefined, more = true; more; ) {
      const page = await app.store.assistants.list(request.user!.id, { order: 'desc', limit: documentsPage, after });
      if (!page) break;
      documents.push(...page.items.map((assistant) => toAssistantDocumentDto(assistant, actions.filter((action) => action.assistant_id === assistant.id))));
      after = page.items.at(-1)?.id;
      more = page.hasMore;
    }
    return documents;
  });

  // LibreChat's TPlugin list: the tool catalogue, `authenticated` when the operator set every credential.
  app.get('/api/assistants/tools', authenticate, async (): Promise<PluginDto[]> => {
    requireAssistantsEndpoint(endpoint);
    return app.chat.tools.list().map(toPluginDto);
  });

  app.get<{ Params: { id: string } }>('/api/assistants/:id', authenticate, async (request): Promise<AssistantDto> => {
    requireAssistantsEndpoint(endpoint);
    return toAssistantDto(await ownAssistant(app, request.user!.id, request.params.id));
  });
}
