import { describe, expect, it, vi } from 'vitest';
import { fetchEventStream, SseHttpError } from './fetch-event-stream.js';
import type { SseEvent } from './parse-sse.js';

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('fetchEventStream', () => {
  it('POSTs JSON and decodes a multi-byte character split between two network chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"héllo 👋"}\n\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the four bytes of the emoji
    const fetchMock = vi.fn(async () => new Response(streamOf([bytes.slice(0, cut), bytes.slice(cut)]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const events: SseEvent[] = [];

    await fetchEventStream('/api/ask/openAI', { body: { text: 'hi' }, headers: { Authorization: 'Bearer t' }, onEvent: (event) => events.push(event) });

    expect(events.map((event) => JSON.parse(event.data))).toEqual([{ text: 'héllo 👋' }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ask/openAI');
    expect(init).toMatchObject({ method: 'POST', body: '{"text":"hi"}', credentials: 'include' });
    expect(init.headers).toMatchObject({ Authorization: 'Bearer t', 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  });

  it('rejects with the status and body of an error answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"nope","code":"unauthorized"}', { status: 401 })));
    const failure = await fetchEventStream('/x', { onEvent: () => undefined }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SseHttpError);
    expect(failure).toMatchObject({ status: 401, body: '{"message":"nope","code":"unauthorized"}' });
  });
});
