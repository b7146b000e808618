import type { FakeFailure, RecordedRequest } from '../fake-upstreams/control.js';
import { startFakeServer, type FakeUpstream } from '../fake-upstreams/fake-server.js';

/** What a fake service answers to one request. */
export interface FakeAnswer {
  status?: number;
  /** A JSON body; `text` is sent as it is instead when given. */
  json?: unknown;
  text?: string;
  contentType?: string;
}

/** A running fake of a tool's service: the fake-upstream handle plus its `host:port`, for `ssrf.allowedHosts`. */
export interface FakeToolService extends FakeUpstream {
  host: string;
}

/** A failure queued with `control.failNext({ status: 200, type: NOT_JSON })` answers an HTML page with status 200. */
export const NOT_JSON = 'not-json';

/**
 * Starts a loopback fake of a tool's service on the fake-upstream server (requests recorded, their
 * outcome seen, `failNext` and `firstByteDelayMs` scripting). `answer` speaks the service's API;
 * a queued failure is answered in the service's own error shape by `failure`.
 */
export async function startFakeToolService(service: { answer(request: RecordedRequest): FakeAnswer; failure(failure: FakeFailure): FakeAnswer }): Promise<FakeToolService> {
  const fake = await startFakeServer(async ({ request, response, control }) => {
    const failure = control.takeFailure();
    const answer = failure
      ? failure.type === NOT_JSON
        ? { status: failure.status, text: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' }
        : { status: failure.status, ...service.failure(failure) }
      : service.answer(request);
    const body = answer.text ?? JSON.stringify(answer.json ?? null);
    response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? (answer.text === undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8'), ...failure?.headers });
    response.end(body);
  });
  return { ...fake, host: new URL(fake.url).host };
}

/** The answer to a path or method the real service does not serve. */
export const notFound = (request: RecordedRequest): FakeAnswer => ({ status: 404, text: `no route ${request.method} ${request.path}` });
