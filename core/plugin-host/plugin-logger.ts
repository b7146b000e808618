import type { FastifyBaseLogger } from 'fastify';
import type { PluginLogger } from '../plugin-api/index.js';

/** Plugins log `(message, fields)`; pino takes `(fields, message)`. */
export function toPluginLogger(log: FastifyBaseLogger): PluginLogger {
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
