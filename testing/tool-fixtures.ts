import type { ChatPart, ChatRequest, ToolDefinition, ToolOutputPart } from '../core/plugin-api/index.js';
import type { FakeToolCall } from './fake-upstreams/index.js';

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

/** What a stream said about its tool calls, summarised so a test compares it in one assertion. */
export interface StreamedToolCalls {
  /** The tool parts' types in order, one delta standing for a run of deltas. */
  sequence: string[];
  /** The ids the tool parts carried, deduplicated. */
  ids: string[];
  /** The deltas joined. */
  streamedInput: string;
  /** The whole calls. */
  calls: ChatPart[];
  /** The finish reason, when the stream finished. */
  finishReason: string | undefined;
}

/** Test helper: summarises the tool parts of a stream (vitest-free, so the build can include it). */
export function streamedToolCalls(parts: ChatPart[]): StreamedToolCalls {
  const toolParts = parts.filter((part) => part.type.startsWith('tool-'));
  const sequence = toolParts.map((part) => part.type).filter((type, index, types) => type !== 'tool-input-delta' || types[index - 1] !== 'tool-input-delta');
  const ids = [...new Set(toolParts.map((part) => ('id' in part ? part.id : '')))];
  const streamedInput = toolParts.map((part) => (part.type === 'tool-input-delta' ? part.delta : '')).join('');
  const last = parts.at(-1);
  return { sequence, ids, streamedInput, calls: toolParts.filter((part) => part.type === 'tool-call'), finishReason: last?.type === 'finish' ? last.finishReason : undefined };
}

/** Test fixture: the summary of a stream that called one tool, in contract order, then finished for its tools. */
export function oneStreamedToolCall(id: string, call: FakeToolCall = weatherCall): StreamedToolCalls {
  const input = JSON.stringify(call.input);
  return {
    sequence: ['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call'],
    ids: [id],
    streamedInput: input,
    calls: [{ type: 'tool-call', id, name: call.name, input }],
    finishReason: 'tool_calls',
  };
}
