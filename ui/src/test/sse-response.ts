/** One server-sent event as the server writes it. */
export interface TestFrame {
  event?: 'message' | 'error';
  data: unknown;
}

export const frameText = ({ event = 'message', data }: TestFrame) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A text/event-stream Response whose body arrives in `chunkSize`-byte pieces (frames split anywhere). */
export function sseResponse(frames: TestFrame[], chunkSize = 7): Response {
  const bytes = new TextEncoder().encode(frames.map(frameText).join(''));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let start = 0; start < bytes.length; start += chunkSize) controller.enqueue(bytes.slice(start, start + chunkSize));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/** A stream the test feeds frame by frame; it fails with AbortError when the request is aborted. */
export function controlledSseResponse(signal?: AbortSignal | null) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(frame: TestFrame) {
      controller.enqueue(new TextEncoder().encode(frameText(frame)));
    },
    close() {
      controller.close();
    },
  };
}
