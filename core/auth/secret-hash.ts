import { createHmac, randomBytes } from 'node:crypto';

/** A random token for a cookie or a link: 32 bytes, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored keyed by an HMAC so a leaked database cannot be replayed without the secret. */
export function hashToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}
