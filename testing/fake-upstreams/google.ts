import type { FakeFailure } from './control.js';
import { startFakeServer, type FakeExchange, type FakeUpstream } from './fake-server.js';
import { dataFrame, framesOfTranscript, sendJson, writeSse, type SseFrame } from './sse.js';

const route = /^\/(v1beta|v1)\/models\/([^:/]+):(streamGenerateContent|generateContent)$/;

const defaultErrors: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API." },
  404: { status: 'NOT_FOUND', message: 'models/unknown is not found for API version v1beta, or is not supported for generateContent.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting' },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
};

/**
 * Renders a scripted failure as Google's `{error:{code,message,status,details}}` body. A `code` becomes an
 * ErrorInfo reason: Gemini answers a bad key with 400 INVALID_ARGUMENT + reason API_KEY_INVALID, not a 401.
 */
export function sendGoogleError(exchange: FakeExchange, failure: FakeFailure): void {
  const fallback = defaultErrors[failure.status] ?? defaultErrors[500];
  const message = failure.message ?? (failure.code === 'API_KEY_INVALID' ? 'API key not valid. Please pass a valid API key.' : fallback.message);
  const details = failure.code ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: failure.code, domain: 'googleapis.com' }] : undefined;
  const error = { code: failure.status, message, status: failure.type ?? fallback.status, ...(details ? { details } : {}) };
  sendJson(exchange, failure.status, { error }, failure.headers);
}

/** Gemini's function calls arrive whole, as `functionCall` parts of the last chunk, with no id. */
function responseChunk(exchange: FakeExchange, model: string, text: string, finishReason: string | undefined, completionTokens: number, withCalls = false) {
  const usage = exchange.control.usageFor(exchange.request, completionTokens);
  const calls = withCalls ? exchange.control.toolCallsFor(exchange.request).map((call) => ({ functionCall: { name: call.name, args: call.input } })) : [];
  const parts = [...(text || !calls.length ? [{ text }] : []), ...calls];
  const candidate = { content: { parts, role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) };
  const usageMetadata = usage
    ? { promptTokenCount: usage.promptTokens, candidatesTokenCount: usage.completionTokens, totalTokenCount: usage.promptTokens + usage.completionTokens }
    : undefined;
  return { candidates: [candidate], ...(usageMetadata ? { usageMetadata } : {}), modelVersion: model };
}

function streamFrames(exchange: FakeExchange, model: string, text: string): SseFrame[] {
  const chunks = exchange.control.chunksOf(text);
  if (chunks.length === 0) chunks.push('');
  const finishReason = exchange.control.script.finishReason ?? 'STOP';
  // Gemini reports the finish reason on the last text chunk and a cumulative usage on every chunk.
  return chunks.map((chunk, index) => {
    const isLast = index === chunks.length - 1;
    return dataFrame(responseChunk(exchange, model, chunk, isLast ? finishReason : undefined, isLast ? chunks.length : index + 1, isLast), true);
  });
}

async function answerGenerate(exchange: FakeExchange, model: string, streaming: boolean): Promise<void> {
  const { control, request } = exchange;
  if (!request.headers['x-goog-api-key'] && !request.query.key) return sendGoogleError(exchange, { status: 403 });
  const failure = control.takeFailure();
  if (failure) return sendGoogleError(exchange, failure);
  const malformed = 'data: {"candidates": [{"content": {"parts": [{"text": "bro\n\n';
  const replay = streaming ? control.takeReplay() : undefined;
  if (replay) return writeSse(exchange, framesOfTranscript(replay.transcript), malformed, replay.delayMs);
  const text = control.replyFor(request);
  if (!streaming) {
    const completionTokens = control.chunksOf(text).length;
    return sendJson(exchange, 200, responseChunk(exchange, model, text, control.script.finishReason ?? 'STOP', completionTokens, true));
  }
  return writeSse(exchange, streamFrames(exchange, model, text), malformed);
}

/** Gemini's API: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` and `:generateContent`. */
export async function handleGoogle(exchange: FakeExchange): Promise<void> {
  const { method, path, query } = exchange.request;
  const match = route.exec(path);
  if (method !== 'POST' || !match) return sendGoogleError(exchange, { status: 404, message: `Not found: ${method} ${path}` });
  const streaming = match[3] === 'streamGenerateContent';
  if (streaming && query.alt !== 'sse') return sendGoogleError(exchange, { status: 400, message: 'This fake only streams with alt=sse.' });
  return answerGenerate(exchange, decodeURIComponent(match[2]), streaming);
}

/** Starts a fake Gemini upstream; its `url` is the SDK `requestOptions.baseUrl` as is. */
export function startFakeGoogle(port = 0): Promise<FakeUpstream> {
  return startFakeServer(handleGoogle, undefined, port);
}
