import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { OpenAIChunkMapper } from './chunk-mapper.js';

const chunk = (delta: object, finishReason: string | null = null): ChatCompletionChunk =>
  ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }] }) as ChatCompletionChunk;

describe('OpenAIChunkMapper', () => {
  it('streams tool call fragments as tool input once the name is whole, and closes the calls before the finish', () => {
    const mapper = new OpenAIChunkMapper();
    const parts = [
      ...mapper.push(chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_', arguments: '' } }] })),
      ...mapper.push(chunk({ tool_calls: [{ index: 0, function: { name: 'weather', arguments: '{"city":' } }] })),
      ...mapper.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] })),
      ...mapper.push(chunk({}, 'tool_calls')),
      ...mapper.push({ ...chunk({}), choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } }),
      ...mapper.end(),
    ];
    expect(parts).toEqual([
      { type: 'tool-input-start', id: 'call_1', name: 'get_weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"city":' },
      { type: 'tool-input-delta', id: 'call_1', delta: '"Oslo"}' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', input: '{"city":"Oslo"}' },
      { type: 'finish', finishReason: 'tool_calls', usage: { promptTokens: 3, completionTokens: 4 } },
    ]);
  });

  it('passes refusals as text and maps unknown finish reasons to other', () => {
    const mapper = new OpenAIChunkMapper();
    expect(mapper.push(chunk({ refusal: "I can't help with that." }, 'something_new'))).toEqual([{ type: 'text-delta', text: "I can't help with that." }]);
    expect(mapper.end()).toEqual([{ type: 'finish', finishReason: 'other' }]);
  });
});
