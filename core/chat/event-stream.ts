import type { FastifyReply } from 'fastify';
import type { ErrorFrame, KeepAliveFrame, MessageFrame } from '../protocol/stream-frames.js';

/** A server-sent event stream on a hijacked reply, in the frames LibreChat's client reads. */
export interface EventStream {
  /** `event: message` with a frame as JSON, exactly as built. */
  send(frame: MessageFrame): void;
  /** `event: error` with a message that carries the error, then the end of the stream. */
  fail(frame: ErrorFrame): void;
  end(): void;
  /** True once the client went away or the stream ended. */
  readonly closed: boolean;
  /** Called once when the client disconnects before the stream ended. */
  onDisconnect(listener: () => void): void;
}

/**
 * LibreChat's client dispatches every event to a JSON parser, so an SSE comment (`: ping`) would break
 * it (shared/reference/librechat-client-contract.md §4.1). A `message` frame with none of the flags
 * it acts on (final, created, sync, type, message) is read and ignored, by it and by our UI.
 */
const keepAlive: KeepAliveFrame = { keepAlive: true };

const serialize = (event: 'message' | 'error', frame: MessageFrame | ErrorFrame) => `event: ${event}\ndata: ${JSON.stringify(frame)}\n\n`;

/** Written as often as the stream is quiet, so serialized once. */
const keepAliveFrame = serialize('message', keepAlive);

/**
 * Takes the reply over for server-sent events. The headers leave with the first frame (`created`,
 * or an error), written once the upstream request is on its way: a write of their own would be one
 * more system call on the path to the first token. After `keepAliveMs` without a frame, a keep-alive
 * frame goes out, so that nothing between the client and the server cuts a stream waiting on a slow
 * model.
 */
export function openEventStream(reply: FastifyReply, { keepAliveMs }: { keepAliveMs: number }): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  let ended = false;
  const listeners: Array<() => void> = [];
  const keepAliveTimer = setInterval(() => raw.write(keepAliveFrame), keepAliveMs);
  raw.on('close', () => {
    clearInterval(keepAliveTimer);
    if (ended) return;
    ended = true;
    for (const listener of listeners) listener();
  });
  const write = (event: 'message' | 'error', frame: MessageFrame | ErrorFrame) => {
    if (ended) return;
    raw.write(serialize(event, frame));
    keepAliveTimer.refresh();
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAliveTimer);
    raw.end();
  };
  return {
    send: (frame) => write('message', frame),
    fail: (frame) => {
      write('error', frame);
      end();
    },
    end,
    get closed() {
      return ended;
    },
    onDisconnect: (listener) => listeners.push(listener),
  };
}
