import { expect } from 'vitest';
import type { ChatPart, ChatRequest, ToolDefinition, ToolOutputPart } from '../../core/plugin-api/index.js';
import type { FakeToolCall } from '../../core/testing/fake-upstreams/index.js';

/** Test fixture: a tool with a JSON Schema using keywords some providers drop (additionalProperties). */
export const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'The current weather in a city',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { city: { type: 'string', description: 'The city name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
    additionalProperties: false,
  },
};

/** Test fixture: the call the fakes answer with. */
export const weatherCall: FakeToolCall = { name: 'get_weather', input: { city: 'Oslo', unit: 'celsius' } };

/**
 * Test fixture: a history where the model called the tool and the tool answered, so each provider's
 * request shows tools, an assistant tool call and a tool result in its own wire format.
 */
export function toolHistoryRequest(model: string, output: ToolOutputPart[] = [{ type: 'text', text: '{"celsius":3}' }], overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model,
    messages: [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool-call', id: 'call_1', name: 'get_weather', input: { city: 'Oslo' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', output }] },
    ],
    parameters: {},
    tools: [weatherTool],
    toolChoice: 'auto',
    ...overrides,
  };
}

/**
 * Test helper: the parts hold exactly one streamed tool call with this id, in contract order
 * (start, at least one delta, end, call), its deltas adding up to the call's input, and the finish
 * says the model wants its tools run.
 */
export function expectOneStreamedToolCall(parts: ChatPart[], id: string, call: FakeToolCall = weatherCall): void {
  const toolParts = parts.filter((part) => part.type.startsWith('tool-'));
  expect(toolParts[0]).toEqual({ type: 'tool-input-start', id, name: call.name });
  const deltas = toolParts.slice(1, -2);
  expect(deltas.length).toBeGreaterThan(0);
  expect(deltas.map((part) => (part.type === 'tool-input-delta' && part.id === id ? part.delta : '✗')).join('')).toBe(JSON.stringify(call.input));
  expect(toolParts.slice(-2)).toEqual([
    { type: 'tool-input-end', id },
    { type: 'tool-call', id, name: call.name, input: JSON.stringify(call.input) },
  ]);
  expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls' });
}
