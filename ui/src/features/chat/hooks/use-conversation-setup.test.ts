import type { ConversationDto } from '@protocol';
import { describe, expect, it } from 'vitest';
import { setupFromConversation } from './use-conversation-setup.js';

describe('setupFromConversation', () => {
  it("keeps a Bing chat's mode, tone and texts but leaves its upstream session to the server", () => {
    const conversation: ConversationDto = {
      conversationId: 'c1', title: 'Quiz', user: 'u1', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
      endpoint: 'bingAI', model: 'BingAI', jailbreak: false, toneStyle: 'precise', context: 'Geography', systemMessage: null,
      bingConversationId: 'bing-conversation-1', conversationSignature: 'signature', clientId: 'client', invocationId: 3, jailbreakConversationId: null,
    };
    // Echoing invocationId 3 on a later turn would rewind Bing's count; a new chat from this setup would continue Bing's conversation.
    expect(setupFromConversation(conversation)).toEqual({ endpoint: 'bingAI', model: 'BingAI', jailbreak: false, toneStyle: 'precise', context: 'Geography' });
  });
});
