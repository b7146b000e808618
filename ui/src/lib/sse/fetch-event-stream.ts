import { createSseParser, type SseEvent } from './parse-sse.js';

/** The server answered with an error status instead of a stream. */
export class SseHttpError extends Error {
  override readonly name = 'SseHttpError';

  constructor(
    readonly status: number,
    /** The raw body (usually `{message, code}` JSON). */
    readonly body: string,
  ) {
    super(`Stream request failed with status ${status}`);
  }
}

export interface EventStreamRequest {
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  /** Serialized as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Called once for every dispatched event, in order. */
  onEvent(event: SseEvent): void;
}

/**
 * EventSource cannot POST or send an Authorization header, so this reads text/event-stream over
 * fetch. Resolves when the server ends the stream; rejects with SseHttpError on a non-2xx answer
 * and with the AbortError when the signal fires.
 */
export async function fetchEventStream(url: string, request: EventStreamRequest): Promise<void> {
  const response = await fetch(url, {
    method: request.method ?? 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json', ...request.headers },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    credentials: 'include',
    signal: request.signal,
  });
  if (!response.ok) throw new SseHttpError(response.status, await response.text().catch(() => ''));

  const parser = createSseParser(request.onEvent);
  if (!response.body) {
    parser.feed(await response.text());
    parser.end();
    return;
  }
  const reader = response.body.getReader();
  // One decoder for the whole body: a multi-byte character may straddle two network chunks.
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
