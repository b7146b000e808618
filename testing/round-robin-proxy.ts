import { createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

/** Headers of one hop, never passed on (RFC 9110 §7.6.1), as nginx drops them. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

export interface ServedRequest {
  method: string;
  path: string;
  /** The upstream that answered (its base URL), as nginx's `X-Upstream: $upstream_addr` of the example. */
  upstream: string;
}

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every request answered, in the order they came. */
  served: ServedRequest[];
  close(): Promise<void>;
}

/**
 * What examples/scale-out/nginx.conf does, small enough for a test: each request goes to the next
 * upstream in turn; bodies stream through both ways as they come (server-sent events unbuffered);
 * a request that fails before any answer is tried on the next upstream (nginx's `proxy_next_upstream
 * error`), a POST only when its connection was refused (nothing was sent); an upstream that dies mid-answer cuts the client's
 * connection (the headers are gone, no status can say so); a client that goes away closes the
 * upstream request, so the instance sees it. `X-Forwarded-For` carries the client's address.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const served: ServedRequest[] = [];
  let turn = 0;

  const send = (request: IncomingMessage, response: ServerResponse, tried: number) => {
    const upstream = upstreams[turn++ % upstreams.length]!;
    const target = new URL(request.url ?? '/', upstream);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    // A connection per request (no keep-alive pool): a killed instance leaves no pooled socket behind.
    const outgoing = forward(target, { method: request.method, headers: { ...passedOn(request.headers), 'x-forwarded-for': forwardedFor }, agent: false });
    let answered = false;
    let bodySent = false;
    // The body goes out once connected, so that a refused connection leaves it whole for the next upstream.
    const sendBody = () => {
      bodySent = true;
      // A retried GET: its (empty) body was read by the first attempt already.
      if (request.readableEnded) outgoing.end();
      else request.pipe(outgoing);
    };
    outgoing.on('socket', (socket) => (socket.connecting ? socket.once('connect', sendBody) : sendBody()));
    outgoing.on('response', (incoming) => {
      answered = true;
      served.push({ method: request.method ?? 'GET', path: request.url ?? '/', upstream });
      response.writeHead(incoming.statusCode ?? 502, { ...passedOn(incoming.headers), 'x-upstream': upstream });
      // The headers now, not with the first chunk of the body: an event stream is open from here.
      response.flushHeaders();
      incoming.pipe(response);
      // The instance died mid-answer: end the client's connection without the last chunk, as nginx does.
      incoming.on('close', () => {
        if (!incoming.complete) response.destroy();
      });
    });
    outgoing.on('error', (error: Error) => {
      // The client left first (and took the request to the instance with it): nobody to answer.
      if (response.destroyed) return;
      if (answered) return response.destroy();
      // Before an answer, nginx passes a request on unless it is a POST (or alike) it already sent.
      const retriable = !bodySent || ['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? 'GET');
      if (retriable && tried + 1 < upstreams.length) return send(request, response, tried + 1);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`bad gateway: ${error.message}`);
    });
    // The client went away before the end of the answer: so does the request to the instance.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
  };

  const server = createServer((request, response) => send(request, response, 0));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
