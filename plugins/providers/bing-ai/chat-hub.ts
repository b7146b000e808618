import WebSocket from 'ws';
import { decodeFrames, encodeFrame } from './signalr-frames.js';

/** SignalR's keep-alive: nodejs-gpt pings every 15 s. */
const PING_MS = 15_000;

/** A ChatHub connection after the handshake: send invocations, read Bing's messages. */
export interface ChatHub {
  send(message: unknown): void;
  /** Bing's messages, one per frame (nodejs-gpt reads only the first of a frame); ends when the socket closes. */
  messages(): AsyncIterable<unknown>;
  close(): void;
}

/**
 * Opens the websocket (§6.3 step 2), sends the JSON-protocol handshake and waits for Bing's empty
 * object. The signal closes the socket at any point.
 */
export async function openChatHub(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<ChatHub> {
  const socket = new WebSocket(url, { headers });
  const queue: unknown[] = [];
  let wake: (() => void) | undefined;
  let ended: Error | null | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const finish = (error: Error | null) => {
    ended ??= error;
    notify();
  };
  const onAbort = () => socket.terminate();
  signal.addEventListener('abort', onAbort, { once: true });

  let handshaken = false;
  const handshake = new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(encodeFrame({ protocol: 'json', version: 1 })));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('The Bing websocket closed during the handshake')));
    socket.on('message', (data) => {
      const [first] = decodeFrames(data.toString());
      if (!handshaken) {
        handshaken = true;
        resolve();
        return;
      }
      if (first !== undefined) queue.push(first);
      notify();
    });
  });
  socket.on('error', (error) => finish(error));
  socket.on('close', () => finish(null));
  try {
    await handshake;
  } catch (error) {
    signal.removeEventListener('abort', onAbort);
    socket.terminate();
    throw error;
  }
  const ping = setInterval(() => socket.send(encodeFrame({ type: 6 })), PING_MS);

  const close = () => {
    clearInterval(ping);
    signal.removeEventListener('abort', onAbort);
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
  };
  return {
    send: (message) => socket.send(encodeFrame(message)),
    close,
    async *messages() {
      try {
        for (;;) {
          if (queue.length > 0) {
            yield queue.shift();
            continue;
          }
          if (ended !== undefined) {
            if (ended) throw ended;
            return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        close();
      }
    },
  };
}
