import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-message.js';
import { foldContentPart, textOfParts } from './fold-content-part.js';

const reply: ChatMessage = {
  messageId: 'u1_', conversationId: 'c1', user: '', parentMessageId: 'u1', sender: 'AI', text: '', isCreatedByUser: false,
  error: false, unfinished: false, isEdited: false, createdAt: '', updatedAt: '',
};
const ids = { userMessageId: 'u1', responseMessageId: 'u1_' };
const base = { messageId: 'r1', conversationId: 'c1', thread_id: 'thread_1' };

describe('foldContentPart', () => {
  it('sets each part at its index, text cumulative, and keeps the text of the text parts', () => {
    let messages = foldContentPart([reply], ids, { ...base, type: 'text', index: 0, text: 'Let me', message: true }, reply);
    messages = foldContentPart(messages, ids, { ...base, type: 'text', index: 0, text: 'Let me compute.', message: true }, reply);
    const call = { id: 'call_1', type: 'function' as const, progress: 0.01, function: { name: 'calculator', arguments: '{"input":"2+2"}' } };
    messages = foldContentPart(messages, ids, { ...base, type: 'tool_call', index: 1, tool_call: call }, reply);
    messages = foldContentPart(messages, ids, { ...base, type: 'tool_call', index: 1, tool_call: { ...call, progress: 1, function: { ...call.function, output: '4' } } }, reply);
    messages = foldContentPart(messages, ids, { ...base, type: 'text', index: 2, text: 'It is 4.', message: true }, reply);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.content).toEqual([
      { type: 'text', text: { value: 'Let me compute.', annotations: [] } },
      { type: 'tool_call', tool_call: { ...call, progress: 1, function: { ...call.function, output: '4' } } },
      { type: 'text', text: { value: 'It is 4.', annotations: [] } },
    ]);
    expect(messages[0]?.text).toBe('Let me compute.\n\nIt is 4.');
  });

  it('puts the reply back when a refetch dropped it, and fills a skipped index with an empty text part', () => {
    const messages = foldContentPart([], ids, { ...base, type: 'text', index: 1, text: 'late', message: true }, reply);
    expect(messages[0]?.content).toHaveLength(2);
    expect(textOfParts(messages[0]?.content ?? [])).toBe('late');
  });
});
