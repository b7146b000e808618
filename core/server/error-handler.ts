import type { FastifyError, FastifyInstance } from 'fastify';
import { ConfigError } from '../../config/config-error.js';
import { ChatboxError, formatErrorMessage } from '../errors/index.js';
import { storageFailureReason } from '../store/storage-failure.js';

/**
 * Every error leaves as `{ message, code }` with the status of the code table. A failing store (a full
 * disk …) is logged and answered as a 503 that says so; other unknown errors are logged and answered
 * as a plain 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ChatboxError | ConfigError | Error, request, reply) => {
    if (error instanceof ChatboxError || error instanceof ConfigError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({ message: formatErrorMessage(error.message, error.details), code: error.code });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its message.
      const code = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'validation_error';
      return reply.status(status).send({ message: fastifyError.message, code });
    }
    const storageFailure = storageFailureReason(error);
    if (storageFailure) {
      // A full disk or an unreachable database is the operator's to fix: say so, to them and to the user.
      request.log.error({ err: error }, `storage failed: ${storageFailure}`);
      const failure = new ChatboxError('storage_failed', undefined, { reason: storageFailure.split(':')[0] });
      return reply.status(failure.status).send({ message: formatErrorMessage(failure.message, failure.details), code: failure.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error, wait a few moments and retry.', code: 'internal' });
  });

}
