import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { effectivePort, isAllowedTarget } from './allowed-hosts.js';
import { BlockedAddressError, createGuardedAgent, privateAddressRefusal, type ResolveAll } from './guarded-connector.js';
import { isPrivateAddress } from './private-address.js';
import { createRequestFetch } from './request-fetch.js';

export { BlockedAddressError, type ResolveAll } from './guarded-connector.js';

type Fetch = typeof globalThis.fetch;

/** Redirects a guarded call follows; every hop passes the same checks as the first request. */
const MAX_REDIRECTIONS = 5;

const resolveWithDns: ResolveAll = (hostname, callback) => lookup(hostname, { all: true }, callback);

/**
 * The checks that need no connection, for any URL a user, a model or a document supplied: an
 * http(s) URL, and unless its host and port are allow-listed, no private address literal and no
 * `localhost` name. The WHATWG URL parser has already turned 0x7f000001, 2130706433 and 0177.0.0.1
 * into 127.0.0.1. Names are checked again when a connection is made (see guarded-connector.ts).
 * Throws BlockedAddressError; callers that store a URL (actions, tools) can call it to refuse early.
 */
export function checkOutboundUrl(url: URL, allowedHosts: string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedAddressError(`${url.protocol} URLs are not allowed`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowedTarget(host, effectivePort(url), allowedHosts)) return;
  if (isIP(host) && isPrivateAddress(host)) throw privateAddressRefusal(host);
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) throw privateAddressRefusal(host);
}

export interface GuardedFetchOptions {
  /** Name resolution; a test passes a fixed table to make a name resolve to a private address. */
  resolve?: ResolveAll;
}

/**
 * The fetch for every outbound call to a URL that did not come from the operator (a user's base URL,
 * tools, actions, file URLs): private, loopback, link-local and metadata addresses are refused unless
 * the operator allow-listed the host (and port) in `ssrf.allowedHosts`. Redirects are followed, up to
 * five, and each hop is checked like the first: the rules live in the connection factory every
 * connection goes through. undici is loaded on the first call, not at every start.
 */
export function createGuardedFetch(allowedHosts: string[], options: GuardedFetchOptions = {}): Fetch {
  let loaded: Promise<Fetch> | undefined;
  const load = async (): Promise<Fetch> => {
    const undici = await import('undici');
    const agent = createGuardedAgent(undici, allowedHosts, options.resolve ?? resolveWithDns);
    // What request-fetch.ts cannot send (a Request, form data, a manual redirect) goes to undici's
    // fetch on the same agent, which follows its redirects through the same connection checks.
    const fallback = ((input: string | URL | Request, init?: RequestInit) =>
      undici.fetch(input as string, { ...(init as object), dispatcher: agent } as Parameters<typeof undici.fetch>[1])) as unknown as Fetch;
    return createRequestFetch(agent.compose(undici.interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS })), undici.request, fallback);
  };
  return (async (input: string | URL | Request, init?: RequestInit) => {
    checkOutboundUrl(new URL(input instanceof Request ? input.url : input.toString()), allowedHosts);
    return (await (loaded ??= load()))(input, init);
  }) as Fetch;
}
