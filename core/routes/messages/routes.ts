import type { FastifyInstance } from 'fastify';
import { countTokens } from '../../chat/tokens.js';
import { NotFoundError } from '../../errors/index.js';
import { updateMessageRequestSchema } from '../../protocol/conversation.js';
import { parseInput } from '../parse.js';
import { toMessageDto } from '../../presenters/message-dto.js';
import { conversationMessagesParamsSchema, messageParamsSchema } from './schema.js';

/**
 * /api/messages: a conversation's whole tree, and text edits. New messages only come from the turn
 * engine (/api/ask, /api/edit). Lookups are scoped to the signed-in user: another user's ids are 404s.
 */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const authenticate = { preHandler: app.auth.authenticate };

  app.get('/api/messages/:conversationId', authenticate, async (request) => {
    const { conversationId } = parseInput(conversationMessagesParamsSchema, request.params);
    const userId = request.user!.id;
    if (!(await app.store.conversations.find(userId, conversationId))) throw new NotFoundError('Conversation not found');
    const messages = await app.store.messages.listByConversation(userId, conversationId);
    return messages.map(toMessageDto);
  });

  app.put('/api/messages/:conversationId/:messageId', authenticate, async (request) => {
    const { conversationId, messageId } = parseInput(messageParamsSchema, request.params);
    const { text, model } = parseInput(updateMessageRequestSchema, request.body);
    const userId = request.user!.id;
    const existing = await app.store.messages.find(userId, messageId);
    // The path names the conversation too: a message of another conversation is not found here.
    if (!existing || existing.conversationId !== conversationId) throw new NotFoundError('Message not found');
    // Recounted with the model that wrote the message (the client's `model` is a guess that defaults to
    // gpt-3.5-turbo), so the answer and the next turn's context pruning see the new text's count.
    const tokenCount = countTokens(text, existing.model ?? model ?? '');
    const message = await app.store.messages.update(userId, messageId, { text, isEdited: true, tokenCount });
    if (!message) throw new NotFoundError('Message not found');
    return toMessageDto(message);
  });
}
