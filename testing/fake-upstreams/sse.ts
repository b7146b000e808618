import type { FakeExchange } from './fake-server.js';

/** One SSE frame to write; content frames are the ones `disconnectAfterChunks` and friends count. */
export interface SseFrame {
  text: string;
  content: boolean;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** `data: <json>` frame, the only shape OpenAI and Gemini use. */
export function dataFrame(payload: unknown, content = false): SseFrame {
  return { text: `data: ${JSON.stringify(payload)}\n\n`, content };
}

/** `event: <name>` + `data: <json>` frame, as Anthropic sends every event. */
export function eventFrame(event: string, payload: unknown, content = false): SseFrame {
  return { text: `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`, content };
}

/** Splits a recorded transcript into frames; every frame counts as content for the cut/malformed options. */
export function framesOfTranscript(transcript: string): SseFrame[] {
  return transcript
    .replace(/\r\n/g, '\n')
    .split(/\n\n+/)
    .filter((frame) => frame.trim() !== '')
    .map((frame) => ({ text: `${frame}\n\n`, content: true }));
}

export function sendJson(exchange: FakeExchange, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (exchange.closed) return;
  exchange.response.writeHead(status, { 'content-type': 'application/json', ...headers });
  exchange.response.end(JSON.stringify(body));
}

function write(exchange: FakeExchange, text: string): Promise<void> {
  // Waiting for the flush keeps frames in separate TCP writes, like a real token stream.
  return new Promise((resolve) => exchange.response.write(text, () => resolve()));
}

/**
 * Writes frames as a text/event-stream, honouring the script: delay between frames, one broken frame
 * after N content frames, a destroyed socket after N content frames. Stops quietly when the client leaves.
 */
export async function writeSse(exchange: FakeExchange, frames: SseFrame[], malformedFrame: string, delayMs?: number): Promise<void> {
  const { disconnectAfterChunks, malformedAfterChunks } = exchange.control.script;
  const pause = delayMs ?? exchange.control.script.delayMs;
  exchange.response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let contentFrames = 0;
  for (const frame of frames) {
    if (exchange.closed) return;
    if (frame.content) {
      if (contentFrames === disconnectAfterChunks) return exchange.disconnect();
      if (contentFrames === malformedAfterChunks) await write(exchange, malformedFrame);
      contentFrames += 1;
    }
    await write(exchange, frame.text);
    if (pause > 0) await sleep(pause);
  }
  if (!exchange.closed) exchange.response.end();
}
