import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-address.js';
import { createRequestFetch } from './request-fetch.js';

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** `host` or `*.domain` entries of librechat.yaml `ssrf.allowedHosts`. */
export function isAllowedHost(host: string, allowedHosts: string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed.startsWith('*.') ? name.endsWith(allowed.slice(1)) : name === allowed;
  });
}

/**
 * Resolves like dns.lookup but refuses when any address is private: checked when the socket
 * connects, so a name that resolves differently later (DNS rebinding) is caught too.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new BlockedAddressError(`${hostname} resolves to a private address (${refused.address})`), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};

type Fetch = typeof globalThis.fetch;

/** Where a refused address is reported: the connector's error, like a lookup that failed. */
const refusal = (host: string) => new BlockedAddressError(`${host} is a private address`);

/**
 * The two fetches of upstream calls, over undici (loaded on the first call, not at every start):
 * `plain` for the operator's own URLs, `guarded` for URLs a user supplied, whose every connection
 * (redirects included) is checked when it is made: names through the lookup, address literals here.
 */
async function loadUpstreamFetches(): Promise<{ plain: Fetch; guarded: Fetch }> {
  const { Agent, buildConnector, fetch: undiciFetch, interceptors, request } = await import('undici');
  const redirects = interceptors.redirect({ maxRedirections: 20 });
  const connect = buildConnector({ lookup: guardedLookup });
  const guardedAgent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && isPrivateAddress(host)) return callback(refusal(host), null);
      return connect(options, callback);
    },
  });
  const guarded = guardedAgent.compose(redirects);
  // What request-fetch does not take (a Request, form data …) goes through fetch, still on the guarded agent.
  const guardedFallback = ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher: guardedAgent } as Parameters<typeof undiciFetch>[1])) as unknown as Fetch;
  return {
    plain: createRequestFetch(new Agent().compose(redirects), request, fetch),
    guarded: createRequestFetch(guarded, request, guardedFallback),
  };
}

let upstreamFetches: Promise<{ plain: Fetch; guarded: Fetch }> | undefined;
const loaded = () => (upstreamFetches ??= loadUpstreamFetches());

/** The fetch for calls to URLs the operator configured (see request-fetch.ts for why not Node's own). */
export const upstreamFetch: Fetch = (async (input: string | URL | Request, init?: RequestInit) => (await loaded()).plain(input, init)) as Fetch;

/**
 * A fetch for URLs that came from a user (their own base URL): private, loopback, link-local and
 * metadata addresses are refused unless the host is allow-listed by the operator.
 */
export function createGuardedFetch(allowedHosts: string[]): Fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (isAllowedHost(url.hostname, allowedHosts)) return upstreamFetch(input, init);
    if (!/^https?:$/.test(url.protocol)) throw new BlockedAddressError(`${url.protocol} URLs are not allowed`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host)) throw refusal(host);
    if (host === 'localhost' || host.endsWith('.localhost')) throw refusal(host);
    return (await loaded()).guarded(input, init);
  }) as Fetch;
}
