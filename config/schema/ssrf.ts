import { z } from 'zod';

/** One `ssrf.allowedHosts` entry: a host (lower case, no brackets), and the one port it allows if it names one. */
export interface AllowedHost {
  host: string;
  port?: number;
}

/**
 * Reads `host`, `host:port`, `*.domain[:port]`, an IPv4 address with an optional port, `[v6]:port`
 * or a bare IPv6 address (which cannot carry a port: its colons would be ambiguous). Null when the
 * entry is none of these.
 */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d+))?$/i.exec(entry);
  if (/^[0-9a-f]*:[0-9a-f:.]*:[0-9a-f:.]*$/i.test(entry)) return { host: entry.toLowerCase() };
  const match = bracketed ?? /^((?:\*\.)?[^:[\]\s/*]+)(?::(\d+))?$/.exec(entry);
  if (!match) return null;
  const [, host, portText] = match;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && !(port >= 1 && port <= 65535)) return null;
  return { host: host.toLowerCase(), ...(port === undefined ? {} : { port }) };
}

/**
 * A host name or IP address, optionally `*.example.com` for every subdomain, optionally with the one
 * port it allows. A URL is refused because the guard compares hosts, and a pasted `https://…` would
 * silently never match.
 */
const hostSchema = z
  .string()
  .min(1)
  .refine((host) => !/[/\s]|:\/\//.test(host), { error: 'expected a host name such as api.example.com, not a URL' })
  .refine((host) => /[/\s]/.test(host) || parseAllowedHost(host) !== null, {
    error: 'expected host, host:port, *.domain, an IP address or [IPv6]:port (a port from 1 to 65535)',
  });

/**
 * `ssrf` (chatbox only): hosts that outbound calls to user-supplied URLs (a user's baseURL,
 * actions, web tools) may reach even when they resolve to a private or loopback address. An entry
 * without a port allows ports 80 and 443 only.
 */
export const ssrfSchema = z.strictObject({
  allowedHosts: z.array(hostSchema).default([]),
});

export type SsrfConfig = z.output<typeof ssrfSchema>;
