import type { FastifyServerOptions } from 'fastify';

/** Human-readable lines on a terminal, JSON lines otherwise (systemd, files, log shippers). */
export function loggerOptions(): FastifyServerOptions['logger'] {
  const level = process.env.LOG_LEVEL ?? 'info';
  if (!process.stdout.isTTY || process.env.LOG_FORMAT === 'json') return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
  };
}
