import { z } from 'zod';
import { conversationIdSchema } from '../../protocol/conversation.js';

export const conversationMessagesParamsSchema = z.object({ conversationId: conversationIdSchema });

export const messageParamsSchema = z.object({
  conversationId: conversationIdSchema,
  messageId: z.string({ message: 'messageId is required' }).trim().min(1, 'messageId is required').max(200, 'messageId must be at most 200 characters'),
});
