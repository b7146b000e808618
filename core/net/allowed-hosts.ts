import { parseAllowedHost } from '../../config/schema/ssrf.js';

/** The ports an `ssrf.allowedHosts` entry without a port allows: plain HTTP and HTTPS. */
const defaultPorts = new Set([80, 443]);

/** The port a connection to `url` uses, spelled or implied by its scheme. */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * True when librechat.yaml's `ssrf.allowedHosts` lets a user-supplied URL reach `host` on `port`
 * even if it is private: an exact host or a `*.domain` wildcard (case-insensitive), on the entry's
 * port, or on 80 or 443 when the entry names none; a LAN service on an odd port must be listed with it.
 */
export function isAllowedTarget(host: string, port: number, allowedHosts: string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowedHosts.some((entry) => {
    const allowed = parseAllowedHost(entry);
    if (!allowed) return false;
    const hostMatches = allowed.host.startsWith('*.') ? name.endsWith(allowed.host.slice(1)) : name === allowed.host;
    return hostMatches && (allowed.port === undefined ? defaultPorts.has(port) : allowed.port === port);
  });
}
