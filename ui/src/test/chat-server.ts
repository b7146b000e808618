import type { ConversationDto } from '@protocol';
import type { ChatMessage } from '../features/chat/utils/chat-message.js';
import { json, mockFetch, testUser, type Handlers } from './mock-fetch.js';

export const testConversation = (overrides: Partial<ConversationDto> = {}): ConversationDto => ({
  conversationId: 'c1',
  title: 'Tea ceremony',
  user: 'u1',
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
  temperature: 0.5,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  ...overrides,
});

/** A signed-in user with one OpenAI endpoint, and the conversation `c1` made of `messages`. */
export function mockChatServer(messages: ChatMessage[] = [], handlers: Handlers = {}) {
  return mockFetch({
    'POST /api/auth/refresh': () => json(200, { token: 'tok', user: testUser }),
    'GET /api/endpoints': () => json(200, { openAI: { order: 0, userProvide: false, userProvideURL: false } }),
    'GET /api/models': () => json(200, { openAI: ['gpt-4o-mini', 'gpt-4o'] }),
    'GET /api/convos': () => json(200, { conversations: [], pages: 1, pageNumber: 1, pageSize: 25 }),
    'GET /api/presets': () => json(200, []),
    'GET /api/search/enable': () => json(200, false),
    'GET /api/messages/c1': () => json(200, messages),
    'GET /api/convos/c1': () => json(200, testConversation()),
    // No fileConfig in the yaml: the defaults of spec 001 §9 apply.
    'GET /api/files/config': () => json(200),
    ...handlers,
  });
}
