import { signerFactory } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/**
 * @fastify/oauth2 signs its state and PKCE cookies through request.unsignCookie / reply.signCookie,
 * which @fastify/cookie only provides when it was registered with a secret. The server registers it
 * without one, so this adds them inside the OAuth routes' own (encapsulated) context.
 */
export function ensureCookieSigner(app: FastifyInstance, secret: string): void {
  if (app.hasRequestDecorator('unsignCookie') && app.hasReplyDecorator('signCookie')) return;
  const signer = signerFactory(secret);
  app.decorateRequest('signCookie', (value: string) => signer.sign(value));
  app.decorateRequest('unsignCookie', (value: string) => signer.unsign(value));
  app.decorateReply('signCookie', (value: string) => signer.sign(value));
  app.decorateReply('unsignCookie', (value: string) => signer.unsign(value));
}
