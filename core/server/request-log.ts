import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's own request lines off: it writes one as a request arrives, a synchronous write on the
 * path to every answer's first byte, and none when a reply is taken over for an event stream.
 * registerRequestLog writes the one line instead. Fastify's error lines stay.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/**
 * One log line per request, written when it ends, event streams included, with its status and time
 * taken; it says so when the client left before the answer was complete.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const started = performance.now();
    reply.raw.once('close', () => {
      const responseTime = Math.round((performance.now() - started) * 100) / 100;
      const message = reply.raw.writableEnded ? 'request completed' : 'request aborted by the client';
      request.log.info({ req: { method: request.method, url: request.url }, res: { statusCode: reply.raw.statusCode }, responseTime }, message);
    });
    done();
  });
}
