/** One server-sent event as the client sees it. */
export interface SseFrame {
  event: string;
  data: any;
}

/** Parses an event-stream body into frames with JSON data (tests read whole streams with this). */
export function parseSseFrames(body: string): SseFrame[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      return { event, data: data ? JSON.parse(data) : undefined };
    });
}

/** Reads a streaming fetch response frame by frame, for tests that act mid-stream. */
export async function* readSseFrames(response: Response): AsyncGenerator<SseFrame> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      yield* parseSseFrames(buffer.slice(0, end + 2));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}
