import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Engine } from './engine.js';
import { MeiliError } from './meili-error.js';
import { route } from './routes.js';

export interface MeiliDoubleOptions {
  /** The master key clients must send as `Authorization: Bearer …`; no auth when null. */
  masterKey?: string | null;
  /** Delay before each task is processed, to exercise clients that wait for tasks. */
  taskDelayMs?: number;
}

export interface MeiliDouble {
  /** http://127.0.0.1:<port>, stable across stop() and start(). */
  readonly url: string;
  readonly masterKey: string | null;
  /** Indexes, documents and tasks, for assertions. */
  readonly engine: Engine;
  /** Stops listening (connections refused, like a crashed server); the data is kept. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** While true every request is answered 503, like a server that is up but failing. */
  setUnavailable(unavailable: boolean): void;
  /** Requests received, as "METHOD /path". */
  readonly requests: string[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new MeiliError(400, 'malformed_payload', 'The json payload provided is malformed.');
  }
}

/**
 * A Meilisearch HTTP server in memory for tests, driven by the real `meilisearch` client: indexes,
 * settings, documents, tasks, search with filters, sort, highlighting, prefix and typo matching, and
 * API-key auth. Listens on 127.0.0.1 only.
 */
export async function startMeiliDouble(options: MeiliDoubleOptions = {}): Promise<MeiliDouble> {
  const masterKey = options.masterKey === undefined ? 'test-master-key' : options.masterKey;
  const engine = new Engine(options.taskDelayMs ?? 0);
  const requests: string[] = [];
  let unavailable = false;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    try {
      if (unavailable) throw new MeiliError(503, 'unavailable', 'Meilisearch is temporarily unavailable.', 'system');
      const segments = url.pathname.split('/').filter(Boolean);
      if (masterKey !== null && segments[0] !== 'health') {
        const header = request.headers.authorization;
        if (!header) throw new MeiliError(401, 'missing_authorization_header', 'The Authorization header is missing. It must use the bearer authorization method.', 'auth');
        if (header !== `Bearer ${masterKey}`) throw new MeiliError(403, 'invalid_api_key', 'The provided API key is invalid.', 'auth');
      }
      const result = route(engine, { method, segments, query: url.searchParams, body: await readBody(request) });
      send(response, result.status, result.body);
    } catch (error) {
      const meiliError = error instanceof MeiliError ? error : new MeiliError(500, 'internal', String(error), 'internal');
      send(response, meiliError.status, meiliError.toJSON());
    }
  };

  let server: Server = createServer((request, response) => void handle(request, response));
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let listening = true;

  const stop = async () => {
    if (!listening) return;
    listening = false;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    masterKey,
    engine,
    requests,
    stop,
    async start() {
      if (listening) return;
      server = createServer((request, response) => void handle(request, response));
      await listen(port);
      listening = true;
    },
    setUnavailable(flag) {
      unavailable = flag;
    },
    close: stop,
  };
}
