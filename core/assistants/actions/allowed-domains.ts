/**
 * librechat.yaml `actions.allowedDomains` (LibreChat v0.7.6+): an entry is a host or `*.domain` (any
 * subdomain of it, not the domain itself), with an optional scheme (then only that scheme) and port
 * (then only that port). True when `url` is covered by an entry.
 */
export function isAllowedActionUrl(url: URL, allowedDomains: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedDomains.some((raw) => {
    const scheme = /^(https?):\/\//i.exec(raw)?.[1]?.toLowerCase();
    const rest = scheme ? raw.slice(scheme.length + 3) : raw;
    const match = /^(.*?)(?::(\d+))?$/.exec(rest.replace(/\/+$/, ''));
    const pattern = (match?.[1] ?? '').toLowerCase().replace(/^\[|\]$/g, '');
    if (scheme && `${scheme}:` !== url.protocol) return false;
    if (match?.[2] && match[2] !== port) return false;
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
    return host === pattern;
  });
}
