import type { ActionAuth } from '../../../core/plugin-api/index.js';

type OAuth = Extract<ActionAuth, { type: 'oauth_client_credentials' }>;

/** A token is refreshed this long before its `expires_in` runs out, so a call never leaves with a dying one. */
const EXPIRY_MARGIN_MS = 30_000;
/** Without `expires_in`, a token is kept this long (a 401 refreshes it sooner). */
const DEFAULT_LIFETIME_MS = 3_600_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * OAuth 2 client-credentials tokens, cached per token URL, client and scope until they expire.
 * LibreChat v0.7.1 only had `default_post`; `basic_auth_header` sends the client's id and secret as
 * RFC 6749 §2.3.1 says (each form-encoded, then Basic).
 */
export function createOAuthTokens(now: () => number = Date.now) {
  const cache = new Map<string, CachedToken>();
  const keyOf = (auth: OAuth) => JSON.stringify([auth.tokenUrl, auth.clientId, auth.clientSecret, auth.scope ?? '', auth.exchange]);

  async function request(auth: OAuth, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<CachedToken> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (auth.scope) form.set('scope', auth.scope);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (auth.exchange === 'basic_auth_header') {
      const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${encode(auth.clientId)}:${encode(auth.clientSecret)}`).toString('base64')}`;
    } else {
      form.set('client_id', auth.clientId);
      form.set('client_secret', auth.clientSecret);
    }
    const response = await fetch(auth.tokenUrl, { method: 'POST', headers, body: form.toString(), signal, redirect: 'error' });
    const text = await response.text();
    if (!response.ok) throw new Error(`The OAuth token request to ${new URL(auth.tokenUrl).host} failed with status ${response.status}: ${text.slice(0, 300)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`The OAuth token endpoint ${new URL(auth.tokenUrl).host} did not answer JSON`);
    }
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    if (typeof record.access_token !== 'string' || !record.access_token) throw new Error(`The OAuth token endpoint ${new URL(auth.tokenUrl).host} answered no access_token`);
    const lifetime = typeof record.expires_in === 'number' && record.expires_in > 0 ? record.expires_in * 1000 : DEFAULT_LIFETIME_MS;
    return { token: record.access_token, expiresAt: now() + Math.max(lifetime - EXPIRY_MARGIN_MS, 0) };
  }

  return {
    /** A valid token, from the cache or a new token request. */
    async get(auth: OAuth, fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<string> {
      const key = keyOf(auth);
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now()) return cached.token;
      const fresh = await request(auth, fetch, signal);
      cache.set(key, fresh);
      return fresh.token;
    },
    /** Forgets the token (the API answered 401 with it). */
    invalidate(auth: OAuth): void {
      cache.delete(keyOf(auth));
    },
  };
}
