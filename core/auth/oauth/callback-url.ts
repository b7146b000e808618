import type { FastifyRequest } from 'fastify';

/**
 * The redirect_uri sent to the provider: a *_CALLBACK_URL that is absolute is used as configured;
 * a path is resolved against DOMAIN_SERVER, or the origin the browser reached us on.
 */
export function resolveCallbackUrl(configured: string, domainServer: string | undefined, request: FastifyRequest): string {
  if (/^https?:\/\//i.test(configured)) return configured;
  const origin = domainServer ? domainServer.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
  return `${origin}${configured.startsWith('/') ? '' : '/'}${configured}`;
}

/** Where the browser goes after the flow: the UI, on DOMAIN_CLIENT when the UI is served elsewhere. */
export function clientUrl(domainClient: string | undefined, path: string): string {
  return `${(domainClient ?? '').replace(/\/+$/, '')}${path}`;
}
