import type { PluginLogger } from '../../plugin-api/index.js';
import { RagApiUnavailableError } from './rag-api-errors.js';

type Fetch = typeof globalThis.fetch;

/** An answer of the RAG API: its status and its body, parsed when it is JSON. */
export interface RagApiAnswer {
  status: number;
  body: unknown;
}

export interface RagApiTransportOptions {
  baseUrl: string;
  fetch: Fetch;
  log: PluginLogger;
}

export interface RagApiCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** The user's token, sent as `Authorization: Bearer`. */
  token: string;
  json?: unknown;
  /** A streamed body (multipart) with its content type. */
  stream?: { contentType: string; body: ReadableStream<Uint8Array> };
  timeoutMs: number;
  signal?: AbortSignal;
  /** When the streamed body's source failed, its error, which wins over the request's. */
  sourceFailure?: () => unknown;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** FastAPI's error text (`{"detail": "…"}`), or the status. */
export function answerDetail(answer: RagApiAnswer): string {
  const body = answer.body;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return typeof body === 'string' && body.length > 0 ? body.slice(0, 200) : `HTTP ${answer.status}`;
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code ? `cannot be reached (${code})` : 'cannot be reached';
}

/**
 * One request to the RAG API with its timeout and the caller's abort signal. A connection that
 * fails or an answer that does not come in time becomes RagApiUnavailableError (logged with the URL,
 * which users are not shown); the caller's abort is passed on as it is; every HTTP answer is returned,
 * for the caller to read its status.
 */
export function createRagApiTransport({ baseUrl, fetch, log }: RagApiTransportOptions) {
  const root = baseUrl.replace(/\/+$/, '');
  return async function call(request: RagApiCall): Promise<RagApiAnswer> {
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}`, accept: 'application/json' };
    let body: RequestInit['body'];
    if (request.stream) {
      headers['content-type'] = request.stream.contentType;
      body = request.stream.body;
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const url = `${root}${request.path}`;
    try {
      // `duplex: 'half'` is what fetch requires to send a stream body; it is not in RequestInit's type yet.
      const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, body, signal, ...(request.stream ? { duplex: 'half' } : {}) };
      const response = await fetch(url, init);
      return { status: response.status, body: parseBody(await response.text()) };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      const sourceFailure = request.sourceFailure?.();
      if (sourceFailure !== undefined) throw sourceFailure;
      const reason = timeout.aborted ? `did not answer within ${Number((request.timeoutMs / 1000).toFixed(1))} s` : networkReason(error);
      log.warn('the RAG API failed', { url, method: request.method, reason, err: error instanceof Error ? error.message : String(error) });
      throw new RagApiUnavailableError(reason);
    }
  };
}

export type RagApiRequest = ReturnType<typeof createRagApiTransport>;
