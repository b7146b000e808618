import type { Agent } from 'node:http';
import { openRequest } from '../lib/http.js';

/** What the client saw of one stream. */
export interface StreamTiming {
  /** Request sent → first frame carrying reply text, ms. */
  ttftMs: number;
  /** Gaps between consecutive text frames, ms (frames arriving in one read count as 0). */
  gapsMs: number[];
  chunks: number;
  error?: string;
}

/** Tells what one SSE frame of a path means, by plain string tests: JSON-parsing every frame would load the generator. */
export interface FrameKind {
  isText(frame: string): boolean;
  isError(frame: string): boolean;
  isEnd(frame: string): boolean;
}

/** OpenAI chat-completion chunks, as the fake upstream sends them. */
export const directFrames: FrameKind = {
  isText: (frame) => {
    const at = frame.indexOf('"delta":{"content":"');
    return at >= 0 && frame[at + 20] !== '"';
  },
  isError: (frame) => frame.startsWith('data: {"error"'),
  isEnd: (frame) => frame.startsWith('data: [DONE]'),
};

/** chatbox's frames: `message` progress frames, `final`, or `event: error`. */
export const chatboxFrames: FrameKind = {
  isText: (frame) => frame.startsWith('event: message\ndata: {"message":true'),
  isError: (frame) => frame.startsWith('event: error'),
  isEnd: (frame) => frame.startsWith('event: message\ndata: {"final":true'),
};

/** Sends one streaming request and times its text frames until the stream ends. */
export async function timeStream(url: string, options: { agent: Agent; headers?: Record<string, string>; body: unknown; frames: FrameKind }): Promise<StreamTiming> {
  const { frames } = options;
  const timing: StreamTiming = { ttftMs: Number.NaN, gapsMs: [], chunks: 0 };
  const started = performance.now();
  let last = 0;
  let ended = false;
  try {
    const response = await openRequest(url, { agent: options.agent, headers: options.headers, body: options.body });
    if (response.statusCode !== 200) {
      let text = '';
      for await (const part of response) text += part;
      return { ...timing, error: `status ${response.statusCode}: ${text.slice(0, 200)}` };
    }
    response.setEncoding('utf8');
    let buffer = '';
    for await (const part of response) {
      const now = performance.now();
      buffer += part as string;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (frames.isText(frame)) {
          if (timing.chunks === 0) timing.ttftMs = now - started;
          else timing.gapsMs.push(now - last);
          last = now;
          timing.chunks += 1;
        } else if (frames.isError(frame)) {
          return { ...timing, error: `error frame: ${frame.slice(0, 300)}` };
        } else if (frames.isEnd(frame)) {
          ended = true;
        }
      }
    }
  } catch (error) {
    return { ...timing, error: String(error) };
  }
  return ended ? timing : { ...timing, error: 'the stream ended without its final frame' };
}
