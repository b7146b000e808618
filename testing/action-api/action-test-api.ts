import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the test API received, as it arrived. */
export interface ApiRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ActionTestApi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: ApiRequest[];
  /** Token requests to /oauth/token, also in `requests`. */
  tokenRequests(): ApiRequest[];
  /** The next API call carrying this token is answered 401 (a revoked token). */
  revoke(token: string): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A real HTTP API for action tests, described by the specs in action-specs.ts: it answers what it
 * received (method, path, query, headers that matter, body), issues OAuth client-credentials tokens
 * at /oauth/token (`tok-1`, `tok-2` …) and answers a large body at /v1/big.
 */
export async function startActionTestApi(): Promise<ActionTestApi> {
  const requests: ApiRequest[] = [];
  const revoked = new Set<string>();
  let issued = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: ApiRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(entry);
      const url = new URL(entry.url, 'http://api.test');
      const send = (status: number, body: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (url.pathname === '/oauth/token') {
        issued += 1;
        return send(200, { access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: 3600 });
      }
      const bearer = /^Bearer (.+)$/.exec(entry.headers.authorization ?? '')?.[1];
      if (bearer && revoked.delete(bearer)) return send(401, { error: 'token revoked' });
      if (url.pathname === '/v1/big') return send(200, 'x'.repeat(50_000), 'text/plain');
      const weather = /^\/v1\/weather\/([^/]+)$/.exec(url.pathname);
      if (weather) {
        return send(200, { city: decodeURIComponent(weather[1]), units: url.searchParams.get('units') ?? 'metric', temperature: 21, authorization: entry.headers.authorization ?? null, apiKey: entry.headers['x-api-key'] ?? null });
      }
      if (url.pathname === '/v1/missing') return send(404, { error: 'no such thing' });
      return send(200, { method: entry.method, path: url.pathname, query: Object.fromEntries(url.searchParams), contentType: entry.headers['content-type'] ?? null, body: entry.body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    tokenRequests: () => requests.filter((request) => request.url.startsWith('/oauth/token')),
    revoke: (token) => revoked.add(token),
    reset() {
      requests.length = 0;
      revoked.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
