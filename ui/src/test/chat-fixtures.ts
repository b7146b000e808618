import type { ChatMessage } from '../features/chat/utils/chat-message.js';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
let clock = Date.parse('2024-05-01T10:00:00.000Z');

/** A stored message; each call is one second later than the last unless `createdAt` is given. */
export function message(messageId: string, parentMessageId: string | null, overrides: Partial<ChatMessage> = {}): ChatMessage {
  clock += 1000;
  const createdAt = new Date(clock).toISOString();
  const isCreatedByUser = overrides.isCreatedByUser ?? messageId.startsWith('u');
  return {
    messageId,
    conversationId: 'c1',
    user: 'u1',
    parentMessageId: parentMessageId ?? NO_PARENT,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    sender: isCreatedByUser ? 'User' : 'ChatGPT',
    text: `text of ${messageId}`,
    isCreatedByUser,
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: isCreatedByUser ? null : 'stop',
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** A linear conversation of `count` messages, user and reply alternating: u0, a1, u2, a3 … */
export function chain(count: number, conversationId = 'c1'): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `${index % 2 === 0 ? 'u' : 'a'}${index}`;
    messages.push(message(id, messages[index - 1]?.messageId ?? null, { conversationId, text: `Message number ${index}` }));
  }
  return messages;
}
