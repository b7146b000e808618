import type { FastifyInstance } from 'fastify';

/**
 * The UI's Content-Security-Policy. Scripts and styles come from the server itself only: the
 * before-paint script is a file, Vite emits no inline code, and React, KaTeX (through rehype) and the
 * highlighter set styles through the DOM API, which `style-src 'self'` allows (only parsed
 * `style="…"` markup and <style> elements would need more). Images may also come from https and
 * data/blob URLs: OAuth avatars, the OpenID button image, endpoint icons and previews of uploads.
 * KaTeX's fonts are bundled; small ones are inlined as data URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Conservative headers on every answer; the UI is same-origin and never framed. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  });
}
