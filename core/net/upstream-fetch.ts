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

const refusal = (host: string) => new BlockedAddressError(`${host} is a private address`);

/**
 * The fetch for user-supplied URLs, over undici (loaded on the first such call, not at every start):
 * every connection it makes, redirects included, is checked when it is made: names through the
 * lookup, address literals in the connector. Exported for its test, which calls it without the
 * pre-checks of createGuardedFetch.
 */
export async function loadGuardedFetch(): Promise<Fetch> {
  const { Agent, buildConnector, fetch: undiciFetch } = await import('undici');
  const connect = buildConnector({ lookup: guardedLookup });
  const agent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && isPrivateAddress(host)) return callback(refusal(host), null);
      return connect(options, callback);
    },
  });
  return ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher: agent } as Parameters<typeof undiciFetch>[1])) as unknown as Fetch;
}

let guardedFetch: Promise<Fetch> | undefined;
let plainFetch: Promise<Fetch> | undefined;

async function loadPlainFetch(): Promise<Fetch> {
  const { Agent, interceptors, request } = await import('undici');
  return createRequestFetch(new Agent().compose(interceptors.redirect({ maxRedirections: 20 })), request, fetch);
}

/** The fetch for calls to URLs the operator configured (see request-fetch.ts for why not Node's own). */
export const upstreamFetch: Fetch = (async (input: string | URL | Request, init?: RequestInit) =>
  (await (plainFetch ??= loadPlainFetch()))(input, init)) as Fetch;

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
    return (await (guardedFetch ??= loadGuardedFetch()))(input, init);
  }) as Fetch;
}
