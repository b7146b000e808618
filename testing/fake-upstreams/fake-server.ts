import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { FakeControl, type ExchangeOutcome, type RecordedRequest } from './control.js';

/** One request being answered, with what a provider fake needs to answer it. */
export interface FakeExchange {
  request: RecordedRequest;
  response: ServerResponse;
  control: FakeControl;
  /** True once the socket is gone, whoever closed it: stop writing. */
  readonly closed: boolean;
  /** Destroys the socket on purpose (a cut stream); recorded as `disconnected`. */
  disconnect(): void;
}

export type FakeHandler = (exchange: FakeExchange) => Promise<void>;

/**
 * Sees a request before it is recorded and its body parsed as JSON text (which binary uploads cannot
 * survive); answers true when it answered the request itself.
 */
export type RawFakeHandler = (message: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/** A running fake upstream: its base URL, its scripting handle, and its recorded requests. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  control: FakeControl;
  close(): Promise<void>;
}

const MAX_RECORDED = 1_000;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function readBody(message: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of message) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function record(message: IncomingMessage, response: ServerResponse, control: FakeControl) {
  const url = new URL(message.url ?? '/', 'http://fake');
  let disconnected = false;
  let closed = false;
  const outcome = new Promise<ExchangeOutcome>((resolve) => {
    response.on('close', () => {
      closed = true;
      if (response.writableFinished) resolve('completed');
      else resolve(disconnected ? 'disconnected' : 'client-closed');
    });
  });
  const request: RecordedRequest = {
    method: message.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: message.headers,
    body: await readBody(message),
    outcome,
  };
  control.requests.push(request);
  // A long-running fake (npm run fake-upstream, benchmarks) must not grow without bound.
  if (control.requests.length > MAX_RECORDED) control.requests.splice(0, control.requests.length - MAX_RECORDED);
  const exchange: FakeExchange = {
    request,
    response,
    control,
    get closed() {
      return closed || response.destroyed;
    },
    disconnect() {
      disconnected = true;
      response.socket?.destroy();
    },
  };
  return exchange;
}

/**
 * Starts a loopback HTTP server (on a random port unless one is given) that answers every request with
 * `handler`, after `rawHandler` (when given) declined it.
 */
export async function startFakeServer(
  handler: FakeHandler,
  control = new FakeControl(),
  port = 0,
  rawHandler?: RawFakeHandler,
  /** Websocket upgrades (Bing's ChatHub); without it they are refused. */
  upgrade?: (message: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<FakeUpstream> {
  const server = createServer((message, response) => {
    void (async () => {
      if (rawHandler && (await rawHandler(message, response))) return;
      const exchange = await record(message, response, control);
      if (control.script.firstByteDelayMs > 0) await sleep(control.script.firstByteDelayMs);
      if (exchange.closed) return;
      await handler(exchange);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fake upstream crashed: ${String(error)}`);
    });
  });
  server.on('upgrade', (message, socket, head) => (upgrade ? upgrade(message, socket, head) : socket.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A loopback URL where nothing listens, for connection-refused tests. Port 1 (tcpmux) is privileged
 * and unused: a port freed by closing a server could be taken by a test running beside this one.
 */
export async function closedPortUrl(): Promise<string> {
  return 'http://127.0.0.1:1';
}
