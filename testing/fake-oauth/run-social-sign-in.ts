import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A browser's cookies for the server under test, as name → value. */
export type CookieJar = Map<string, string>;

export interface SocialSignInRun {
  start: LightMyRequestResponse;
  /** Where the server sent the browser: the provider's authorize URL. */
  authorizeUrl: URL | null;
  /** Where the provider sent the browser back to (after `tamper`). */
  callbackUrl: URL | null;
  callback: LightMyRequestResponse | null;
  /** Where the browser ends up: the callback's Location (or the start's, when it never left). */
  finalLocation: string;
  jar: CookieJar;
}

export interface SocialSignInOptions {
  jar?: CookieJar;
  /** Changes what reaches the callback, as an attacker or a broken browser would. */
  tamper?: (callbackUrl: URL, jar: CookieJar) => void;
}

export function storeCookies(jar: CookieJar, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
    const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
}

/**
 * Walks a browser through the code flow by hand: the server's start route (app.inject), the fake
 * provider's /authorize (real HTTP, redirects not followed), then the server's callback with the
 * cookies carried over. The server itself calls the provider's /token and profile endpoints.
 */
export async function runSocialSignIn(app: FastifyInstance, startPath: string, options: SocialSignInOptions = {}): Promise<SocialSignInRun> {
  const jar: CookieJar = options.jar ?? new Map();
  const start = await app.inject({ method: 'GET', url: startPath, cookies: Object.fromEntries(jar) });
  storeCookies(jar, start);
  const startLocation = String(start.headers.location ?? '');
  const run: SocialSignInRun = { start, authorizeUrl: null, callbackUrl: null, callback: null, finalLocation: startLocation, jar };
  if (start.statusCode !== 302 || !/^https?:\/\//.test(startLocation)) return run;

  run.authorizeUrl = new URL(startLocation);
  const consent = await fetch(run.authorizeUrl, { redirect: 'manual' });
  const back = consent.headers.get('location');
  if (consent.status !== 302 || !back) return run;

  run.callbackUrl = new URL(back);
  options.tamper?.(run.callbackUrl, jar);
  run.callback = await app.inject({
    method: 'GET',
    url: `${run.callbackUrl.pathname}${run.callbackUrl.search}`,
    cookies: Object.fromEntries(jar),
  });
  storeCookies(jar, run.callback);
  run.finalLocation = String(run.callback.headers.location ?? '');
  return run;
}

/** The account the jar's refresh cookie is signed into, through the UI's own silent refresh. */
export async function signedInUser(app: FastifyInstance, jar: CookieJar): Promise<Record<string, unknown> | null> {
  const refreshToken = jar.get('refreshToken');
  if (!refreshToken) return null;
  const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken } });
  if (response.statusCode !== 200) return null;
  storeCookies(jar, response);
  return (response.json() as { user?: Record<string, unknown> }).user ?? null;
}
