import { createRequestFetch } from './request-fetch.js';

type Fetch = typeof globalThis.fetch;

let plainFetch: Promise<Fetch> | undefined;

async function loadPlainFetch(): Promise<Fetch> {
  const { Agent, interceptors, request } = await import('undici');
  return createRequestFetch(new Agent().compose(interceptors.redirect({ maxRedirections: 20 })), request, fetch);
}

/**
 * The fetch for calls to URLs the operator configured, which are trusted (see request-fetch.ts for
 * why not Node's own). A URL that came from a user goes through guarded-fetch.ts instead.
 */
export const upstreamFetch: Fetch = (async (input: string | URL | Request, init?: RequestInit) =>
  (await (plainFetch ??= loadPlainFetch()))(input, init)) as Fetch;
