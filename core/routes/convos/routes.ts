import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../errors/index.js';
import type { ConversationListResponse, DeleteConversationsResponse } from '../../protocol/conversation.js';
import { parseInput } from '../parse.js';
import { toConversationDto } from '../../presenters/conversation-dto.js';
import { clearConversationsBodySchema, conversationListQuerySchema, conversationParamsSchema, updateConversationBodySchema } from './schema.js';

/**
 * /api/convos: list, read, rename, delete. Every lookup is scoped to the signed-in user, so another
 * user's id is a 404 exactly like an unknown one. POST /api/convos/gen_title belongs to the turn engine.
 */
export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const conversations = app.store.conversations;
  const authenticate = { preHandler: app.auth.authenticate };

  app.get('/api/convos', authenticate, async (request): Promise<ConversationListResponse> => {
    const { pageNumber, pageSize } = parseInput(conversationListQuerySchema, request.query);
    const page = await conversations.list(request.user!.id, { offset: (pageNumber - 1) * pageSize, limit: pageSize });
    return {
      conversations: page.items.map(toConversationDto),
      pages: Math.max(1, Math.ceil(page.total / pageSize)),
      pageNumber,
      pageSize,
    };
  });

  app.get('/api/convos/:conversationId', authenticate, async (request) => {
    const { conversationId } = parseInput(conversationParamsSchema, request.params);
    const conversation = await conversations.find(request.user!.id, conversationId);
    if (!conversation) throw new NotFoundError('Conversation not found');
    return toConversationDto(conversation);
  });

  app.post('/api/convos/update', authenticate, async (request) => {
    const { conversationId, title } = parseInput(updateConversationBodySchema, request.body);
    const conversation = await conversations.update(request.user!.id, conversationId, { title });
    if (!conversation) throw new NotFoundError('Conversation not found');
    return toConversationDto(conversation);
  });

  app.post('/api/convos/clear', authenticate, async (request): Promise<DeleteConversationsResponse> => {
    const body = parseInput(clearConversationsBodySchema, request.body);
    const userId = request.user!.id;
    if (body.conversationId === undefined) return { deletedCount: await conversations.deleteAll(userId) };
    const deletedCount = await conversations.delete(userId, [body.conversationId]);
    if (deletedCount === 0) throw new NotFoundError('Conversation not found');
    return { deletedCount };
  });

  app.delete('/api/convos/:conversationId', authenticate, async (request): Promise<DeleteConversationsResponse> => {
    const { conversationId } = parseInput(conversationParamsSchema, request.params);
    const deletedCount = await conversations.delete(request.user!.id, [conversationId]);
    if (deletedCount === 0) throw new NotFoundError('Conversation not found');
    return { deletedCount };
  });
}
