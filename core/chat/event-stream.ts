import type { FastifyReply } from 'fastify';

/** A server-sent event stream on a hijacked reply, in the frames LibreChat's client reads. */
export interface EventStream {
  /** `event: message` with JSON data. */
  send(data: unknown): void;
  /** `event: error` with JSON data, then the end of the stream. */
  fail(data: unknown): void;
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
const keepAliveFrame = 'event: message\ndata: {"keepAlive":true}\n\n';

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
  const keepAlive = setInterval(() => raw.write(keepAliveFrame), keepAliveMs);
  raw.on('close', () => {
    clearInterval(keepAlive);
    if (ended) return;
    ended = true;
    for (const listener of listeners) listener();
  });
  const write = (event: string, data: unknown) => {
    if (ended) return;
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    keepAlive.refresh();
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    raw.end();
  };
  return {
    send: (data) => write('message', data),
    fail: (data) => {
      write('error', data);
      end();
    },
    end,
    get closed() {
      return ended;
    },
    onDisconnect: (listener) => listeners.push(listener),
  };
}
