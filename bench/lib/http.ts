import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';

/**
 * node:http rather than fetch: the load generator shares its event loop with hundreds of streams, and
 * the plain client costs less per chunk, so less of its own overhead ends up in the figures.
 */
export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
}

export interface JsonAnswer {
  status: number;
  body: any;
  /** Request start to last byte of the body, ms. */
  ms: number;
  bytes: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  agent?: Agent;
}

/** Opens a request and resolves with the response head, for callers that read the body themselves. */
export function openRequest(url: string, options: RequestOptions = {}): Promise<IncomingMessage> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, {
      method: options.method ?? (payload ? 'POST' : 'GET'),
      agent: options.agent,
      headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...options.headers },
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

export async function requestJson(url: string, options: RequestOptions = {}): Promise<JsonAnswer> {
  const started = performance.now();
  const response = await openRequest(url, options);
  const parts: Buffer[] = [];
  for await (const part of response) parts.push(part as Buffer);
  const ms = performance.now() - started;
  const text = Buffer.concat(parts).toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML page, a proxy error): keep the text for the error message.
  }
  return { status: response.statusCode ?? 0, body, ms, bytes: Buffer.byteLength(text) };
}

/** Throws with the answer's text unless the status is the expected one. */
export function expectStatus(answer: JsonAnswer, status: number, what: string): JsonAnswer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}
