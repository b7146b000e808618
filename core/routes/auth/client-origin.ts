import type { FastifyRequest } from 'fastify';

/** Where links in emails point: DOMAIN_CLIENT when set, else the origin the request came to. */
export function clientOrigin(request: FastifyRequest, domainClient: string | undefined): string {
  if (domainClient) return domainClient.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
