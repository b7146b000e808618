import type { FakeFailure, FakeToolCall } from './control.js';
import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { eventFrame, framesOfTranscript, sendJson, writeSse, type SseFrame } from './sse.js';

const defaultErrors: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'Not found.' },
  429: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

/** Renders a scripted failure as Anthropic's `{type:'error', error:{type,message}}` body. */
export function sendAnthropicError(exchange: FakeExchange, failure: FakeFailure): void {
  const fallback = defaultErrors[failure.status] ?? defaultErrors[500];
  const error = { type: failure.type ?? fallback.type, message: failure.message ?? fallback.message };
  sendJson(exchange, failure.status, { type: 'error', error, request_id: 'req_fake' }, { 'request-id': 'req_fake', ...failure.headers });
}

const toolUseId = (call: FakeToolCall, index: number) => call.id ?? `toolu_fake_${index + 1}`;

/**
 * Anthropic's streamed tool use: per call, a `content_block_start` of type `tool_use` (empty input),
 * `input_json_delta` deltas (the first one empty, as the API sends it), and the block's stop.
 */
function toolUseFrames(exchange: FakeExchange, calls: FakeToolCall[], firstIndex: number): SseFrame[] {
  return calls.flatMap((call, offset) => {
    const index = firstIndex + offset;
    const block = { type: 'tool_use', id: toolUseId(call, offset), name: call.name, input: {} };
    const pieces = ['', ...exchange.control.chunksOf(JSON.stringify(call.input))];
    return [
      eventFrame('content_block_start', { type: 'content_block_start', index, content_block: block }),
      ...pieces.map((piece) => eventFrame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }, true)),
      eventFrame('content_block_stop', { type: 'content_block_stop', index }),
    ];
  });
}

function messageFrames(exchange: FakeExchange, model: string, text: string): SseFrame[] {
  const { control, request } = exchange;
  const chunks = control.chunksOf(text);
  const usage = control.usageFor(request, chunks.length) ?? { promptTokens: 0, completionTokens: 0 };
  const message = { id: 'msg_fake', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.promptTokens, output_tokens: 1 } };
  const calls = control.toolCallsFor(request);
  // A reply that only calls tools has no text block: its first block is the tool_use.
  const hasText = chunks.length > 0 || calls.length === 0;
  const frames = [eventFrame('message_start', { type: 'message_start', message })];
  if (hasText) frames.push(eventFrame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
  frames.push(eventFrame('ping', { type: 'ping' }));
  for (const chunk of chunks) {
    frames.push(eventFrame('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: chunk } }, true));
  }
  if (hasText) frames.push(eventFrame('content_block_stop', { type: 'content_block_stop', index: 0 }));
  frames.push(...toolUseFrames(exchange, calls, hasText ? 1 : 0));
  const delta = { stop_reason: control.script.finishReason ?? (calls.length ? 'tool_use' : 'end_turn'), stop_sequence: null };
  frames.push(
    eventFrame('message_delta', { type: 'message_delta', delta, usage: { output_tokens: usage.completionTokens } }),
    eventFrame('message_stop', { type: 'message_stop' }),
  );
  return frames;
}

function messageJson(exchange: FakeExchange, model: string, text: string) {
  const usage = exchange.control.usageFor(exchange.request, exchange.control.chunksOf(text).length) ?? { promptTokens: 0, completionTokens: 0 };
  const calls = exchange.control.toolCallsFor(exchange.request);
  const toolUses = calls.map((call, index) => ({ type: 'tool_use', id: toolUseId(call, index), name: call.name, input: call.input }));
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content: [...(text || !calls.length ? [{ type: 'text', text }] : []), ...toolUses],
    stop_reason: exchange.control.script.finishReason ?? (calls.length ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: { input_tokens: usage.promptTokens, output_tokens: usage.completionTokens },
  };
}

async function answerMessages(exchange: FakeExchange): Promise<void> {
  const { control, request } = exchange;
  if (!request.headers['x-api-key'] && !request.headers.authorization) {
    return sendAnthropicError(exchange, { status: 401, message: 'x-api-key header is required' });
  }
  if (!request.headers['anthropic-version']) return sendAnthropicError(exchange, { status: 400, message: 'anthropic-version: header is required' });
  const failure = control.takeFailure();
  if (failure) return sendAnthropicError(exchange, failure);
  const model = String(request.body?.model ?? 'unknown');
  const malformed = 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"bro\n\n';
  const replay = request.body?.stream === true ? control.takeReplay() : undefined;
  if (replay) return writeSse(exchange, framesOfTranscript(replay.transcript), malformed, replay.delayMs);
  const text = control.replyFor(request);
  if (request.body?.stream !== true) return sendJson(exchange, 200, messageJson(exchange, model, text));
  return writeSse(exchange, messageFrames(exchange, model, text), malformed);
}

function answerModelList(exchange: FakeExchange): void {
  const failure = exchange.control.takeFailure();
  if (failure) return sendAnthropicError(exchange, failure);
  const data = exchange.control.script.models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' }));
  sendJson(exchange, 200, { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null });
}

/** Anthropic's API: `POST /v1/messages` (SSE with named events, or JSON) and `GET /v1/models`. */
export async function handleAnthropic(exchange: FakeExchange): Promise<void> {
  const { method, path } = exchange.request;
  if (method === 'POST' && path === '/v1/messages') return answerMessages(exchange);
  if (method === 'GET' && path === '/v1/models') return answerModelList(exchange);
  sendAnthropicError(exchange, { status: 404, message: `Not found: ${method} ${path}` });
}

/** Starts a fake Anthropic upstream; its `url` is the SDK base URL as is. */
export function startFakeAnthropic(port = 0): Promise<FakeUpstream> {
  return startFakeServer(handleAnthropic, undefined, port);
}
