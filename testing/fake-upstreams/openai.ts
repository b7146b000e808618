import type { FakeFailure, FakeToolCall } from './control.js';
import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { FakeOpenAIFiles, handleOpenAIFiles } from './openai-files.js';
import { dataFrame, framesOfTranscript, sendJson, writeSse, type SseFrame } from './sse.js';

const created = 1_717_000_000;

const defaultErrors: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist or you do not have access to it.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests. Please try again in 20ms.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
};

const quotaMessage = 'You exceeded your current quota, please check your plan and billing details.';

/** Renders a scripted failure as OpenAI's `{error:{message,type,param,code}}` body. */
export function sendOpenAIError(exchange: FakeExchange, failure: FakeFailure): void {
  const fallback = defaultErrors[failure.status] ?? defaultErrors[500];
  const code = failure.code ?? fallback.code;
  const type = failure.type ?? (code === 'insufficient_quota' ? 'insufficient_quota' : fallback.type);
  const message = failure.message ?? (code === 'insufficient_quota' ? quotaMessage : fallback.message);
  sendJson(exchange, failure.status, { error: { message, type, param: null, code } }, failure.headers);
}

const callId = (call: FakeToolCall, index: number) => call.id ?? `call_fake_${index + 1}`;

/**
 * OpenAI's streamed tool calls: per call, a first delta with its index, id, type and name (arguments
 * empty), then the arguments JSON in pieces under the same index.
 */
function toolCallDeltas(exchange: FakeExchange, calls: FakeToolCall[]): object[] {
  return calls.flatMap((call, index) => [
    { tool_calls: [{ index, id: callId(call, index), type: 'function', function: { name: call.name, arguments: '' } }] },
    ...exchange.control.chunksOf(JSON.stringify(call.input)).map((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] })),
  ]);
}

function completionFrames(exchange: FakeExchange, model: string, text: string, prelude: SseFrame[]): SseFrame[] {
  const { control, request } = exchange;
  const includeUsage = request.body?.stream_options?.include_usage === true;
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_fake', ...(includeUsage ? { usage: null } : {}) };
  const choice = (delta: object, finishReason: string | null) => ({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  const chunks = control.chunksOf(text);
  const calls = control.toolCallsFor(request);
  const frames = [...prelude, dataFrame(choice({ role: 'assistant', content: calls.length && !text ? null : '', refusal: null }, null))];
  for (const chunk of chunks) frames.push(dataFrame(choice({ content: chunk }, null), true));
  for (const delta of toolCallDeltas(exchange, calls)) frames.push(dataFrame(choice(delta, null), true));
  frames.push(dataFrame(choice({}, control.script.finishReason ?? (calls.length ? 'tool_calls' : 'stop'))));
  const usage = control.usageFor(request, chunks.length);
  if (includeUsage && usage) {
    const counts = { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens };
    frames.push(dataFrame({ ...base, choices: [], usage: counts }));
  }
  frames.push({ text: 'data: [DONE]\n\n', content: false });
  return frames;
}

function completionJson(exchange: FakeExchange, model: string, text: string) {
  const usage = exchange.control.usageFor(exchange.request, exchange.control.chunksOf(text).length);
  const calls = exchange.control.toolCallsFor(exchange.request);
  const toolCalls = calls.map((call, index) => ({ id: callId(call, index), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } }));
  const message = { role: 'assistant', content: calls.length && !text ? null : text, refusal: null, ...(calls.length ? { tool_calls: toolCalls } : {}) };
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, message, logprobs: null, finish_reason: exchange.control.script.finishReason ?? (calls.length ? 'tool_calls' : 'stop') }],
    ...(usage ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens } } : {}),
  };
}

/**
 * Answers one chat completion (streamed or not); shared by the OpenAI and Azure fakes. `prelude` frames
 * go before the role delta (Azure's prompt-filter chunk).
 */
export async function answerChatCompletion(exchange: FakeExchange, model: string, prelude: SseFrame[] = []): Promise<void> {
  const failure = exchange.control.takeFailure();
  if (failure) return sendOpenAIError(exchange, failure);
  const replay = exchange.request.body?.stream === true ? exchange.control.takeReplay() : undefined;
  const malformed = 'data: {"id":"chatcmpl-fake","object":"chat.completion.chunk","choices":[{"delta":{"content":"bro\n\n';
  if (replay) return writeSse(exchange, framesOfTranscript(replay.transcript), malformed, replay.delayMs);
  const text = exchange.control.replyFor(exchange.request);
  if (exchange.request.body?.stream !== true) return sendJson(exchange, 200, completionJson(exchange, model, text));
  return writeSse(exchange, completionFrames(exchange, model, text, prelude), malformed);
}

/** Answers `GET …/models` with the scripted model ids. */
export function answerModelList(exchange: FakeExchange): void {
  const failure = exchange.control.takeFailure();
  if (failure) return sendOpenAIError(exchange, failure);
  const data = exchange.control.script.models.map((id) => ({ id, object: 'model', created, owned_by: 'fake' }));
  sendJson(exchange, 200, { object: 'list', data });
}

/**
 * OpenAI's API: `POST …/chat/completions` and `GET …/models`, under any prefix so the same fake serves
 * `/v1` and OpenAI-compatible bases such as `/api/v1`.
 */
export async function handleOpenAI(exchange: FakeExchange): Promise<void> {
  const { method, path, body } = exchange.request;
  if (method === 'POST' && path.endsWith('/chat/completions')) return answerChatCompletion(exchange, String(body?.model ?? 'unknown'));
  if (method === 'GET' && path.endsWith('/models')) return answerModelList(exchange);
  sendOpenAIError(exchange, { status: 404, code: 'unknown_url', message: `Unknown request URL: ${method} ${path}.` });
}

/** A fake OpenAI upstream, with the files its Files API holds. */
export interface FakeOpenAIUpstream extends FakeUpstream {
  files: FakeOpenAIFiles;
}

/**
 * Starts a fake OpenAI (and OpenAI-compatible) upstream; use `${url}/v1` as the SDK base URL. Its Files
 * API (openai-files.ts) reads multipart bodies raw, before the JSON-minded recording.
 */
export async function startFakeOpenAI(port = 0): Promise<FakeOpenAIUpstream> {
  const files = new FakeOpenAIFiles();
  const upstream = await startFakeServer(handleOpenAI, undefined, port, (message, response) => handleOpenAIFiles(message, response, files));
  return { ...upstream, files };
}
